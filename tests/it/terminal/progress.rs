//! Progress of a long GitHub look: drawn on stderr only when stderr is a
//! terminal, cleared when the look ends, and never with `--quiet` or
//! `--json`, nor in a pipe.

use std::io::Read;
use std::process::Stdio;
use std::time::Duration;

use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// Runs helm with stderr on a pseudo-terminal in raw mode and returns
/// what it wrote there, and its stdout.
fn stderr_on_terminal(env: &TestEnv, args: &[&str]) -> (String, String) {
    let (mut terminal, inside) = crate::support::pty::raw();
    let mut command = env.command(args);
    command
        .stderr(inside)
        .stdout(Stdio::piped())
        .env("TERM", "xterm");
    let child = command.spawn().expect("helm runs");
    drop(command);
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n @ 1..) = terminal.read(&mut buf) {
            out.extend_from_slice(&buf[..n]);
        }
        out
    });
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&reader.join().unwrap()).to_string();
    assert!(output.status.success(), "helm {args:?} failed: {stderr}");
    (stderr, String::from_utf8_lossy(&output.stdout).to_string())
}

/// A voyage and an issue on a GitHub slow enough that a look at it takes
/// longer than the second before progress shows.
fn slow_github() -> (TestEnv, FakeGitHub, String) {
    let (env, gh, _voyage) = github_voyage(REPO, "A slow look");
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    gh.set_latency(Duration::from_millis(1200));
    (env, gh, issue)
}

#[test]
fn a_long_github_look_shows_progress_on_a_terminal_and_clears_it() {
    let (env, _gh, issue) = slow_github();
    let (stderr, _) = stderr_on_terminal(&env, &["observe", "github-issue", &issue]);
    let drawn = stderr
        .find("reading github-issue")
        .unwrap_or_else(|| panic!("no progress on the terminal: {stderr:?}"));
    assert!(stderr[drawn..].contains("received"), "{stderr:?}");
    // Cleared before the summary line: erased, then the line written.
    let summary = stderr.rfind("observed").expect("the summary line");
    assert!(
        stderr[drawn..summary].contains("\x1b[2K"),
        "the progress line is erased when done: {stderr:?}"
    );
}

#[test]
fn no_progress_in_a_pipe_with_quiet_or_with_json() {
    let (env, _gh, issue) = slow_github();
    let piped = env.run(&["observe", "github-issue", &issue]);
    piped.ok();
    assert!(!piped.stderr.contains("reading"), "{}", piped.stderr);
    let (quiet, _) = stderr_on_terminal(&env, &["-q", "observe", "github-issue", &issue]);
    assert_eq!(quiet, "", "nothing but errors with --quiet");
    let (json, stdout) = stderr_on_terminal(&env, &["observe", "github-issue", &issue, "--json"]);
    assert!(!json.contains("reading"), "{json:?}");
    assert!(!stdout.contains("reading"), "{stdout}");
}

/// The time on the progress line counts from the command's start: the
/// line appears a second in, and says so, not `0s`.
#[test]
fn the_progress_time_counts_from_the_start_of_the_command() {
    let (env, _gh, issue) = slow_github();
    let (stderr, _) = stderr_on_terminal(&env, &["observe", "github-issue", &issue]);
    let drawn = stderr
        .find("reading github-issue")
        .unwrap_or_else(|| panic!("no progress on the terminal: {stderr:?}"));
    let rest = &stderr[drawn..];
    let open = rest.find(" (").expect("the time in brackets") + 2;
    let seconds: String = rest[open..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert!(
        seconds.parse::<u64>().is_ok_and(|s| s >= 1),
        "the first drawing says {:?}: {rest:?}",
        &rest[open..(open + 4).min(rest.len())]
    );
}
