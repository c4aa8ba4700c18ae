//! MCP's names for helm's commands and arguments. An error's message and
//! hint are [`Words`](crate::error::Words): text, and references to
//! commands and arguments that each front end names. The CLI says
//! `helm voyage list --all` and `--request-id`; here a command is the tool
//! that does it and its arguments (`` `voyage_list` with `all` ``), and an
//! argument its camelCase name (`` `requestId` ``). The MCP tests check
//! that no flag or shell command reaches a client.

use crate::error::{CommandArg, Invocation, Speaker, Words};

use super::tools;

/// Names commands as tools and arguments as theirs.
pub(crate) struct Mcp;

/// `words` as an MCP client reads them.
pub(crate) fn render(words: &Words) -> String {
    words.render(&Mcp)
}

impl Speaker for Mcp {
    fn arg(&self, out: &mut String, name: &str) {
        let name = LISTS
            .iter()
            .find(|(flag, _)| *flag == name)
            .map_or(name, |(_, field)| field);
        out.push('`');
        out.push_str(&camel(name));
        out.push('`');
    }

    /// `observe --voyage V github-pr 45 --focus reviews` is
    /// `` `observe` with `voyage` V, github-pr 45, `focus` reviews ``: the
    /// tool is the longest leading part of the command's path that names
    /// one, and the rest of the path are words of the call.
    fn command(&self, out: &mut String, command: &Invocation) {
        let path: Vec<&str> = command.path().collect();
        let tool = (1..=path.len())
            .rev()
            .map(|n| (path[..n].join("_"), n))
            .find(|(name, _)| tools::find(name).is_some());
        let Some((tool, used)) = tool else {
            // A command with no tool (export, import, completions): name it
            // as the CLI's, never as something to run here.
            out.push_str("the CLI's `");
            out.push_str(&path.join(" "));
            for arg in command.arguments() {
                out.push(' ');
                match arg {
                    CommandArg::Word(word) => out.push_str(word),
                    CommandArg::Switch(name) => out.push_str(&camel(name)),
                    CommandArg::Value(name, value) => {
                        out.push_str(&camel(name));
                        out.push(' ');
                        out.push_str(value);
                    }
                }
            }
            out.push('`');
            return;
        };
        // An argument and its value make a part; words in a row make one too.
        let mut parts: Vec<String> = Vec::new();
        let mut words_run = false;
        let mut rest_of_path: Vec<CommandArg> = path[used..]
            .iter()
            .map(|w| CommandArg::Word(w.to_string()))
            .collect();
        let mut given: Vec<CommandArg> = command.arguments().to_vec();
        // A tool that does several commands' work takes the command as its
        // `operation`, and their word as a named argument.
        if let Some((_, positional)) = OPERATIONS.iter().find(|(name, _)| *name == tool)
            && let Some(CommandArg::Word(operation)) = rest_of_path.first().cloned()
        {
            rest_of_path[0] = CommandArg::Value("operation", operation);
            for arg in &mut given {
                if let CommandArg::Word(word) = arg {
                    *arg = CommandArg::Value(positional, word.clone());
                }
            }
        }
        let args = rest_of_path.into_iter().chain(given);
        for arg in args {
            match arg {
                CommandArg::Word(word) => match parts.last_mut().filter(|_| words_run) {
                    Some(run) => {
                        run.push(' ');
                        run.push_str(&word);
                    }
                    None => {
                        parts.push(word);
                        words_run = true;
                    }
                },
                CommandArg::Switch(name) => {
                    parts.push(format!("`{}`", camel(name)));
                    words_run = false;
                }
                CommandArg::Value(name, value) => {
                    parts.push(format!("`{}` {value}", camel(name)));
                    words_run = false;
                }
            }
        }
        match parts.is_empty() {
            true => out.push_str(&format!("`{tool}`")),
            false => out.push_str(&format!("`{tool}` with {}", parts.join(", "))),
        }
    }
}

/// The tools that do several commands' work, each with the argument that
/// takes those commands' word (`interrupted settle ATTEMPT`).
const OPERATIONS: [(&str, &str); 1] = [("interrupted", "attempt")];

/// An argument's name as the tools spell it: `request-id` is `requestId`.
/// Flags named for one item (`--label`, repeated) whose field holds the
/// list (`labels`).
const LISTS: [(&str, &str); 4] = [
    ("label", "labels"),
    ("assignee", "assignees"),
    ("reviewer", "reviewers"),
    ("team", "teams"),
];

pub(crate) fn camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
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

#[cfg(test)]
mod tests {
    use super::render;
    use crate::error::{arg, cmd};
    use crate::words;

    #[test]
    fn commands_become_tools_and_flags_arguments() {
        let cases = [
            (
                words!["run ", cmd("voyage verify"), " for a report"],
                "run `voyage_verify` for a report",
            ),
            (
                words![
                    "observe again: ",
                    cmd("observe")
                        .word("github-pr 45")
                        .value("focus", "reviews")
                        .value("repo", "o/r")
                ],
                "observe again: `observe` with github-pr 45, `focus` reviews, `repo` o/r",
            ),
            (
                words!["use a fresh ", arg("request-id"), " for a new action"],
                "use a fresh `requestId` for a new action",
            ),
            (
                words!["pass ", arg("body"), " TEXT or ", arg("body-file"), " PATH"],
                "pass `body` TEXT or `bodyFile` PATH",
            ),
            (
                words![
                    cmd("steer")
                        .switch("allow-stale")
                        .word("merge-pr")
                        .value("pr", 45)
                ],
                "`steer` with `allowStale`, merge-pr, `pr` 45",
            ),
            (
                words!["start one with ", cmd("voyage new").word("<INTENT>")],
                "start one with `voyage_new` with <INTENT>",
            ),
            (
                words!["see ", cmd("interrupted settle").word("attempt-1")],
                "see `interrupted` with `operation` settle, `attempt` attempt-1",
            ),
            (
                words!["a file written by ", cmd("voyage export")],
                "a file written by the CLI's `voyage export`",
            ),
            (
                words!["plain: GitHub answered 404 for /repos/o/r --x"],
                "plain: GitHub answered 404 for /repos/o/r --x",
            ),
        ];
        for (words, mcp) in cases {
            assert_eq!(render(&words), mcp, "{words}");
        }
    }
}
