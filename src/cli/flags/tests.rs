//! The command line built from the core's flags reads as MCP's JSON does,
//! and every field of every argument struct can be given on it.

use clap::{Command, FromArgMatches, Subcommand};
use serde_json::json;

use super::build::doc;
use super::summaries::Summaries;
use super::{FlagArgs, FlagSubcommands};
use helm_core::ActionArgs;
use helm_core::TargetArgs;
use helm_core::{FlagCommands, Flags, ProvenanceSpec};

fn parsed<T: FlagCommands + Summaries>(words: &[&str]) -> Result<T, clap::Error> {
    let cmd = FlagSubcommands::<T>::augment_subcommands(Command::new("helm"));
    let matches = cmd.try_get_matches_from([&["helm"], words].concat())?;
    FlagSubcommands::<T>::from_arg_matches(&matches).map(|parsed| parsed.0)
}

/// The command line and the JSON give the same value.
fn same<T: FlagCommands + Summaries + std::fmt::Debug>(words: &[&str], json: serde_json::Value) {
    let cli: T = parsed(words).unwrap_or_else(|err| panic!("{words:?}: {err}"));
    let mcp: T = serde_json::from_value(json).expect("the JSON reads");
    assert_eq!(format!("{cli:?}"), format!("{mcp:?}"), "{words:?}");
}

#[test]
fn actions_read_as_their_json() {
    same::<ActionArgs>(
        &["comment", "--issue", "42", "--body", "Plan"],
        json!({"kind": "comment", "issue": 42, "body": "Plan"}),
    );
    same::<ActionArgs>(
        &["merge-pr", "--pr", "7", "--squash", "--sha", "abc1234"],
        json!({"kind": "merge-pr", "pr": 7, "strategy": "squash", "sha": "abc1234"}),
    );
    same::<ActionArgs>(
        &["merge-pr", "--pr", "7"],
        json!({"kind": "merge-pr", "pr": 7}),
    );
    same::<ActionArgs>(
        &[
            "create-issue",
            "--title",
            "t",
            "--label",
            "a",
            "--label",
            "b",
        ],
        json!({"kind": "create-issue", "title": "t", "labels": ["a", "b"]}),
    );
    same::<ActionArgs>(
        &["close-issue", "--issue", "3"],
        json!({"kind": "close-issue", "issue": 3, "reason": "completed"}),
    );
    same::<ActionArgs>(
        &[
            "create-pr",
            "--title",
            "t",
            "--head",
            "h",
            "--base",
            "main",
            "--draft",
        ],
        json!({"kind": "create-pr", "title": "t", "head": "h", "base": "main", "draft": true}),
    );
    same::<ActionArgs>(
        &[
            "reply-inline",
            "--pr",
            "4",
            "--comment-id",
            "901",
            "--body-file",
            "b.md",
        ],
        json!({"kind": "reply-inline", "pr": 4, "commentId": 901, "bodyFile": "b.md"}),
    );
}

#[test]
fn targets_read_as_their_json() {
    same::<TargetArgs>(
        &["file-contents", "a.rs", "b.rs"],
        json!({"kind": "file-contents", "paths": ["a.rs", "b.rs"]}),
    );
    same::<TargetArgs>(
        &[
            "github-pr",
            "45",
            "--focus",
            "summary,reviews",
            "--repo",
            "o/r",
        ],
        json!({"kind": "github-pr", "number": 45, "focus": ["summary", "reviews"], "repo": "o/r"}),
    );
    same::<TargetArgs>(
        &["github-checks", "--ref", "main", "--logs", "all"],
        json!({"kind": "github-checks", "ref": "main", "logs": "all", "tail": 200}),
    );
    same::<TargetArgs>(
        &[
            "directory-tree",
            ".",
            "--max-depth",
            "2",
            "--skip",
            "target",
        ],
        json!({"kind": "directory-tree", "root": ".", "maxDepth": 2, "skip": ["target"]}),
    );
}

#[test]
fn provenance_reads_its_global_flags() {
    let cmd = <FlagArgs<ProvenanceSpec> as clap::Args>::augment_args(Command::new("log"));
    let matches = cmd
        .try_get_matches_from([
            "log",
            "--as",
            "alice",
            "--role",
            "coder",
            "--request-id",
            "r1",
        ])
        .expect("parses");
    let parsed = FlagArgs::<ProvenanceSpec>::from_arg_matches(&matches).expect("reads");
    let seen = format!("{:?}", parsed.0);
    assert!(
        seen.contains("\"alice\"") && seen.contains("\"r1\""),
        "{seen}"
    );
}

