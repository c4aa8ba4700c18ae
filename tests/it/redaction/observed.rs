//! What an observation says and keeps beside its payload (issue 40): a
//! target holding a secret is refused before anything is stored, the status
//! line and summary are made from the redacted payload, and the record of
//! redactions is the scan's, so text that merely reads like a marker is text.

use super::{line, needle, secrets};
use crate::mcp::Session;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn a_target_holding_a_secret_is_refused_whatever_its_kind_and_nothing_is_stored() {
    let (env, _gh, voyage) = github_voyage(REPO, "no secret in a target");
    let all = secrets();
    let (pat, aws) = (&all[0].1, &all[6].1);
    env.write(&format!("creds/{pat}.txt"), "x");
    env.write(&format!("keys-{aws}/a.txt"), "x");
    let file = format!("creds/{pat}.txt");
    let root = format!("keys-{aws}");
    let cases: [(&[&str], &str); 4] = [
        (&["file-contents", &file], "github-pat"),
        (&["directory-tree", &root], "aws-access-token"),
        (&["github-checks", "--ref", pat], "github-pat"),
        (
            &[
                "github-checks",
                "--ref",
                &format!("AWS_SECRET_KEY={}", all[10].1),
            ],
            "generic-api-key",
        ),
    ];
    for (target, rule) in cases {
        let mut args = vec!["observe", "-V", &voyage];
        args.extend_from_slice(target);
        args.push("--json");
        let run = env.run(&args);
        assert_eq!(run.code, 1, "{target:?}: {}", run.stderr);
        let error = run.error_json();
        assert_eq!(error["error"]["kind"], "secret", "{error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.contains(rule), "{message}");
        assert!(message.contains("nothing was observed"), "{message}");
        assert!(
            error["error"]["hint"].as_str().unwrap().contains("rename"),
            "{error}"
        );
        for out in [&run.stdout, &run.stderr] {
            assert!(
                !out.contains(pat.as_str()) && !out.contains(aws.as_str()),
                "{out}"
            );
        }
    }
    // The slate holds nothing, so nothing is sealed, shown or pushed.
    let slate = env.run(&["slate", "list", "-V", &voyage, "--json"]).json();
    assert_eq!(slate["slate"], serde_json::json!([]), "{slate}");
    let file = std::fs::read(env.voyage_file(&voyage)).unwrap();
    for secret in [pat, aws] {
        assert!(!file.windows(secret.len()).any(|w| w == secret.as_bytes()));
    }
}

#[test]
fn an_mcp_observe_of_a_target_holding_a_secret_is_refused_the_same_way() {
    let (env, _gh, voyage) = github_voyage(REPO, "no secret in a target over MCP");
    let pat = &secrets()[0].1;
    let file = format!("creds/{pat}.txt");
    env.write(&file, "x");
    let session = Session::start(&env);
    let target = serde_json::json!({"kind": "file-contents", "paths": [file]});
    let error = session.err(
        "observe",
        serde_json::json!({"voyage": voyage, "target": target}),
    );
    assert_eq!(error["kind"], "secret", "{error}");
    assert!(!error.to_string().contains(pat.as_str()), "{error}");
    let slate = env.run(&["slate", "list", "-V", &voyage, "--json"]).json();
    assert_eq!(slate["slate"], serde_json::json!([]), "{slate}");
}

#[test]
fn the_status_line_and_summary_are_made_from_the_redacted_payload() {
    let (env, gh, _voyage) = github_voyage(REPO, "no secret on the screen");
    let all = secrets();
    let pat = &all[0].1;
    let issue = gh.add_issue(REPO, &format!("leaked {pat} in CI"), "b");
    let run = env.run(&["observe", "github-issue", &issue.to_string()]);
    run.ok();
    for out in [&run.stdout, &run.stderr] {
        assert!(!out.contains(pat.as_str()), "{out}");
    }
    assert!(
        run.stderr
            .contains("open: leaked [redacted: github-pat] in CI"),
        "{}",
        run.stderr
    );
    let seen = env
        .run(&["observe", "github-issue", &issue.to_string(), "--json"])
        .json();
    assert!(!seen.to_string().contains(pat.as_str()), "{seen}");
    let digest = seen["digest"].as_str().unwrap();
    assert!(
        digest.contains("leaked [redacted: github-pat] in CI"),
        "{digest}"
    );
}

#[test]
fn a_marker_in_observed_text_is_text_and_no_redaction_is_announced() {
    let (env, gh, voyage) = github_voyage(REPO, "only real redactions count");
    let issue = gh.add_issue(
        REPO,
        "a title [redacted: github-pat]",
        "ok [redacted: private-key]",
    );
    let run = env.run(&["observe", "github-issue", &issue.to_string(), "--json"]);
    let seen = run.json();
    assert_eq!(
        seen["payload"]["summary"]["title"],
        "a title [redacted: github-pat]"
    );
    assert!(seen["payload"].get("redacted").is_none(), "{seen}");
    assert!(
        !run.stderr.contains("redacted before storing"),
        "{}",
        run.stderr
    );
    // Beside a real secret, only the real one is counted.
    let real = gh.add_issue(
        REPO,
        "[redacted: github-pat] twice?",
        &format!("config:\n{}\n", line("generic-api-key", &secrets()[10].1)),
    );
    let run = env.run(&["observe", "github-issue", &real.to_string(), "--json"]);
    let record = &run.json()["payload"]["redacted"];
    assert_eq!(
        record,
        &serde_json::json!([{"at": "/summary/body", "rule": "generic-api-key", "count": 1}]),
        "{record}"
    );
    assert!(
        run.stderr.contains("1 secret redacted (generic-api-key)"),
        "{}",
        run.stderr
    );
    env.log(&voyage, "waiting", "read both").ok();
    let story = env.run(&["voyage", "show", &voyage]).stdout;
    assert!(
        story.contains("1 secret redacted (generic-api-key)"),
        "{story}"
    );
    assert!(!story.contains("github-pat)"), "{story}");
    assert!(!story.contains(needle(&secrets()[10].1)), "{story}");
}
