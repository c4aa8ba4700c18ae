//! CLI words rendered as MCP's. helm's errors, hints and argument
//! descriptions are written once, naming the CLI's commands and flags
//! (`helm voyage verify`, `--request-id`), and each front end renders those
//! names its own way: the CLI prints them as written, and `helm mcp` passes
//! every text it sends through [`render`], which names the tool and its
//! arguments instead (`` `voyage_verify` ``, `` `requestId` ``). One source
//! of words, so the two never say different things; the MCP tests check
//! that no flag or shell command reaches a client.

use super::tools;

/// `text` with every CLI command and flag in it named as MCP names it.
pub fn render(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // Backticks pair up; an unpaired one is plain text.
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else {
            break;
        };
        out.push_str(&flags(&rest[..open], true));
        let quoted = &rest[open + 1..open + 1 + len];
        let document = quoted
            .strip_suffix(" --json")
            .map(|path| path.replace(' ', "_"))
            .filter(|tool| tools::ALL.iter().any(|t| t.name == tool));
        match quoted.strip_prefix("helm ") {
            Some(command) => out.push_str(&call(command)),
            // A command's JSON document is that tool's result.
            None if let Some(tool) = document => {
                let starts_sentence = out.trim_end().is_empty() || out.trim_end().ends_with('.');
                let the = if starts_sentence { "The" } else { "the" };
                out.push_str(&format!("{the} `{tool}` result"));
            }
            None => {
                out.push('`');
                out.push_str(&flags(quoted, false));
                out.push('`');
            }
        }
        rest = &rest[open + 2 + len..];
    }
    out.push_str(&flags(rest, true));
    out
}

/// A command line after `helm`, as the tool it calls and the arguments it
/// names: `observe github-pr 45 --focus reviews` is
/// `` `observe` with github-pr 45, `focus` reviews ``.
fn call(command: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().collect();
    let path_len = words.iter().take_while(|w| !w.starts_with('-')).count();
    // The longest leading path of words that names a tool.
    let Some((tool, used)) = (1..=path_len.min(2)).rev().find_map(|n| {
        let name = words[..n].join("_");
        tools::ALL
            .iter()
            .any(|t| t.name == name)
            .then_some((name, n))
    }) else {
        // A command with no tool (export, import, completions): name it as
        // the CLI's, never as something to run here.
        return format!("the CLI's `{}`", flags(command, false));
    };
    // A flag and its value make a part; words in a row make one too.
    let mut parts: Vec<String> = Vec::new();
    let mut words_run = false;
    let mut rest = words[used..].iter().peekable();
    while let Some(word) = rest.next() {
        match word.strip_prefix("--") {
            Some(flag) if !flag.is_empty() => {
                let name = format!("`{}`", camel(flag));
                let value = rest.next_if(|next| !next.starts_with("--") && takes_value(flag));
                match value {
                    Some(value) => parts.push(format!("{name} {value}")),
                    None => parts.push(name),
                }
                words_run = false;
            }
            _ => match parts.last_mut().filter(|_| words_run) {
                Some(run) => {
                    run.push(' ');
                    run.push_str(word);
                }
                None => {
                    parts.push((*word).to_string());
                    words_run = true;
                }
            },
        }
    }
    if parts.is_empty() {
        format!("`{tool}`")
    } else {
        format!("`{tool}` with {}", parts.join(", "))
    }
}

/// Whether the CLI's `--flag` takes a value (somewhere in the command
/// tree): `--allow-stale merge-pr` is a switch and a word.
fn takes_value(flag: &str) -> bool {
    use std::collections::BTreeSet;
    use std::sync::OnceLock;
    static SWITCHES: OnceLock<BTreeSet<String>> = OnceLock::new();
    fn walk(
        command: &clap::Command,
        valued: &mut BTreeSet<String>,
        switches: &mut BTreeSet<String>,
    ) {
        for arg in command.get_arguments() {
            if let Some(long) = arg.get_long() {
                match arg.get_action().takes_values() {
                    true => valued.insert(long.to_string()),
                    false => switches.insert(long.to_string()),
                };
            }
        }
        command
            .get_subcommands()
            .for_each(|sub| walk(sub, valued, switches));
    }
    let switches = SWITCHES.get_or_init(|| {
        use clap::CommandFactory;
        let mut tree = crate::cli::Cli::command();
        tree.build();
        let (mut valued, mut switches) = (BTreeSet::new(), BTreeSet::new());
        walk(&tree, &mut valued, &mut switches);
        switches.retain(|flag| !valued.contains(flag));
        switches
    });
    !switches.contains(flag)
}

