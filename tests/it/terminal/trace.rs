//! `-v/--verbose` and `HELM_LOG=debug`: each HTTP request (method, URL,
//! status, time, cache, rate limit left) and each git command on stderr,
//! and never the token.

use crate::support::github::github_voyage;
use crate::sync::{Machines, voyage_with_an_entry};

const REPO: &str = "acme/widgets";

/// Nothing that could carry a credential: the token itself, and no
/// `Authorization` header in any spelling.
fn assert_no_secret(stderr: &str, token: &str) {
    assert!(!stderr.contains(token), "the token leaked:\n{stderr}");
    assert!(
        !stderr.to_ascii_lowercase().contains("authorization"),
        "an Authorization header leaked:\n{stderr}"
    );
}

#[test]
fn verbose_traces_each_request_with_status_time_and_rate_limit() {
    let (env, gh, _voyage) = github_voyage(REPO, "Traced");
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    let run = env.run(&["-v", "observe", "github-issue", &issue]);
    run.ok();
    let path = format!("/repos/{REPO}/issues/{issue}");
    let line = run
        .stderr
        .lines()
        .find(|line| line.contains("GET ") && line.contains(&path) && !line.contains("/comments"))
        .unwrap_or_else(|| panic!("no trace of GET {path}:\n{}", run.stderr));
    assert!(line.contains(&gh.url()), "the whole URL: {line}");
    assert!(line.contains("200"), "the status: {line}");
    assert!(line.contains(" ms"), "the time: {line}");
    assert!(line.contains("rate limit"), "what is left of it: {line}");
    assert_no_secret(&run.stderr, gh.token());

    // Looked at again: GitHub answers 304, and the trace says so.
    let again = env.run(&["observe", "github-issue", &issue, "--verbose"]);
    again.ok();
    assert!(
        again
            .stderr
            .lines()
            .any(|line| line.contains(&path) && line.contains("304 Not Modified")),
        "{}",
        again.stderr
    );
    assert_no_secret(&again.stderr, gh.token());
}

#[test]
fn helm_log_debug_traces_as_verbose_does_and_nothing_traces_without_it() {
    let (mut env, gh, _voyage) = github_voyage(REPO, "Traced by the environment");
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    let quiet = env.run(&["observe", "github-issue", &issue]);
    quiet.ok();
    assert!(!quiet.stderr.contains("GET "), "{}", quiet.stderr);
    env.set("HELM_LOG", "debug");
    let run = env.run(&["observe", "github-issue", &issue, "--json"]);
    run.ok();
    assert!(
        run.stderr
            .contains(&format!("GET {}/repos/{REPO}/issues/{issue}", gh.url())),
        "{}",
        run.stderr
    );
    assert_no_secret(&run.stderr, gh.token());
    // The JSON document on stdout is untouched by the trace.
    run.json();
}

#[test]
fn a_write_is_traced_without_its_body_or_token() {
    let (env, gh, _voyage) = github_voyage(REPO, "A traced write");
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let args = crate::support::env::steer_args(&["comment", "--issue", &issue, "--body", "Plan."]);
    let mut all = vec!["--verbose"];
    all.extend(args);
    let run = env.run(&all);
    run.ok();
    assert!(
        run.stderr.lines().any(|line| line.contains("POST ")
            && line.contains("/comments")
            && line.contains("201")),
        "{}",
        run.stderr
    );
    assert_no_secret(&run.stderr, gh.token());
}

#[test]
fn verbose_traces_each_git_command_of_a_push_and_a_pull() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Traced sync");
    let remote = m.remote.arg();
    let push = m.a.run(&["-v", "voyage", "push", &id, "--remote", &remote]);
    push.ok();
    assert!(
        push.stderr
            .lines()
            .any(|l| l.contains("git ") && l.contains(" push ")),
        "{}",
        push.stderr
    );
    let pull = m.b.run(&["voyage", "pull", &id, "--remote", &remote, "-v"]);
    pull.ok();
    assert!(
        pull.stderr
            .lines()
            .any(|l| l.contains("git ") && l.contains(" fetch ")),
        "{}",
        pull.stderr
    );
    let silent = m.b.run(&["voyage", "pull", &id, "--remote", &remote]);
    silent.ok();
    assert!(!silent.stderr.contains(" fetch "), "{}", silent.stderr);
}
