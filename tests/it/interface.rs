//! The command-line surface a newcomer meets: provenance flags anywhere on a
//! steer, help that says how flags combine, usage lines that show what
//! HELM_VOYAGE can stand in for, review threads readable without JSON, and
//! `helm mcp --help` that offers only what the server has.

use crate::support::env::TestEnv;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn provenance_flags_are_accepted_after_the_action() {
    let (env, gh, _) = github_voyage(REPO, "flags anywhere");
    let issue = gh.add_issue(REPO, "Bug", "body").to_string();
    let steer = env.run(&[
        "steer",
        "comment",
        "--issue",
        &issue,
        "--body",
        "x",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "--json",
    ]);
    let entry = steer.json();
    assert_eq!(entry["identity"], "a");
    assert_eq!(entry["role"], "r");
    assert_eq!(entry["method"], "m");
    assert_eq!(entry["summary"], "s");
    // Split around the action, too; and still required, each by name.
    env.run(&[
        "steer",
        "--as",
        "a",
        "--role",
        "r",
        "comment",
        "--issue",
        &issue,
        "--body",
        "y",
        "--method",
        "m",
        "--summary",
        "s",
    ])
    .ok();
    let missing = env.run(&[
        "steer", "comment", "--issue", &issue, "--body", "z", "--as", "a",
    ]);
    let stderr = missing.fails(2);
    assert!(
        stderr.contains("missing --role, --method, --summary"),
        "{stderr}"
    );
    assert_eq!(gh.comments(REPO, 1).len(), 2);
}

#[test]
fn every_action_lists_the_provenance_flags_in_help_and_man() {
    let env = TestEnv::new();
    let man = env.run(&["man"]);
    man.ok();
    for action in [
        "comment",
        "create-issue",
        "edit-issue",
        "close-issue",
        "create-pr",
        "edit-pr",
        "close-pr",
        "request-review",
        "reply-inline",
        "merge-pr",
    ] {
        let help = env.run(&["steer", action, "--help"]);
        help.ok();
        for flag in [
            "--as <ID>",
            "--role <ROLE>",
            "--method <METHOD>",
            "--summary <TEXT>",
        ] {
            assert!(help.stdout.contains(flag), "steer {action} --help: {flag}");
        }
        let start = man
            .stdout
            .find(&format!(".SS \"helm steer {action}\""))
            .unwrap_or_else(|| panic!("no man section for {action}"));
        let section = &man.stdout[start..];
        let section = &section[..section[4..].find(".SS ").map_or(section.len(), |i| i + 4)];
        for flag in ["\\-\\-as", "\\-\\-role", "\\-\\-method", "\\-\\-summary"] {
            assert!(section.contains(flag), "man helm steer {action}: {flag}");
        }
    }
}

#[test]
fn focus_help_says_it_repeats_and_takes_a_list() {
    let env = TestEnv::new();
    for target in ["github-issue", "github-pr", "github-repo"] {
        let help = env.run(&["observe", target, "--help"]);
        help.ok();
        assert!(
            help.stdout.contains("repeatable, or a comma list: --focus"),
            "observe {target} --help: {}",
            help.stdout
        );
    }
}

#[test]
fn usage_lines_show_the_voyage_as_optional() {
    let env = TestEnv::new();
    for (command, usage) in [
        ("show", "Usage: helm voyage show [OPTIONS] [VOYAGE]"),
        ("brief", "Usage: helm voyage brief [OPTIONS] [VOYAGE]"),
        ("end", "Usage: helm voyage end [OPTIONS] [VOYAGE]"),
        (
            "export",
            "Usage: helm voyage export [OPTIONS] --out <FILE> [VOYAGE]",
        ),
        ("compact", "Usage: helm voyage compact [OPTIONS] [VOYAGE]"),
        ("verify", "Usage: helm voyage verify [OPTIONS] [VOYAGE]"),
    ] {
        let help = env.run(&["voyage", command, "--help"]);
        help.ok();
        assert!(help.stdout.contains(usage), "{}", help.stdout);
        // Left out with no HELM_VOYAGE: a usage error saying what to do.
        if command != "verify" {
            let mut args = vec!["voyage", command];
            if command == "export" {
                args.extend(["--out", "x.sqlite"]);
            }
            let stderr = env.run(&args).fails(2).to_string();
            assert!(stderr.contains("no voyage given"), "{stderr}");
            assert!(stderr.contains("HELM_VOYAGE"), "{stderr}");
        }
    }
    let mut env = env;
    let voyage = env.new_voyage("from the environment");
    env.set("HELM_VOYAGE", &voyage);
    let ended = env
        .run(&["voyage", "end", "--status", "done", "--json"])
        .json();
    assert_eq!(ended["id"], voyage);
}

#[test]
fn review_threads_read_as_a_table() {
    let (env, gh, _) = github_voyage(REPO, "threads");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let inline = gh.add_review_comment(REPO, pr, "src/lib.rs", 7, "Return early?");
    let pr_text = pr.to_string();
    let seen = env.run(&["observe", "github-pr", &pr_text, "--focus", "reviews"]);
    seen.ok();
    // The table is part of the screen `observe` prints for a person.
    let lines: Vec<&str> = seen
        .stdout
        .lines()
        .skip_while(|line| !line.starts_with("review threads ("))
        .collect();
    assert_eq!(
        lines.first().copied(),
        Some("review threads (1): reply-inline --comment-id ID, resolve-thread --thread THREAD"),
        "{}",
        seen.stdout
    );
    let words = |line: &str| {
        line.split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        words(lines[1]),
        ["ID", "THREAD", "PATH", "LINE", "AUTHOR", "STATE", "REPLIES"]
    );
    let json = env.run(&[
        "observe",
        "github-pr",
        &pr_text,
        "--focus",
        "reviews",
        "--json",
    ]);
    let thread = format!("PRRT_{inline}");
    assert_eq!(
        words(lines[2]),
        [
            &inline.to_string(),
            &thread,
            "src/lib.rs",
            "7",
            &author(&json.stdout),
            "comment",
            "0"
        ]
    );
    // --json prints the document and no table.
    json.json();
    assert!(!json.stderr.contains("--comment-id ID"), "{}", json.stderr);
    assert!(!json.stdout.contains("--comment-id ID"), "{}", json.stdout);
}

/// The seeded author's login, as the payload names it.
fn author(stdout: &str) -> String {
    let document: serde_json::Value = serde_json::from_str(stdout).unwrap();
    document["payload"]["reviews"]["threads"][0]["comments"][0]["author"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn mcp_help_names_no_missing_file_and_no_json() {
    let env = TestEnv::new();
    let help = env.run(&["mcp", "--help"]);
    help.ok();
    assert!(!help.stdout.contains("docs/"), "{}", help.stdout);
    assert!(!help.stdout.contains("--json"), "{}", help.stdout);
    let stderr = env.run(&["mcp", "--json"]).fails(2).to_string();
    assert!(stderr.contains("JSON-RPC"), "{stderr}");
}