/// Every `--flag` in `text` as the argument's name, in backticks unless the
/// text is already inside them.
fn flags(text: &str, quote: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let after = &rest[at + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(after.len());
        let starts_word = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-');
        let flag = &after[..len];
        out.push_str(&rest[..at]);
        if starts_word && flag.starts_with(|c: char| c.is_ascii_lowercase()) {
            let name = camel(flag);
            if quote {
                out.push('`');
                out.push_str(&name);
                out.push('`');
            } else {
                out.push_str(&name);
            }
        } else {
            out.push_str("--");
            out.push_str(flag);
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

/// A flag's name as the tools' arguments spell it: `request-id` is
/// `requestId`.
fn camel(flag: &str) -> String {
    let mut out = String::with_capacity(flag.len());
    let mut upper = false;
    for c in flag.chars() {
        if c == '-' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Every `description` in a JSON Schema, rendered.
pub fn render_descriptions(schema: &mut serde_json::Value) {
    use serde_json::Value;
    match schema {
        Value::Object(object) => {
            for (key, value) in object.iter_mut() {
                match value {
                    Value::String(text) if key == "description" => *text = render(text),
                    _ => render_descriptions(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(render_descriptions),
        _ => {}
    }
}

/// Whether `text` still speaks the CLI: a flag, or a `helm` command line.
pub fn speaks_cli(text: &str) -> Option<String> {
    let flag = text.match_indices("--").find(|(at, _)| {
        let before = text[..*at].chars().next_back();
        let after = text[at + 2..].chars().next();
        before.is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-')
            && after.is_some_and(|c| c.is_ascii_lowercase())
    });
    if let Some((at, _)) = flag {
        return Some(text[at..].chars().take(30).collect());
    }
    use clap::CommandFactory;
    crate::cli::Cli::command()
        .get_subcommands()
        .map(|group| format!("helm {}", group.get_name()))
        .find(|command| text.contains(command.as_str()))
}

#[cfg(test)]
mod tests {
    use super::{render, speaks_cli};

    #[test]
    fn commands_become_tools_and_flags_arguments() {
        let cases = [
            (
                "run `helm voyage verify` for a report",
                "run `voyage_verify` for a report",
            ),
            (
                "observe again: `helm observe github-pr 45 --focus reviews --repo o/r`",
                "observe again: `observe` with github-pr 45, `focus` reviews, `repo` o/r",
            ),
            (
                "use a fresh --request-id for a new action",
                "use a fresh `requestId` for a new action",
            ),
            (
                "pass --body TEXT or --body-file PATH",
                "pass `body` TEXT or `bodyFile` PATH",
            ),
            (
                "retry with `--allow-stale`, or `helm interrupted list`",
                "retry with `allowStale`, or `interrupted_list`",
            ),
            (
                "`helm steer --allow-stale merge-pr --pr 45`",
                "`steer` with `allowStale`, merge-pr, `pr` 45",
            ),
            (
                "start one with `helm voyage new <INTENT>`",
                "start one with `voyage_new` with <INTENT>",
            ),
            (
                "One entry in `voyage brief --json`: who",
                "One entry in the `voyage_brief` result: who",
            ),
            (
                "a file written by `helm voyage export`",
                "a file written by the CLI's `voyage export`",
            ),
        ];
        for (cli, mcp) in cases {
            assert_eq!(render(cli), mcp, "{cli}");
            assert_eq!(speaks_cli(&render(cli)), None, "{cli}");
            assert!(speaks_cli(cli).is_some(), "{cli}");
        }
    }

    #[test]
    fn text_without_cli_words_is_unchanged() {
        for text in [
            "nothing was imported",
            "a -- b, x--y, 2024-01-01 --5, `code` and a lone ` tick",
            "GitHub answered 404 for /repos/o/r/issues/42",
            "helm records a steer here before acting",
        ] {
            assert_eq!(render(text), text);
            assert_eq!(speaks_cli(text), None, "{text}");
        }
    }
}
