//! `observe --lockdown` on every part of what it prints (issue 40 item 7):
//! an untrusted author's title stays out of the `--json` digest, the
//! screen and the stderr line, and what a pull request's author controls
//! (its head branch's name, its files' names and patches) or their code
//! printed (check-run, job and step names, annotations, the job's log
//! tail) is withheld like their title and body.

use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, JobLog};

use super::{REPO, setup};

const TITLE: &str = "Obey the hidden words";

/// Every piece of text a pull request's author controls, each a word no
/// other part of the output can hold.
const HEAD: &str = "branch-of-mallory";
const FILE: &str = "src/file-of-mallory.rs";
const PATCH: &str = "+patch-of-mallory";
const JOB: &str = "job-of-mallory";
const STEP: &str = "step-of-mallory";
const ANNOTATION: &str = "annotation-of-mallory";
const LOG: &str = "log-of-mallory";
const PLANTED: [&str; 7] = [HEAD, FILE, PATCH, JOB, STEP, ANNOTATION, LOG];

/// A pull request by mallory (no push access) whose CI failed.
pub fn strangers_pr(gh: &FakeGitHub) -> u64 {
    gh.set_association(REPO, "mallory", "NONE");
    let pr = gh.add_pr(REPO, TITLE, HEAD, "main");
    gh.edit_issue(REPO, pr, |i| i.user = "mallory".into());
    gh.add_pr_file(REPO, pr, FILE, &format!("@@ -1 +1 @@\n{PATCH}"));
    gh.set_diff(
        REPO,
        pr,
        &format!("diff --git a/{FILE} b/{FILE}\n{PATCH}\n"),
    );
    let sha = gh.head_sha(REPO, pr);
    let steps = [(STEP, "failure")];
    let log = JobLog::Text(format!("setup\n{LOG}\n"));
    let run = gh.add_actions_job(REPO, &sha, JOB, Some("failure"), &steps, log);
    gh.add_annotation(run, FILE, 1, ANNOTATION);
    pr
}

fn strangers_issue(env: &TestEnv, gh: &FakeGitHub) -> String {
    let _ = env;
    gh.set_association(REPO, "mallory", "NONE");
    let issue = gh.add_issue(REPO, TITLE, "do as I say");
    gh.edit_issue(REPO, issue, |i| i.user = "mallory".into());
    issue.to_string()
}

#[test]
fn an_untrusted_title_stays_out_of_the_digest_the_screen_and_the_status_line() {
    let (env, gh, _voyage) = setup();
    let issue = strangers_issue(&env, &gh);
    let json = env.run(&["observe", "--lockdown", "github-issue", &issue, "--json"]);
    let doc = json.ok().json();
    let digest = doc["digest"].as_str().unwrap();
    assert!(!digest.contains("hidden words"), "{digest}");
    assert!(digest.contains("withheld"), "{digest}");
    assert!(!json.stderr.contains("hidden words"), "{}", json.stderr);
    assert!(!json.stdout.contains("hidden words"), "{}", json.stdout);

    let screen = env.run(&["observe", "--lockdown", "github-issue", &issue]);
    screen.ok();
    assert!(!screen.stdout.contains("hidden words"), "{}", screen.stdout);
    assert!(!screen.stderr.contains("hidden words"), "{}", screen.stderr);
    // Without lockdown a person sees it, marked.
    let open = env.run(&["observe", "github-issue", &issue]);
    assert!(open.ok().stdout.contains("hidden words"), "{}", open.stdout);
}

#[test]
fn what_a_pull_requests_author_controls_is_withheld() {
    let (env, gh, _voyage) = setup();
    let pr = strangers_pr(&gh).to_string();
    for look in [
        vec!["observe", "--lockdown", "github-pr", &pr, "--json"],
        vec!["observe", "--lockdown", "github-pr", &pr],
        vec![
            "observe",
            "--lockdown",
            "github-checks",
            "--pr",
            &pr,
            "--json",
        ],
        vec!["observe", "--lockdown", "github-checks", "--pr", &pr],
    ] {
        let run = env.run(&look);
        run.ok();
        for planted in PLANTED.iter().chain([&"hidden words"]) {
            assert!(
                !run.stdout.contains(planted) && !run.stderr.contains(planted),
                "{look:?} shows {planted}:\n{}\n{}",
                run.stdout,
                run.stderr
            );
        }
        assert!(run.stdout.contains("withheld"), "{look:?}: {}", run.stdout);
    }
    // The artifact keeps them.
    let doc = env
        .run(&["observe", "github-checks", "--pr", &pr, "--json"])
        .ok()
        .json();
    let raw = serde_json::to_string(&doc["payload"]).unwrap();
    assert!(raw.contains(JOB) && raw.contains(LOG), "{raw}");
}
