//! GitHub's owner and repository names are case-insensitive: one repository
//! spelled two ways is one repository to the guard, the pin, the slate and a
//! replayed request id (issue 20).

use super::*;

const SPELLED: &str = "Octo/Widget";
const RESPELLED: &str = "octo/widget";

fn setup_spelled() -> (TestEnv, FakeGitHub, String) {
    github_voyage(SPELLED, "Spell it either way")
}

#[test]
fn a_steer_spelled_otherwise_is_checked_and_pinned() {
    let (env, gh, voyage) = setup_spelled();
    let pr = gh.add_pr(SPELLED, "Fix", "fix", "main");
    let number = pr.to_string();
    observe(&env, &["github-pr", &number, "--repo", SPELLED]).ok();
    let seen = gh.head_sha(SPELLED, pr);
    gh.push_commit(SPELLED, pr);
    let merge = ["--repo", RESPELLED, "merge-pr", "--pr", number.as_str()];
    let run = steer(&env, &merge);
    assert_refused(&env, &gh, &voyage, &run, "head moved from");

    let mut allowed = merge.to_vec();
    allowed.push("--allow-stale");
    steer(&env, &allowed);
    let sent = gh.writes().pop().expect("a merge was asked");
    assert_eq!(sent.body.unwrap()["sha"], seen.as_str(), "pinned");

    observe(&env, &["github-pr", &number, "--repo", SPELLED]).ok();
    let run = steer(&env, &merge);
    let action = run.json()["action"].clone();
    assert_eq!(action["freshness"]["verdict"], "fresh", "{action}");
    assert_eq!(action["pinnedSha"], gh.head_sha(SPELLED, pr).as_str());
}

#[test]
fn the_slate_holds_one_row_for_either_spelling() {
    let (env, gh, _) = setup_spelled();
    let pr = gh.add_pr(SPELLED, "Fix", "fix", "main").to_string();
    let first = observe(&env, &["github-pr", &pr, "--repo", SPELLED]).json();
    let again = observe(&env, &["github-pr", &pr, "--repo", RESPELLED]);
    assert!(again.stderr.contains("unchanged"), "{}", again.stderr);
    assert_eq!(again.json()["artifact"], first["artifact"]);
    let slate = env.run(&["slate", "list", "--json"]).json();
    let rows = slate["slate"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{slate}");
    assert_eq!(rows[0]["target"]["repo"], RESPELLED, "the latest spelling");

    let erased = env.run(&["slate", "erase", "github-pr", &pr, "--repo", "OCTO/WIDGET"]);
    erased.ok();
    let slate = env.run(&["slate", "list", "--json"]).json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(0), "{slate}");
}

#[test]
fn a_request_id_replays_under_either_spelling() {
    let (env, gh, _) = setup_spelled();
    let issue = gh.add_issue(SPELLED, "Crash", "Steps.").to_string();
    let comment = |repo: &'static str| {
        let action = [
            "--repo",
            repo,
            "--request-id",
            "r-1",
            "comment",
            "--issue",
            issue.as_str(),
            "--body",
            "On it.",
        ];
        steer(&env, &action)
    };
    let first = comment(SPELLED).json();
    let again = comment(RESPELLED).json();
    assert_eq!(again["replayed"], true, "{again}");
    assert_eq!(again["id"], first["id"]);
    assert_eq!(gh.writes().len(), 1, "acted once");
}