#[test]
fn values_out_of_range_or_out_of_choice_are_refused_by_the_parser() {
    for words in [
        &["merge-pr", "--pr", "x"][..],
        &["close-issue", "--issue", "1", "--reason", "bogus"],
        &["merge-pr", "--pr", "1", "--squash", "--rebase"],
        &["comment", "--body", "x"],
    ] {
        assert!(parsed::<ActionArgs>(words).is_err(), "{words:?} parsed");
    }
    assert!(parsed::<TargetArgs>(&["github-checks", "--pr", "1", "--ref", "m"]).is_err());
    assert!(parsed::<TargetArgs>(&["directory-tree", ""]).is_err());
}

/// Every field of every struct is reachable from the command line (a
/// struct field without a flag could only be set over MCP), and every
/// flag names a field its struct has.
#[test]
fn every_field_has_a_flag_and_every_flag_a_field() {
    let mut commands = ActionArgs::commands();
    commands.extend(TargetArgs::commands());
    let provenance = helm_core::FlagCommand::of::<ProvenanceSpec>("provenance");
    commands.push(provenance);
    assert_eq!(ProvenanceSpec::flags().len(), 5);
    for command in commands {
        let properties = command.schema().as_value()["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        for flag in &command.flags() {
            assert!(
                properties.contains_key(flag.field),
                "{}: --{:?} sets `{}`, which its struct lacks",
                command.name,
                flag.long,
                flag.field
            );
        }
        for field in properties.keys() {
            assert!(
                command.flags().iter().any(|flag| flag.field == field),
                "{}: `{field}` has no flag",
                command.name
            );
        }
    }
}

#[test]
fn help_is_the_doc_comments_first_paragraph_without_its_period() {
    assert_eq!(
        doc("The issue.\nTo comment on."),
        ("The issue. To comment on".into(), None)
    );
    assert_eq!(
        doc("Reply.\n\nPass the id\nof the comment."),
        (
            "Reply".into(),
            Some("Reply.\n\nPass the id of the comment.".into())
        )
    );
    assert_eq!(doc("Wait..."), ("Wait...".into(), None));
}

/// An issue or pull request number takes `#42` and URLs on every command
/// (a new action that declares its `--issue` as a plain option fails here).
#[test]
fn every_issue_or_pull_request_number_takes_what_people_type() {
    let mut commands = ActionArgs::commands();
    commands.extend(TargetArgs::commands());
    for command in commands {
        for flag in &command.flags() {
            if matches!(flag.field, "issue" | "pr" | "number") {
                assert!(
                    flag.number,
                    "{}: `{}` is not declared .issue_number()",
                    command.name, flag.field
                );
            }
        }
    }
}

/// Reading what was parsed finds each subcommand by name alone, as the
/// whole list has it.
#[test]
fn each_subcommand_is_found_by_its_name() {
    fn check<T: FlagCommands>() {
        for command in T::commands() {
            let found = T::command(command.name).expect("found by name");
            assert_eq!(found.flags(), command.flags(), "{}", command.name);
        }
        assert!(T::command("no-such-command").is_none());
    }
    check::<ActionArgs>();
    check::<TargetArgs>();
}

/// A subcommand's flags are made only when clap builds it: parsing one
/// kind makes no other kind's flags, and a whole build (help, completions,
/// the man page) makes them all.
#[test]
fn a_subcommand_gets_its_flags_only_when_built() {
    let cmd = FlagSubcommands::<TargetArgs>::augment_subcommands(Command::new("observe"));
    assert!(cmd.get_subcommands().count() > 5);
    for sub in cmd.get_subcommands() {
        assert_eq!(
            sub.get_arguments().count(),
            0,
            "{} has its flags before it is used",
            sub.get_name()
        );
        assert!(sub.get_about().is_some(), "{} is described", sub.get_name());
    }
    let mut built = cmd.clone();
    built.build();
    let contents = built
        .find_subcommand("file-contents")
        .expect("observe file-contents");
    assert!(
        contents.get_arguments().any(|arg| arg.get_id() == "paths"),
        "{:?}",
        contents
            .get_arguments()
            .map(|a| a.get_id())
            .collect::<Vec<_>>()
    );
    let target: TargetArgs = parsed(&["file-contents", "notes.txt"]).unwrap();
    assert!(format!("{target:?}").contains("notes.txt"), "{target:?}");
}
