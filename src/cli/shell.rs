//! `helm completions <SHELL>` and `helm man`: helm's clap tree rendered for
//! shells (clap_complete) and for `man` (clap_mangen). The tests here also
//! keep `docs/cli.md`, the CLI reference rendered from the same tree, current.

use std::io::{self, Write};

use clap::{Args, CommandFactory, ValueEnum};

use super::{Cli, Context};
use crate::error::{Error, Kind, Result};
use crate::output::Report;
use crate::output::texts::Text;

#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub(crate) shell: Shell,
}

/// The shells helm writes completions for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Shell {
    /// Bash: `source <(helm completions bash)` in ~/.bashrc.
    Bash,
    /// Zsh: save as `_helm` in a folder on $fpath.
    Zsh,
    /// Fish: save as ~/.config/fish/completions/helm.fish.
    Fish,
    /// PowerShell: `helm completions powershell | Out-String | Invoke-Expression` in $PROFILE.
    Powershell,
}

impl Shell {
    fn name(self) -> &'static str {
        match self {
            Shell::Bash => "bash",
            Shell::Zsh => "zsh",
            Shell::Fish => "fish",
            Shell::Powershell => "powershell",
        }
    }
}

pub(crate) fn completions(args: CompletionsArgs, _ctx: &Context) -> Result<Box<dyn Report>> {
    let shell = match args.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
        Shell::Powershell => clap_complete::Shell::PowerShell,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "helm", &mut script);
    Ok(Box::new(Text::Script {
        shell: args.shell.name(),
        text: String::from_utf8(script)
            .map_err(|_| Error::new(Kind::Io, "the completion script is not UTF-8"))?,
    }))
}

pub(crate) fn man(_ctx: &Context) -> Result<Box<dyn Report>> {
    let mut page = Vec::new();
    render_man(&mut page).map_err(|err| Error::io("cannot render the man page", &err))?;
    Ok(Box::new(Text::Page {
        text: String::from_utf8(page)
            .map_err(|_| Error::new(Kind::Io, "the man page is not UTF-8"))?,
    }))
}

/// helm(1): clap_mangen's page for the top command, with a COMMANDS section
/// that gives every command its synopsis, description and options, so one
/// page documents all of helm. The page opens with `.TH`; the string
/// definitions clap_mangen repeats before every section are given once, after it.
fn render_man(out: &mut dyn Write) -> io::Result<()> {
    let mut page = Vec::new();
    render_sections(&mut page)?;
    let page = String::from_utf8_lossy(&page);
    let prelude = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];
    let mut lines = page.lines().filter(|line| !prelude.contains(line));
    if let Some(title) = lines.next() {
        writeln!(out, "{title}")?;
    }
    for line in prelude.into_iter().chain(lines) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn render_sections(out: &mut dyn Write) -> io::Result<()> {
    // NAME reads "helm - <about>", so the about must not repeat the name.
    let mut cmd = Cli::command()
        .disable_help_subcommand(true)
        .about("structured collaborative software work");
    cmd.build();
    let top = clap_mangen::Man::new(cmd.clone());
    top.render_title(out)?;
    top.render_name_section(out)?;
    top.render_synopsis_section(out)?;
    top.render_description_section(out)?;
    top.render_options_section(out)?;
    writeln!(out, ".SH COMMANDS")?;
    for (path, sub) in commands(&cmd) {
        if sub.has_subcommands() {
            continue;
        }
        writeln!(out, ".SS \"{}\"", path.join(" "))?;
        // Each part is a whole section of its own; inside COMMANDS they are
        // paragraphs of this command's subsection instead.
        let page = clap_mangen::Man::new(sub.clone().mut_arg("json", |arg| arg.hide(true)));
        let mut part = Vec::new();
        page.render_synopsis_section(&mut part)?;
        page.render_description_section(&mut part)?;
        if sub.get_arguments().any(|arg| !arg.is_hide_set()) {
            page.render_options_section(&mut part)?;
        }
        for line in String::from_utf8_lossy(&part).lines() {
            if line.starts_with(".SH ") {
                writeln!(out, ".PP")?;
            } else {
                writeln!(out, "{line}")?;
            }
        }
    }
    super::man_sections::render(out)?;
    // The worked example keeps its lines: no filling, no adjusting.
    writeln!(out, ".SH EXAMPLES")?;
    super::man_sections::render_examples(out)?;
    if let Some(example) = cmd.get_after_help() {
        writeln!(out, ".PP\nA voyage, start to finish:\n.PP\n.nf")?;
        for line in example.to_string().lines().skip(1) {
            writeln!(out, "{}", roff_line(line))?;
        }
        writeln!(out, ".fi")?;
    }
    top.render_version_section(out)
}

