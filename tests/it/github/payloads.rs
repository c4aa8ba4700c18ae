//! What every GitHub kind puts on the slate, looked at once, again with
//! nothing changed (conditional, ADR 0008) and after a change, with every
//! request sent, pinned as one snapshot. GitHub's observation requests moved
//! to helm-github's `look/` (issue 41, step 1c) and will move again behind
//! the forge seam; the payloads (and so their artifacts), the validators
//! they keep and the requests behind them must not move with the code.

use serde_json::{Value, json};

use super::{REPO, setup};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, JobLog};
use crate::support::github::sorted_requests;

/// The look's payload and artifact, or its error.
fn look(env: &TestEnv, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let run = env.run(&all);
    if run.code != 0 {
        return json!({"exit": run.code, "stderr": run.stderr});
    }
    let doc = run.json();
    json!({"payload": doc["payload"], "artifact": doc["artifact"]})
}

/// An issue with a comment, and a pull request with a file, an inline
/// review, a failed Actions job with its log and an annotation, another
/// app's failed check run and a failed status: every part has something.
fn seeded(gh: &FakeGitHub) -> (u64, u64, String) {
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps");
    gh.add_issue_comment(REPO, issue, "bob", "Me too");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_pr_file(REPO, pr, "src/widget.rs", "@@ -1,0 +1,1 @@\n+line\n");
    let review = ("CHANGES_REQUESTED", "Nearly.");
    gh.add_inline_review(REPO, pr, "bob", review, ("src/widget.rs", 1), "Early?");
    let sha = gh.head_sha(REPO, pr);
    let log: String = (1..=40).map(|n| format!("test output {n}\n")).collect();
    let steps = [("Set up job", "success"), ("cargo test", "failure")];
    let job = gh.add_actions_job(
        REPO,
        &sha,
        "ci / test",
        Some("failure"),
        &steps,
        JobLog::Text(log),
    );
    gh.add_annotation(job, "src/widget.rs", 12, "assertion failed");
    gh.add_check_run(REPO, &sha, "sonar", "completed", Some("failure"));
    gh.add_status(REPO, &sha, "deploy", "failure");
    (issue, pr, sha)
}

#[test]
fn every_github_kinds_payload_first_again_and_changed() {
    let (env, gh, _voyage) = setup();
    let (issue, pr, sha) = seeded(&gh);
    let (issue, pr) = (issue.to_string(), pr.to_string());
    let looks: Vec<(&str, Vec<&str>)> = vec![
        ("github-repo", vec!["observe", "github-repo"]),
        ("github-issue", vec!["observe", "github-issue", &issue]),
        ("github-pr", vec!["observe", "github-pr", &pr]),
        (
            "github-pr checks only",
            vec!["observe", "github-pr", &pr, "--focus", "checks"],
        ),
        (
            "github-checks of the pr, every log",
            vec![
                "observe",
                "github-checks",
                "--pr",
                &pr,
                "--logs",
                "all",
                "--tail",
                "5",
            ],
        ),
        (
            "github-checks of a ref, no log",
            vec!["observe", "github-checks", "--ref", &sha, "--logs", "none"],
        ),
    ];
    let mut all = serde_json::Map::new();
    for (name, args) in &looks {
        let first = look(&env, args);
        let again = look(&env, args);
        // Nothing changed: every part answers 304 and the artifact is kept.
        let again = json!({
            "sameArtifact": again["artifact"] == first["artifact"],
            "samePayload": again["payload"] == first["payload"],
        });
        all.insert(name.to_string(), json!({"first": first, "again": again}));
    }
    gh.add_issue_comment(REPO, issue.parse().unwrap(), "carol", "And me");
    gh.add_pr_file(
        REPO,
        pr.parse().unwrap(),
        "src/other.rs",
        "@@ -1 +1 @@\n-a\n+b\n",
    );
    for (name, args) in &looks {
        all[*name]["changed"] = look(&env, args);
    }
    all.insert("requests".into(), sorted_requests(&gh).into());
    let text = serde_json::to_string_pretty(&Value::Object(all)).unwrap();
    let mut settings = crate::snapshots::settings(&env);
    // The fake's validators are digests of answers that hold times.
    settings.add_filter(r#"W/\\"[0-9a-f]+\\""#, "[ETAG]");
    settings.add_filter(
        r"[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT",
        "[HTTP-DATE]",
    );
    settings.bind(|| insta::assert_snapshot!("github_payloads_first_again_changed", text));
}
