//! The seed-000 flow from issue to merge, told by `voyage show`.

use serde_json::json;

use super::{REPO, no_violations, setup, steer};

#[test]
fn a_whole_voyage_from_issue_to_merge_tells_its_story() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(
        REPO,
        "Widget crashes on empty input",
        "Steps: run it with nothing.",
    );
    gh.add_issue_comment(REPO, issue, "maintainer", "Confirmed on main.");

    // 1. Observe the issue, then comment with a plan.
    let seen = env
        .run(&["observe", "github-issue", &issue.to_string(), "--json"])
        .json();
    assert_eq!(
        seen["target"],
        json!({"kind": "github-issue", "repo": REPO, "number": issue, "focus": ["comments", "summary"]})
    );
    assert_eq!(
        seen["payload"]["summary"]["title"],
        "Widget crashes on empty input"
    );
    assert_eq!(seen["payload"]["comments"][0]["body"], "Confirmed on main.");
    let comment = steer(
        &env,
        "plan: guard the index",
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body",
            "Plan: guard it.",
        ],
    )
    .json();
    assert_eq!(comment["kind"], "steer");
    assert_eq!(comment["action"]["steer"], "comment");
    assert_eq!(comment["action"]["repo"], REPO);
    assert!(comment["action"]["commentId"].as_u64().is_some());
    assert!(
        comment["action"]["url"]
            .as_str()
            .unwrap()
            .contains("issuecomment")
    );
    assert_eq!(comment["bearing"].as_array().unwrap().len(), 1);
    assert_eq!(gh.comments(REPO, issue).len(), 2);

    // 2. Log waiting.
    let waiting = env.log(&voyage, "waiting", "asked the maintainer");
    waiting.ok();

    // 3. Create a PR, request review.
    let created = steer(
        &env,
        "fix ready",
        &[
            "create-pr",
            "--title",
            "Guard empty input",
            "--head",
            "fix-42",
            "--base",
            "main",
            "--body",
            "Fixes #42",
        ],
    )
    .json();
    let pr = created["action"]["pr"]
        .as_u64()
        .expect("the new PR's number");
    assert!(
        created["action"]["url"]
            .as_str()
            .unwrap()
            .contains(&format!("/pull/{pr}"))
    );
    steer(
        &env,
        "needs eyes",
        &[
            "request-review",
            "--pr",
            &pr.to_string(),
            "--reviewer",
            "maintainer",
        ],
    )
    .json();

    // 4. A reviewer leaves an inline comment; observe the PR and reply inline.
    let inline = gh.add_review_comment(REPO, pr, "src/widget.rs", 10, "Why not return early?");
    gh.add_review(REPO, pr, "maintainer", "COMMENTED", "One question.");
    gh.set_diff(
        REPO,
        pr,
        "diff --git a/src/widget.rs b/src/widget.rs\n+guard\n",
    );
    let observed = env
        .run(&["observe", "github-pr", &pr.to_string(), "--json"])
        .json();
    let payload = &observed["payload"];
    assert_eq!(payload["summary"]["head"]["ref"], "fix-42");
    assert_eq!(payload["diff"]["format"], "unified");
    assert!(payload["diff"]["text"].as_str().unwrap().contains("+guard"));
    assert_eq!(payload["reviews"]["threads"][0]["id"], inline);
    assert_eq!(
        payload["reviews"]["threads"][0]["comments"][0]["body"],
        "Why not return early?"
    );
    assert_eq!(payload["reviews"]["reviews"][0]["state"], "COMMENTED");
    assert!(payload["checks"]["headSha"].as_str().is_some());
    let reply = steer(
        &env,
        "answered",
        &[
            "reply-inline",
            "--pr",
            &pr.to_string(),
            "--comment-id",
            &inline.to_string(),
            "--body",
            "Done, it returns early now.",
        ],
    )
    .json();
    assert_eq!(reply["action"]["inReplyTo"], inline);
    assert_eq!(reply["bearing"][0]["target"]["kind"], "github-pr");

    // 5. The reviewer approves; look at the checks and reviews, then merge,
    // guarded by the head sha.
    gh.add_review(REPO, pr, "maintainer", "APPROVED", "Thanks.");
    let focus = ["github-pr", &pr.to_string(), "--focus", "checks,reviews"];
    env.run(&[&["observe"][..], &focus].concat()).ok();
    let sha = gh.head_sha(REPO, pr);
    let merged = steer(
        &env,
        "approved",
        &[
            "merge-pr",
            "--pr",
            &pr.to_string(),
            "--squash",
            "--sha",
            &sha,
        ],
    )
    .json();
    assert_eq!(merged["action"]["mergeMethod"], "squash");
    assert_eq!(
        merged["action"]["mergeSha"].as_str().map(str::len),
        Some(40)
    );

    // The story.
    let story = env.run(&["voyage", "show", &voyage]);
    story.ok();
    let lines: Vec<&str> = story
        .stdout
        .lines()
        .filter(|l| l.starts_with("── "))
        .collect();
    assert_eq!(
        lines,
        [
            format!("── Steer 1 ── comment on issue #{issue}"),
            "── Log 2 ── waiting".to_string(),
            format!("── Steer 3 ── create PR #{pr}"),
            format!("── Steer 4 ── request review on PR #{pr} from maintainer"),
            format!("── Steer 5 ── reply inline on PR #{pr}"),
            format!(
                "── Steer 6 ── merge PR #{pr} ({})",
                &merged["action"]["mergeSha"].as_str().unwrap()[..7]
            ),
        ]
    );
    assert!(story.stdout.contains("claude-7 as coder"));
    no_violations(&gh);

    // The token is nowhere: not in the voyage file, not in any output.
    let file = std::fs::read(env.voyage_file(&voyage)).unwrap();
    assert!(
        !file
            .windows(gh.token().len())
            .any(|w| w == gh.token().as_bytes())
    );
    assert!(!story.stdout.contains(gh.token()));
}
