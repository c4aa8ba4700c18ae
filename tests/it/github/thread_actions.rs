//! `steer resolve-thread` and `unresolve-thread`: GitHub's GraphQL
//! mutations on the command line, in `--json` and over MCP; an unknown
//! thread id, refused with nothing recorded and the slate kept.

use serde_json::json;

use super::{REPO, no_violations, setup, steer};
use crate::mcp::{Session, with};
use crate::support::env::{TestEnv, steer_args};

fn entries(env: &TestEnv) -> usize {
    let show = env.run(&["voyage", "show", "--json"]).json();
    show["entries"].as_array().unwrap().len()
}

#[test]
fn a_thread_is_resolved_and_unresolved_and_the_entry_keeps_the_answer() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    let (n, id) = (pr.to_string(), format!("PRRT_{root}"));

    let entry = steer(
        &env,
        "done",
        &["resolve-thread", "--pr", &n, "--thread", &id],
    )
    .json();
    let action = &entry["action"];
    assert_eq!(action["steer"], "resolve-thread");
    assert_eq!(action["pr"], json!(pr));
    assert_eq!(action["thread"], json!(id));
    assert_eq!(action["resolved"], json!(true));
    assert!(gh.thread_resolved(REPO, root));

    let entry = steer(
        &env,
        "reopen",
        &["unresolve-thread", "--pr", &n, "--thread", &id],
    )
    .json();
    assert_eq!(entry["action"]["steer"], "unresolve-thread");
    assert_eq!(entry["action"]["thread"], json!(id));
    assert_eq!(entry["action"]["resolved"], json!(false));
    assert!(!gh.thread_resolved(REPO, root));

    let story = env.run(&["voyage", "show"]);
    assert!(
        story
            .ok()
            .stdout
            .contains(&format!("resolve review thread {id} on PR #{pr}")),
        "{}",
        story.stdout
    );
    assert!(
        story
            .stdout
            .contains(&format!("unresolve review thread {id} on PR #{pr}")),
        "{}",
        story.stdout
    );
    let writes: Vec<String> = gh
        .writes()
        .iter()
        .map(|w| w.path_and_query.clone())
        .collect();
    assert_eq!(writes, ["/graphql", "/graphql"], "the two mutations");
    no_violations(&gh);
}

#[test]
fn resolve_thread_speaks_plain_text_and_mcp() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    let id = format!("PRRT_{root}");
    let run = env.run(&steer_args(&[
        "resolve-thread",
        "--pr",
        &pr.to_string(),
        "--thread",
        &id,
    ]));
    run.ok();
    assert!(
        run.stdout
            .contains(&format!("resolve review thread {id} on PR #{pr}")),
        "{}",
        run.stdout
    );

    let session = Session::start(&env);
    let entry = session.ok(
        "steer",
        with(
            "reopen",
            json!({"voyage": voyage, "action": {"kind": "unresolve-thread", "pr": pr, "thread": id}}),
        ),
    );
    assert_eq!(entry["action"]["thread"], json!(id));
    assert_eq!(entry["action"]["resolved"], json!(false));
    assert!(!gh.thread_resolved(REPO, root));
    let refused = session.err(
        "steer",
        with(
            "nothing",
            json!({"voyage": voyage, "action": {"kind": "resolve-thread", "pr": pr, "thread": "PRRT_999999"}}),
        ),
    );
    assert_eq!(refused["kind"], "not-found", "{refused}");
    no_violations(&gh);
}

#[test]
fn an_unknown_thread_is_not_found_and_nothing_is_recorded() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    let n = pr.to_string();
    env.run(&["observe", "github-pr", &n, "--focus", "reviews"])
        .ok();
    let before = entries(&env);

    let mut args = steer_args(&["resolve-thread", "--pr", &n, "--thread", "PRRT_424242"]);
    args.push("--json");
    let run = env.run(&args);
    run.fails(1);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "not-found", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("no review thread PRRT_424242"),
        "{message}"
    );
    assert!(message.contains("reviews focus"), "{message}");

    assert_eq!(entries(&env), before, "nothing recorded");
    let slate = env.run(&["slate", "list", "--json"]).json();
    assert_eq!(
        slate["slate"].as_array().unwrap().len(),
        1,
        "the slate kept"
    );
    no_violations(&gh);
}

#[test]
fn the_same_request_id_for_another_thread_is_refused() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let first = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    let second = gh.add_review_comment(REPO, pr, "src/lib.rs", 9, "And?");
    let n = pr.to_string();
    let resolve = |root: u64| {
        let id = format!("PRRT_{root}");
        let action = ["resolve-thread", "--pr", &n, "--thread", &id];
        env.run(&crate::settling::steer_args(Some("r-1"), &action))
    };
    resolve(first).json();
    let refused = resolve(second);
    let error = refused.error_json();
    assert_eq!(error["error"]["kind"], "conflict", "{error}");
    assert!(!gh.thread_resolved(REPO, second));
}
