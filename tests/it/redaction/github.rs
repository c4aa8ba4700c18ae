//! GitHub's text: an issue's title and body, a comment, a failed job's log
//! tail; each redacted before it is stored, the record kept when GitHub
//! answers 304 and the part is kept, nothing left in the voyage file.

use super::{assert_absent_from_voyage_file, line, needle, secrets};
use crate::support::fake_github::JobLog;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn bodies_titles_and_log_tails_are_redacted_and_stay_so_on_a_304() {
    let (env, gh, voyage) = github_voyage(REPO, "secrets in threads");
    let all = secrets();
    let (pat, slack, aws, stripe) = (&all[0].1, &all[8].1, &all[6].1, &all[9].1);
    let issue = gh.add_issue(
        REPO,
        &format!("leaked {pat} in CI"),
        &format!("config:\n{}\n", line("generic-api-key", &all[10].1)),
    );
    gh.add_issue_comment(REPO, issue, "x", &format!("and {slack}"));
    let seen = env
        .run(&["observe", "github-issue", &issue.to_string(), "--json"])
        .json();
    let payload = &seen["payload"];
    let text = payload.to_string();
    for secret in [pat, slack, &all[10].1] {
        assert!(!text.contains(secret.as_str()), "{text}");
    }
    assert_eq!(
        payload["summary"]["title"],
        "leaked [redacted: github-pat] in CI"
    );
    let at: Vec<(&str, &str)> = payload["redacted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["at"].as_str().unwrap(), r["rule"].as_str().unwrap()))
        .collect();
    assert!(at.contains(&("/summary/title", "github-pat")), "{at:?}");
    assert!(
        at.iter().any(|(_, rule)| *rule == "slack-bot-token"),
        "{at:?}"
    );
    assert!(
        at.iter().any(|(_, rule)| *rule == "generic-api-key"),
        "{at:?}"
    );
    // Observed again, every part unchanged: the same artifact, the same record.
    let again = env
        .run(&["observe", "github-issue", &issue.to_string(), "--json"])
        .json();
    assert_eq!(again["artifact"], seen["artifact"]);
    assert_eq!(again["payload"]["redacted"], payload["redacted"]);

    // A failed job's log tail.
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_actions_job(
        REPO,
        &sha,
        "ci / deploy",
        Some("failure"),
        &[("deploy", "failure")],
        JobLog::Text(format!(
            "step 1\nAWS_ACCESS_KEY_ID {aws}\nusing {stripe}\ndeploy key:\n{}\nfailed\n",
            all[7].1
        )),
    );
    let checks = env.run(&[
        "observe",
        "github-checks",
        "--pr",
        &pr.to_string(),
        "--json",
    ]);
    let payload = &checks.json()["payload"];
    let text = payload.to_string();
    assert!(!text.contains(needle(&all[7].1)), "{text}");
    assert!(text.contains("[redacted: private-key]"), "{text}");
    assert!(
        !text.contains(aws.as_str()) && !text.contains(stripe.as_str()),
        "{text}"
    );
    assert!(text.contains("[redacted: aws-access-token]"), "{text}");
    assert!(text.contains("[redacted: stripe-access-token]"), "{text}");
    assert!(
        checks.stderr.contains("3 secrets redacted"),
        "{}",
        checks.stderr
    );

    env.log(&voyage, "waiting", "read the thread").ok();
    let needles: Vec<&str> = all.iter().map(|(_, s)| needle(s)).collect();
    assert_absent_from_voyage_file(&env.voyage_file(&voyage), &needles);
}
