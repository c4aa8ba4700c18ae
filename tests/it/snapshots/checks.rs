//! The CI lines a reader acts on (issue 31 §4), pinned: a pull request's
//! digest counts check runs and commit statuses apart and gives GitHub's
//! combined state; `github-checks` names the failed step and says of a
//! failing status or another app's check run that it has no log, and why;
//! after a push, "since entry N" says what became of each run and status
//! and of the combined state.

use super::{settings, shown};
use crate::support::fake_github::JobLog;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn ci_lines_count_runs_and_statuses_and_say_what_has_no_log() {
    let (env, gh, voyage) = github_voyage(REPO, "Read the red CI");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_actions_job(
        REPO,
        &sha,
        "ci / test",
        Some("failure"),
        &[("Set up job", "success"), ("cargo test", "failure")],
        JobLog::Text("running 1 test\ntest widget ... FAILED\n".into()),
    );
    gh.add_check_run(REPO, &sha, "sonar", "completed", Some("failure"));
    gh.add_status(REPO, &sha, "lint", "failure");
    gh.add_status(REPO, &sha, "deploy", "success");
    let pr = pr.to_string();
    let looked = env.run(&["observe", "github-checks", "--pr", &pr]);
    let said = "\"ci / test\" failed at step \"cargo test\" · \"sonar\" failed (no log: not an \
                Actions job) · \"lint\" failure (no log: a commit status) · deploy passed";
    assert!(looked.ok().stderr.contains(said), "{looked:?}");
    env.run(&["observe", "github-pr", &pr, "--focus", "summary,checks"])
        .ok();
    env.log(&voyage, "red", "CI failed").ok();

    gh.push_commit(REPO, pr.parse().unwrap());
    env.run(&["observe", "github-checks", "--pr", &pr]).ok();
    env.run(&["observe", "github-pr", &pr, "--focus", "summary,checks"])
        .ok();
    env.log(&voyage, "pushed", "CI again").ok();

    let story = env.run(&["voyage", "show", &voyage]);
    settings(&env).bind(|| insta::assert_snapshot!("checks_story", shown(&story)));
}
