//! Text named by path is read as a bounded regular file (issue 20 §2): a
//! FIFO, a device, a folder or `/dev/stdin` on a pipe is refused at once, a
//! body over GitHub's 65,536 characters is refused naming the limit and the
//! file, and nothing reaches GitHub. `-` still reads stdin.

use std::process::Stdio;

use super::looking::{bounded, mkfifo, run_bounded};
use crate::support::env::{Run, TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn setup() -> (FakeGitHub, TestEnv, u64) {
    let (env, gh, _) = github_voyage(REPO, "Bodies");
    let issue = gh.add_issue(REPO, "t", "b");
    (gh, env, issue)
}

fn comment<'a>(issue: &'a str, body_file: &'a str) -> Vec<&'a str> {
    steer_args(&["comment", "--issue", issue, "--body-file", body_file])
}

/// Runs helm with `stdin` as its stdin, writing `input` to it when it is a
/// pipe. helm may stop reading (a refusal, a bound reached): a closed pipe
/// is not the test's failure.
fn fed(env: &TestEnv, args: &[&str], stdin: Stdio, input: &[u8]) -> Run {
    use std::io::Write;
    let mut command = env.command(args);
    command.stdin(stdin);
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(input);
    }
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn body_files_that_are_not_regular_files_are_refused_at_once() {
    let (gh, env, issue) = setup();
    let issue = issue.to_string();
    mkfifo(&env.work().join("pipe.md"));
    env.write("docs/keep.md", "x");
    for (path, what) in [
        ("pipe.md", "a FIFO"),
        ("docs", "a directory"),
        ("/dev/zero", "a device"),
    ] {
        let run = run_bounded(&env, &comment(&issue, path));
        let stderr = run.fails(2);
        assert!(stderr.contains(what), "{path}: {stderr}");
        assert!(stderr.contains(path), "{path}: {stderr}");
        assert!(stderr.contains("regular file"), "{path}: {stderr}");
    }
    // `/dev/stdin` named as a path is whatever stdin is: here a pipe, which
    // the regular-file rule refuses; the hint says how to read stdin.
    let dev_stdin = comment(&issue, "/dev/stdin");
    let piped = fed(&env, &dev_stdin, Stdio::piped(), b"from a pipe");
    let stderr = piped.fails(2);
    assert!(stderr.contains("a FIFO"), "{stderr}");
    assert!(stderr.contains("`-`"), "{stderr}");
    // Redirected from a regular file, it is that file.
    let plan = env.write("plan.md", "a plan from a file");
    let file = std::fs::File::open(&plan).unwrap();
    fed(&env, &dev_stdin, Stdio::from(file), b"").ok();
    // `-` still reads stdin.
    env.run_with_stdin(&comment(&issue, "-"), b"from stdin")
        .ok();
    let bodies: Vec<String> = gh
        .comments(REPO, issue.parse().unwrap())
        .into_iter()
        .map(|c| c.body)
        .collect();
    assert_eq!(bodies, ["a plan from a file", "from stdin"]);
}

#[test]
fn a_body_over_githubs_limit_is_refused_naming_the_limit_and_the_file() {
    let (gh, env, issue) = setup();
    let issue = issue.to_string();
    // Two bytes a character: the limit counts characters, not bytes.
    env.write("long.md", "é".repeat(65_537));
    let stderr = comment_run(&env, &issue, "long.md");
    assert!(stderr.contains("65536 characters"), "{stderr}");
    assert!(stderr.contains("long.md"), "{stderr}");
    assert!(stderr.contains("it has 65537"), "{stderr}");
    // Far over: never read whole.
    env.write("huge.md", "x".repeat(1 << 20));
    let stderr = comment_run(&env, &issue, "huge.md");
    assert!(stderr.contains("65536 characters"), "{stderr}");
    let stdin = fed(
        &env,
        &comment(&issue, "-"),
        Stdio::piped(),
        &[b'y'; 300_000],
    );
    assert!(stdin.fails(2).contains("stdin"), "{stdin:?}");
    let inline = "z".repeat(65_537);
    let run = env.run(&steer_args(&[
        "comment", "--issue", &issue, "--body", &inline,
    ]));
    assert!(run.fails(2).contains("--body"), "{run:?}");
    assert!(gh.comments(REPO, issue.parse().unwrap()).is_empty());

    // Exactly at the limit is fine.
    env.write("full.md", "é".repeat(65_536));
    env.run(&comment(&issue, "full.md")).ok();
    let posted = gh.comments(REPO, issue.parse().unwrap());
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].body.chars().count(), 65_536);
}

fn comment_run(env: &TestEnv, issue: &str, path: &str) -> String {
    env.run(&comment(issue, path)).fails(2).to_string()
}

#[test]
fn summary_files_are_bounded_regular_files() {
    let env = TestEnv::new();
    let id = env.new_voyage("Summaries");
    env.write("notes.txt", "notes\n");
    let observed = env
        .run(&["observe", "-V", &id, "file-contents", "notes.txt", "--json"])
        .json();
    let hash = observed["artifact"].as_str().unwrap().to_string();
    let reduce = |file: &str| {
        let args = [
            "artifact",
            "reduce",
            hash.as_str(),
            "-V",
            id.as_str(),
            "--method",
            "human",
            "--summary-file",
            file,
        ];
        bounded(env.command(&args), "artifact reduce")
    };
    mkfifo(&env.work().join("summary.pipe"));
    let stderr = reduce("summary.pipe").fails(2).to_string();
    assert!(stderr.contains("a FIFO"), "{stderr}");
    assert!(stderr.contains("--summary-file summary.pipe"), "{stderr}");
    env.write("long.txt", "s".repeat((1 << 20) + 1));
    let stderr = reduce("long.txt").fails(2).to_string();
    assert!(stderr.contains("1048576 bytes"), "{stderr}");
    assert!(stderr.contains("long.txt"), "{stderr}");
    let status: String = env
        .sqlite(&id)
        .query_row("SELECT status FROM artifacts", [], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "stowed", "nothing was reduced");
    env.write("short.txt", "s".repeat(1 << 20));
    reduce("short.txt").ok();
}

/// A voyage file named as a body is refused before it is opened: only
/// SQLite opens voyage files, or closing the descriptor would drop the
/// locks of a steer running beside it in `helm mcp` (ADR 0011). Nothing
/// reaches GitHub, and the voyage stays sound.
#[test]
fn a_voyage_file_is_never_read_as_a_body() {
    let (gh, env, issue) = setup();
    let issue = issue.to_string();
    let voyage = env.new_voyage("Other");
    let path = env.home().join("voyages").join(format!("{voyage}.sqlite"));
    let path = path.to_str().unwrap().to_string();
    let run = env.run(&comment(&issue, &path));
    let stderr = run.fails(2);
    assert!(stderr.contains("helm voyage file"), "{stderr}");
    assert!(gh.comments(REPO, issue.parse().unwrap()).is_empty());
    env.run(&["voyage", "verify", &voyage]).ok();
}
