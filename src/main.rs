//! The `helm` binary: parse, resolve the context, run, print, exit. Its
//! front ends are its own modules: the command line (`cli`), the MCP server
//! (`mcp`) and how results reach people and programs (`output`). What they
//! call is helm-core's; the layers below are helm-model, helm-storage,
//! helm-github and helm-sync (ADR 0021). Nothing links against the binary,
//! so it has no library and no `pub` surface: every item is the crate's own,
//! and unused code is a warning. It must never hold what a front end shares
//! with another (that belongs in helm-core).

mod cli;
mod forges;
mod mcp;
mod output;
mod spans;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Context};
use crate::output::pager::{self, Pager};
use crate::output::{ColorWhen, Style};
use helm_model::error::{Error, Kind, arg, cmd};
// Paths inside this crate name the layers below by their old module names.
use helm_model as model;
use helm_model::{error, text, words};
use helm_storage as storage;
use helm_sync as sync;

fn main() -> ExitCode {
    output::progress::began();
    // HELM_OTEL_FILE: spans of the command or of each MCP call.
    crate::spans::install();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let json = args.iter().any(|arg| arg == "--json");
    // Read before clap parses, so clap's own help and errors follow it too:
    // both draw through anstream, which reads this global choice.
    let color = ColorWhen::from_args(&args);
    color.make_global();
    if let Err(err) = cli::current::take_current(&args) {
        return fail(&err, json);
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => match habit(&err, &args) {
            Some(habit) => return fail(&habit, json),
            None => return usage_error(err, json),
        },
    };
    if let cli::Command::Mcp(mcp) = &cli.command {
        if json {
            let err = Error::usage(words![
                "helm mcp answers in JSON-RPC on stdout; ",
                arg("json"),
                " has no meaning here",
            ])
            .hint(words!["run ", cmd("mcp"), " without ", arg("json")]);
            // Rendered as asked, like every usage error.
            return fail(&err, true);
        }
        // The server's stderr is its log: notes, and the trace if asked.
        output::stderr::Telling::new(false, false, false).install();
        return match crate::mcp::Served::new(mcp.read_only, &mcp.tools, &mcp.toolsets)
            .and_then(|served| served.proposing_only(mcp.propose_only))
            .and_then(|served| crate::mcp::serve(served, mcp.lockdown))
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => fail(&err, false),
        };
    }
    let stderr_tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    output::stderr::Telling::new(cli.quiet, cli.verbose, stderr_tty && !cli.json).install();
    let mut ctx = match Context::from_env(cli.json, cli.traceparent.as_deref()) {
        Ok(ctx) => ctx,
        Err(err) => return fail(&err, json),
    };
    ctx.quiet = cli.quiet;
    let paged =
        cli::terminal::pages(&cli.command) && ctx.stdout_tty && !ctx.json && !cli.terminal.no_pager;
    let span = crate::spans::command(cli.command.name(), ctx.trace());
    let ran = cli::run(cli, &ctx);
    if let Some((span, entered)) = span {
        drop(entered);
        let failed = ran
            .as_ref()
            .err()
            .map(|err| (err.kind().as_str(), err.to_string()));
        span.end(
            failed
                .as_ref()
                .map(|(kind, message)| (*kind, message.as_str())),
        );
    }
    match ran {
        Ok(report) => {
            let style = Style {
                color: ctx.color,
                terminal: ctx.stdout_tty,
            };
            let printed = match paged.then(pager::command).flatten() {
                Some(command) => page(&command, report.as_ref(), style),
                None => output::print(report.as_ref(), ctx.json, style, !ctx.quiet),
            };
            match printed {
                Ok(()) => ExitCode::from(report.exit_code()),
                Err(err) => fail(&Error::io("cannot write the output", &err), ctx.json),
            }
        }
        Err(err) => fail(&err, ctx.json),
    }
}

/// Prints a report through the pager; if the pager cannot start, straight
/// to stdout. Its status line follows on stderr once the pager is left.
fn page(command: &str, report: &dyn output::Report, style: Style) -> std::io::Result<()> {
    let Ok(mut pager) = Pager::spawn(command) else {
        return output::print(report, false, style, true);
    };
    let printed = output::print_to(pager.input(), report, false, style, false);
    let waited = pager.finish();
    output::print_status(report);
    printed.and(waited)
}

fn fail(err: &Error, json: bool) -> ExitCode {
    output::print_error(err, json);
    ExitCode::from(err.kind().exit_code())
}

/// Help and version go to stdout with exit 0; anything else is a usage error
/// (exit 2), rendered as JSON when `--json` was asked for.
fn usage_error(err: clap::Error, json: bool) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand if !json => {
            let _ = err.print();
            ExitCode::from(2)
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            output::print_error(&missing_subcommand(&err.render().to_string()), true);
            ExitCode::from(2)
        }
        _ if json => {
            let message = err
                .kind()
                .as_str()
                .unwrap_or("invalid arguments")
                .to_string();
            let rendered = err.render().to_string();
            let detail = rendered
                .lines()
                .find_map(|line| line.strip_prefix("error: "))
                .unwrap_or(&message);
            output::print_error(&Error::new(Kind::Usage, detail), true);
            ExitCode::from(2)
        }
        _ => {
            let _ = err.print();
            ExitCode::from(2)
        }
    }
}

/// What git and jj users type at the top level, and helm's command for it.
const HABITS: [(&str, &str, &str); 5] = [
    ("push", "voyage push", "sends a voyage to a git remote"),
    ("pull", "voyage pull", "brings a voyage from a git remote"),
    ("status", "voyage brief", "says where a voyage stands"),
    ("show", "voyage show", "prints a voyage's logbook"),
    ("list", "voyage list", "lists the voyages"),
];

/// `helm push`: clap's unknown-subcommand error, said with the command
/// meant (still a usage error, exit 2).
fn habit(err: &clap::Error, args: &[std::ffi::OsString]) -> Option<Error> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if err.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(word)) = err.get(ContextKind::InvalidSubcommand) else {
        return None;
    };
    // Only at the top level: `helm slate push` is another mistake.
    let first = args
        .iter()
        .skip(1)
        .find(|arg| !arg.to_string_lossy().starts_with('-'))?;
    if first.to_str() != Some(word.as_str()) {
        return None;
    }
    let (_, meant, does) = HABITS.iter().find(|(typed, ..)| typed == word)?;
    Some(Error::usage(format!("helm has no command '{word}'")).hint(words![cmd(meant), " ", *does]))
}

/// `helm --json slate`: clap's answer is the command's help, which is no
/// JSON error. Said instead: which command wants which subcommands, and
/// where its help is.
fn missing_subcommand(help: &str) -> Error {
    let usage = help
        .lines()
        .find_map(|line| line.strip_prefix("Usage: "))
        .unwrap_or("helm");
    let command: Vec<&str> = usage
        .split_whitespace()
        .take_while(|word| !word.starts_with('[') && !word.starts_with('<'))
        .collect();
    let command = match command.as_slice() {
        [] => "helm".to_string(),
        [_, rest @ ..] => std::iter::once("helm")
            .chain(rest.iter().copied())
            .collect::<Vec<_>>()
            .join(" "),
    };
    let subcommands: Vec<&str> = help
        .lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        // A name sits two spaces in; a wrapped description further.
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    Error::new(
        Kind::Usage,
        format!("`{command}` needs a subcommand: {}", subcommands.join(", ")),
    )
    .hint(format!("see `{command} --help`"))
}
