//! The brief an agent resumes from (issue 31 §7): per pull request touched,
//! its head, whether a review is still requested, the combined CI state and
//! each reviewer's decision with the open threads; the end's status whole,
//! and said not to be an entry; the last push per remote, as recorded here;
//! and the last logged state under its own name, never read as the present.

use super::{settings, shown};
use crate::support::env::steer_args;
use crate::support::github::github_voyage;
use crate::sync::Remote;

const REPO: &str = "acme/widgets";

#[test]
fn the_brief_carries_each_prs_standing_the_whole_end_and_the_last_sync() {
    let (env, gh, voyage) = github_voyage(REPO, "Land the crash fix");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let number = pr.to_string();
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "test", "completed", Some("success"));
    gh.add_status(REPO, &sha, "lint", "failure");
    env.run(&["observe", "github-pr", &number]).ok();
    env.run(&steer_args(&[
        "request-review",
        "--pr",
        &number,
        "--reviewer",
        "bob",
    ]))
    .ok();
    gh.add_inline_review(
        REPO,
        pr,
        "carol",
        ("CHANGES_REQUESTED", "Guard it."),
        ("src/lib.rs", 3),
        "Empty input?",
    );
    env.run(&["observe", "github-pr", &number]).ok();
    env.log(&voyage, "waiting for carol", "asked").ok();
    let remote = Remote::new();
    env.run(&["voyage", "push", &voyage, "--remote", &remote.arg()])
        .ok();
    let status = format!(
        "abandoned: {}",
        "superseded by #7, which lands the same guard; ".repeat(4)
    );
    env.run(&["voyage", "end", &voyage, "--status", status.trim()])
        .ok();

    let json = env.run(&["voyage", "brief", "--json"]).json();
    assert!(json.get("state").is_none(), "{json:#}");
    assert_eq!(json["lastLogged"]["state"], "waiting for carol");
    assert_eq!(json["current"]["source"], "end");
    assert_eq!(
        json["current"]["state"],
        format!("ended: {}", status.trim())
    );
    let now = &json["github"][0]["pr"];
    assert_eq!(now["head"], sha.as_str(), "{json:#}");
    assert_eq!(now["reviewRequested"], serde_json::json!(["bob"]));
    assert_eq!(now["combinedState"], "failure");
    assert_eq!(now["reviews"][0]["reviewer"], "carol");
    assert_eq!(now["reviews"][0]["decision"], "changes requested");
    assert_eq!(now["reviews"][0]["outdated"], false);
    assert_eq!(now["openThreads"], 1);
    let synced = &json["synced"][0];
    assert_eq!(synced["remote"], remote.arg());
    assert_eq!(synced["push"]["entries"], 2, "{json:#}");
    assert!(synced.get("pull").is_none(), "{json:#}");

    let brief = env.run(&["voyage", "brief"]);
    let text = &brief.ok().stdout;
    assert!(text.contains(status.trim()), "the end whole: {text}");
    let mut settings = settings(&env);
    // The pushed commit's id holds the time it was made.
    settings.add_filter(
        r"\(head [0-9a-f]{7}, (\d+ entr(y|ies) moved)\)",
        "(head [COMMIT], $1)",
    );
    // The MCP brief resource is this text (mcp/protocol.rs checks they match).
    settings.bind(|| insta::assert_snapshot!("brief_with_a_pr", shown(&brief)));
}
