//! The one line each observation kind and steer action is listed with
//! (`helm observe --help`, `helm steer --help`), written out here. clap
//! lists every subcommand before it parses one, and these lines used to come
//! from each struct's JSON Schema, so `helm observe file-contents` made the
//! schema of every kind and action it would not use: about a twentieth of a
//! small observe's CPU time (issue 45). The schema's description stays the
//! source: `every_summary_is_its_structs_first_line` fails when a line here
//! and its struct's doc comment (or `Flags::about`) drift apart, and a
//! subcommand missing here is still described, from its schema, only slower.

use helm_core::{ActionArgs, TargetArgs};

/// The listing line of each subcommand of an enum of argument structs, by
/// its name: the first paragraph of its description, without the period.
pub(crate) trait Summaries {
    const SUMMARIES: &'static [(&'static str, &'static str)];
}

/// The line `name` is listed with, if written here.
pub(super) fn of<T: Summaries>(name: &str) -> Option<&'static str> {
    T::SUMMARIES
        .iter()
        .find(|(listed, _)| *listed == name)
        .map(|(_, summary)| *summary)
}

impl Summaries for TargetArgs {
    const SUMMARIES: &'static [(&'static str, &'static str)] = &[
        (
            "file-contents",
            "One or more files, read whole (text as text, anything else as base64)",
        ),
        (
            "directory-tree",
            "A folder's tree, honouring .gitignore; .git is always skipped",
        ),
        (
            "rust-project",
            "A Rust project: tree, Cargo manifests, READMEs and docs, crate docs",
        ),
        ("github-issue", "A GitHub issue: its summary and comments"),
        (
            "github-pr",
            "A GitHub pull request: summary, comments, files, diff, checks, reviews",
        ),
        (
            "github-repo",
            "A GitHub repository: its open issues and open pull requests",
        ),
        (
            "github-checks",
            "CI of a pull request's head or of a ref: check runs, statuses, failed jobs' annotations, steps and log tails",
        ),
        ("issue", "An issue: its summary and comments"),
        (
            "pr",
            "A pull request or merge request: summary, comments, files, diff, checks, reviews",
        ),
        (
            "repo",
            "A repository: its open issues and open pull requests",
        ),
        (
            "checks",
            "CI of a pull request's head or of a ref, and failed jobs' log tails",
        ),
    ];
}

impl Summaries for ActionArgs {
    const SUMMARIES: &'static [(&'static str, &'static str)] = &[
        (
            "comment",
            "Comment on an issue or on a pull request's conversation",
        ),
        ("create-issue", "Open a new issue"),
        ("edit-issue", "Change an issue's title or body"),
        ("close-issue", "Close an issue"),
        ("reopen-issue", "Reopen a closed issue"),
        ("create-pr", "Open a pull request from HEAD into BASE"),
        ("edit-pr", "Change a pull request's title or body"),
        ("close-pr", "Close a pull request without merging it"),
        (
            "request-review",
            "Ask people or teams to review a pull request",
        ),
        ("reply-inline", "Reply to an inline review comment"),
        (
            "merge-pr",
            "Merge a pull request (a merge commit unless told to squash or rebase)",
        ),
        (
            "label",
            "Add labels to or remove labels from an issue or pull request",
        ),
        (
            "resolve-thread",
            "Resolve a review thread of a pull request",
        ),
        (
            "unresolve-thread",
            "Unresolve a resolved review thread of a pull request",
        ),
    ];
}

#[cfg(test)]
mod tests {
    use helm_core::FlagCommands;

    use super::super::build::about;
    use super::*;

    /// Each written line is the one the struct's description gives, and
    /// every subcommand has one (a new kind or action fails here with the
    /// line to add).
    #[test]
    fn every_summary_is_its_structs_first_line() {
        fn check<T: FlagCommands + Summaries>(enum_name: &str) {
            let commands = T::commands();
            let mut wrong = Vec::new();
            for command in &commands {
                let (short, _) = about(command, &command.schema()).unwrap_or_default();
                if of::<T>(command.name) != Some(short.as_str()) {
                    wrong.push(format!("        ({:?}, {:?}),", command.name, short));
                }
            }
            assert!(
                wrong.is_empty(),
                "src/cli/flags/summaries.rs: {enum_name}'s lines should read\n{}",
                wrong.join("\n")
            );
            for (name, _) in T::SUMMARIES {
                assert!(
                    commands.iter().any(|command| command.name == *name),
                    "{enum_name} has no subcommand {name}"
                );
            }
        }
        check::<TargetArgs>("TargetArgs");
        check::<ActionArgs>("ActionArgs");
    }
}