/// One line of literal text for roff: backslashes and leading control
/// characters escaped, hyphens as minus signs so options can be searched.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// Every command below `cmd`, depth first, with its path of names from `helm`.
fn commands(cmd: &clap::Command) -> Vec<(Vec<String>, &clap::Command)> {
    fn walk<'c>(
        cmd: &'c clap::Command,
        path: &[String],
        found: &mut Vec<(Vec<String>, &'c clap::Command)>,
    ) {
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            if sub.get_name() == "help" {
                continue;
            }
            let mut path = path.to_vec();
            path.push(sub.get_name().to_string());
            found.push((path.clone(), sub));
            walk(sub, &path, found);
        }
    }
    let mut found = Vec::new();
    walk(cmd, &[cmd.get_name().to_string()], &mut found);
    found
}

/// `docs/cli.md`: every command's long help, rendered from the clap tree.
#[cfg(test)]
fn reference() -> String {
    const WIDTH: usize = 100;
    // The reference must not depend on who renders it: no terminal width, and
    // no values of HELM_VOYAGE or other variables from the test's environment.
    fn hide_env_values(cmd: clap::Command) -> clap::Command {
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|sub| sub.get_name().to_string())
            .collect();
        let mut cmd = cmd.mut_args(|arg| arg.hide_env_values(true));
        for name in names {
            cmd = cmd.mut_subcommand(name, hide_env_values);
        }
        cmd
    }
    // Built first: the arguments of deferred commands exist only then.
    let mut cmd = Cli::command().term_width(WIDTH);
    cmd.build();
    let cmd = hide_env_values(cmd);
    let mut doc = String::from(
        "# helm command-line reference\n\n\
         Every command's `--help`, generated from helm's argument definitions.\n\
         Do not edit by hand: after changing a command, run\n\
         `HELM_BLESS=1 cargo test --bin helm cli_reference` to rewrite this file.\n\n",
    );
    let all = commands(&cmd);
    let help = |cmd: &clap::Command| {
        cmd.clone()
            .term_width(WIDTH)
            .render_long_help()
            .to_string()
            .lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
    };
    doc.push_str("## Contents\n\n- [helm](#helm)\n");
    for (path, _) in &all {
        let title = path.join(" ");
        doc.push_str(&format!(
            "{}- [{title}](#{})\n",
            "  ".repeat(path.len() - 1),
            title.replace(' ', "-")
        ));
    }
    doc.push_str(&format!("\n## helm\n\n```text\n{}\n```\n", help(&cmd)));
    for (path, sub) in &all {
        doc.push_str(&format!(
            "\n## {}\n\n```text\n{}\n```\n",
            path.join(" "),
            help(sub)
        ));
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_reference_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md");
        let rendered = reference();
        if std::env::var_os("HELM_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(&path, &rendered).expect("write docs/cli.md");
            return;
        }
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            current == rendered,
            "docs/cli.md is out of date with the clap definitions; \
             run `HELM_BLESS=1 cargo test --bin helm cli_reference` and commit the result"
        );
    }

    #[test]
    fn every_flag_and_argument_has_help() {
        let mut cmd = Cli::command();
        cmd.build();
        let mut missing = Vec::new();
        let mut check = |path: &str, cmd: &clap::Command| {
            for arg in cmd.get_arguments() {
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
            }
            if cmd.get_about().is_none() {
                missing.push(format!("{path} (about)"));
            }
        };
        check("helm", &cmd);
        for (path, sub) in commands(&cmd) {
            check(&path.join(" "), sub);
        }
        assert!(missing.is_empty(), "without a doc comment: {missing:?}");
    }

    #[test]
    fn the_man_page_documents_every_command() {
        let mut page = Vec::new();
        render_man(&mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.starts_with(".TH"));
        assert!(page.contains(".SS \"helm voyage export\""));
        assert!(page.contains(".SS \"helm steer merge-pr\""));
        assert!(page.contains(".SH EXAMPLES\n.TP\n"));
        assert!(page.contains(".nf\n  V=$(helm voyage new"));
        for section in [".SH ENVIRONMENT", ".SH \"EXIT STATUS\"", ".SH FILES"] {
            assert!(page.contains(section), "{section}");
        }
        assert_eq!(roff_line(".x \\ -y"), "\\&.x \\e \\-y");
    }
}
