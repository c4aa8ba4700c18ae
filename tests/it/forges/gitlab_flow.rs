//! The seed's flow on GitLab (issue 41, "Tests, with real parts"): observe an
//! issue and its merge request, comment, request review, reply in a review
//! thread, label, merge pinned to the head seen (refused while not ready and
//! when the head moved since it was observed), end the voyage with `log`;
//! the real binary against the fake GitLab, every request within GitLab's
//! documents.

use serde_json::Value;

use crate::support::env::{TestEnv, log_args, steer_args};
use crate::support::github::{Other, forge_voyage};

const PROJECT: &str = "group/sub/project";
const HOST: &str = "gitlab.example.com";

fn url() -> String {
    format!("https://{HOST}/{PROJECT}")
}

fn steer(env: &TestEnv, action: &[&str]) -> crate::support::env::Run {
    let repo = url();
    let mut args = vec!["--repo", repo.as_str()];
    args.extend_from_slice(action);
    args.push("--json");
    env.run(&steer_args(&args))
}

fn observe(env: &TestEnv, kind: &str, n: &str) -> Value {
    let repo = url();
    env.run(&["observe", kind, n, "--repo", &repo, "--json"])
        .json()
}

/// The `id` of the first object under `value` whose `body` is `body`.
fn id_of(value: &Value, body: &str) -> Option<u64> {
    match value {
        Value::Object(map) if map.get("body").and_then(Value::as_str) == Some(body) => {
            map.get("id").and_then(Value::as_u64)
        }
        Value::Object(map) => map.values().find_map(|v| id_of(v, body)),
        Value::Array(items) => items.iter().find_map(|v| id_of(v, body)),
        _ => None,
    }
}

#[test]
fn the_seeds_flow_runs_on_gitlab() {
    let (mut env, fake, voyage) =
        forge_voyage(Other::GitLab, PROJECT, "fix the widget crash on GitLab");
    env.set("HELM_FORGE", "gitlab");
    let gl = fake.gitlab();
    gl.add_member(PROJECT, "rev", 30);
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes on start.");
    let mr = gl.add_mr(PROJECT, "Fix widget crash", "fix-42", "main");
    let thread = gl.open_thread(PROJECT, mr, "rev", "src/lib.rs", 1);
    gl.require_approvals(PROJECT, mr, 1);
    let (i, m) = (issue.to_string(), mr.to_string());

    observe(&env, "issue", &i);
    let seen = observe(&env, "mr", &m);
    let asked = id_of(&seen["payload"], "Please look at this line.")
        .unwrap_or_else(|| panic!("no thread note in {seen}"));
    let said = steer(&env, &["comment", "--issue", &i, "--body", "Taking this."]).json();
    assert!(said["action"]["commentId"].is_u64(), "{said}");

    observe(&env, "mr", &m);
    let asked_review = steer(&env, &["request-review", "--pr", &m, "--reviewer", "rev"]).json();
    assert_eq!(
        asked_review["action"]["steer"], "request-review",
        "{asked_review}"
    );

    observe(&env, "mr", &m);
    let asked_id = asked.to_string();
    let replied = steer(
        &env,
        &[
            "reply-inline",
            "--pr",
            &m,
            "--comment-id",
            &asked_id,
            "--body",
            "Fixed.",
        ],
    )
    .json();
    assert!(replied["action"]["commentId"].is_u64(), "{replied}");

    // An unresolved discussion keeps the merge request from merging.
    observe(&env, "mr", &m);
    let refused = steer(&env, &["merge-pr", &m]).error_json();
    assert_eq!(refused["error"]["kind"], "not-ready", "{refused}");
    observe(&env, "mr", &m);
    let resolved = steer(&env, &["resolve-thread", "--pr", &m, "--thread", &thread]).json();
    assert_eq!(resolved["action"]["resolved"], true, "{resolved}");
    assert!(gl.thread_resolved(PROJECT, &thread));

    observe(&env, "mr", &m);
    let labelled = steer(&env, &["label", "--pr", &m, "--add", "bug"]).json();
    assert_eq!(
        labelled["action"]["applied"]["labels"],
        serde_json::json!(["bug"])
    );
    let (_, labels, _) = gl.item(PROJECT, true, mr);
    assert_eq!(labels, ["bug"]);

    // Not approved yet: not ready, nothing merged.
    observe(&env, "mr", &m);
    let refused = steer(&env, &["merge-pr", &m]).error_json();
    assert_eq!(refused["error"]["kind"], "not-ready", "{refused}");
    gl.approve(PROJECT, mr, "rev");
    // The head moved since the observation: stale, nothing merged.
    observe(&env, "mr", &m);
    let moved = gl.push(PROJECT, mr);
    let stale = steer(&env, &["merge-pr", &m]).error_json();
    assert_eq!(stale["error"]["kind"], "stale", "{stale}");
    let (state, _, _) = gl.item(PROJECT, true, mr);
    assert_eq!(state, "opened");
    // Observed again: merged, pinned to the head seen.
    observe(&env, "mr", &m);
    let merged = steer(&env, &["merge-pr", &m]).json();
    assert_eq!(merged["action"]["pinnedSha"], moved.as_str(), "{merged}");
    assert!(merged["action"]["mergeSha"].is_string(), "{merged}");
    let (state, _, _) = gl.item(PROJECT, true, mr);
    assert_eq!(state, "merged");

    env.run(&log_args("done")).ok();
    let story = env.run(&["voyage", "show", &voyage]).ok().stdout.clone();
    let short = &moved[..7];
    for line in [
        "── Steer 1 ── comment on issue #1".to_string(),
        "── Steer 2 ── request review on PR #1 from rev".to_string(),
        "── Steer 3 ── reply inline on PR #1".to_string(),
        format!("── Steer 4 ── resolve review thread {thread} on PR #1"),
        "── Steer 5 ── label PR #1 +bug".to_string(),
        "── Log 7 ── done".to_string(),
    ] {
        assert!(story.contains(&line), "{line}: {story}");
    }
    assert!(story.contains("── Steer 6 ── merge PR #1 ("), "{story}");
    // Its page, in a real browser: quiet, offline, GitLab named, no link
    // into GitHub.
    crate::page::browser::assert_forge_page_is_quiet(
        &env,
        &voyage,
        &format!("https://{HOST}"),
        &format!("On GitLab at {HOST}"),
    );
    assert!(
        merged["action"]["pinnedSha"]
            .as_str()
            .is_some_and(|s| s.starts_with(short))
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}
