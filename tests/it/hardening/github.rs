//! GitHub answers read strictly and followed correctly: malformed answers
//! are errors that record nothing, redirects of a moved repository are
//! followed and reported, the combined status is read whole, and a token
//! with invisible characters is refused without being shown.

use serde_json::json;

use crate::support::env::{TestEnv, count, steer_args};
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::github_voyage;

const OLD: &str = "acme/old-name";
const NEW: &str = "acme/new-name";

fn setup(repo: &str) -> (TestEnv, FakeGitHub, String) {
    github_voyage(repo, "GitHub hardening")
}

#[test]
fn a_malformed_answer_is_an_error_naming_the_missing_field_and_records_nothing() {
    let (env, gh, voyage) = setup(NEW);
    let issue = gh.add_issue(NEW, "Real title", "body");
    let path = format!("/repos/{NEW}/issues/{issue}");
    gh.inject(Fault::new(
        "GET",
        &path,
        200,
        json!({"number": issue, "state": "open"}),
    ));
    let run = env.run(&[
        "observe",
        "github-issue",
        &issue.to_string(),
        "--focus",
        "summary",
    ]);
    let stderr = run.fails(1);
    assert!(stderr.contains("was missing `title`"), "{stderr}");
    assert!(!stderr.contains("could not reach"), "{stderr}");

    // A write whose answer lacks what GitHub promises: an error, no entry.
    gh.inject(Fault::new(
        "POST",
        &format!("/repos/{NEW}/issues"),
        201,
        json!({"title": "x", "state": "open"}),
    ));
    let created = env.run(&steer_args(&[
        "create-issue",
        "--title",
        "x",
        "--body",
        "y",
    ]));
    let stderr = created.fails(1);
    assert!(stderr.contains("was missing `number`"), "{stderr}");
    let conn = env.sqlite(&voyage);
    assert_eq!(count(&conn, "slate"), 0);
    assert_eq!(count(&conn, "logbook"), 0);
}

#[test]
fn a_moved_repository_is_followed_and_reported() {
    let (env, gh, voyage) = setup(OLD);
    let issue = gh.add_issue(NEW, "Moved", "body");
    // GitHub answers reads of a renamed repository with 301 …
    for tail in [
        format!("/issues/{issue}/comments"),
        format!("/issues/{issue}"),
    ] {
        gh.inject(
            Fault::new("GET", &format!("/repos/{OLD}{tail}"), 301, json!({}))
                .header("location", &format!("{}/repos/{NEW}{tail}", gh.url()))
                .always(),
        );
    }
    let seen = env.run(&["observe", "github-issue", &issue.to_string(), "--json"]);
    let doc = seen.json();
    assert_eq!(doc["payload"]["summary"]["title"], "Moved", "{doc}");
    assert!(
        seen.stderr.contains(&format!(
            "warning: GitHub moved {OLD} to {NEW}; use --repo {NEW}"
        )),
        "{seen:?}"
    );

    // … and writes with 307, which are repeated with the same method and body.
    gh.inject(
        Fault::new(
            "POST",
            &format!("/repos/{OLD}/issues/{issue}/comments"),
            307,
            json!({}),
        )
        .header("location", &format!("/repos/{NEW}/issues/{issue}/comments")),
    );
    let commented = env.run(&steer_args(&[
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        "followed",
    ]));
    commented.ok();
    assert!(
        commented.stderr.contains("warning: GitHub moved"),
        "{commented:?}"
    );
    let comments = gh.comments(NEW, issue);
    assert_eq!(comments.len(), 1);
    assert_eq!(comments[0].body, "followed");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);

    // A redirect loop is given up after three hops.
    gh.inject(
        Fault::new("GET", &format!("/repos/{OLD}/issues/999"), 301, json!({}))
            .header("location", &format!("/repos/{OLD}/issues/999"))
            .always(),
    );
    let looped = env.run(&["observe", "github-issue", "999", "--focus", "summary"]);
    assert!(looped.fails(1).contains("redirected"), "{looped:?}");
    let hops = gh
        .requests()
        .iter()
        .filter(|r| r.path().ends_with("/issues/999"))
        .count();
    assert_eq!(hops, 4, "the first request and three redirects");
}

#[test]
fn the_combined_status_is_read_whole() {
    let (env, gh, _) = setup(NEW);
    let pr = gh.add_pr(NEW, "Many statuses", "many", "main");
    let sha = gh.head_sha(NEW, pr);
    for n in 0..35 {
        gh.add_status(NEW, &sha, &format!("ctx-{n:02}"), "success");
    }
    let doc = env
        .run(&[
            "observe",
            "github-pr",
            &pr.to_string(),
            "--focus",
            "checks",
            "--json",
        ])
        .json();
    let checks = &doc["payload"]["checks"];
    assert_eq!(checks["statuses"].as_array().unwrap().len(), 35, "{checks}");
    assert!(checks.get("statusesTruncated").is_none());
    // Pages smaller than helm asks for are followed through `Link`.
    gh.set_per_page_cap(10);
    let doc = env
        .run(&[
            "observe",
            "github-pr",
            &pr.to_string(),
            "--focus",
            "checks",
            "--json",
        ])
        .json();
    assert_eq!(
        doc["payload"]["checks"]["statuses"]
            .as_array()
            .unwrap()
            .len(),
        35
    );
}

#[test]
fn a_token_with_a_control_character_is_a_config_error_that_never_shows_it() {
    let (mut env, gh, _) = setup(NEW);
    let issue = gh.add_issue(NEW, "t", "b");
    env.set("GH_TOKEN", "ghp_secretpart\u{7}\u{1b}[2J");
    let run = env.run(&["observe", "github-issue", &issue.to_string()]);
    let stderr = run.fails(1);
    assert!(stderr.contains("GH_TOKEN"), "{stderr}");
    assert!(stderr.contains("control character"), "{stderr}");
    assert!(!stderr.contains("secretpart"), "{stderr}");
    assert!(!run.stdout.contains("secretpart"));
    let json = env
        .run(&["observe", "github-issue", &issue.to_string(), "--json"])
        .error_json();
    assert_eq!(json["error"]["kind"], "config");
}
