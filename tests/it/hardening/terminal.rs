//! Text stored in a voyage never reaches a terminal raw and never panics
//! helm, whoever wrote it there. `--json` documents too (issue 20 §2): on a
//! terminal, what could drive it is written as `\uXXXX` escapes (the same
//! JSON); into a pipe, the bytes pass unchanged.

use std::io::Read;
use std::process::Stdio;

use serde_json::Value;

use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::Fault;
use crate::support::github::github_voyage;

/// True when `text` holds ESC or a C1 control, which a terminal would act on.
fn drives_a_terminal(text: &str) -> bool {
    text.chars()
        .any(|c| c == '\u{1b}' || ('\u{80}'..='\u{9f}').contains(&c))
}

#[test]
fn escape_sequences_stored_in_a_voyage_are_never_printed_raw() {
    let env = TestEnv::new();
    let id = env.new_voyage("Hostile");
    env.write("notes.txt", "notes\n");
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    env.log(&id, "waiting", "sealed").ok();
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    let esc = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m";
    let conn = env.sqlite(&id);
    conn.execute(
        "UPDATE voyage SET created_at = ?1, intent = ?1 || 'intent', status = 'ended', \
         ended_at = ?1, ended_status = ?1",
        [esc],
    )
    .unwrap();
    conn.execute(
        "UPDATE logbook SET recorded_at = ?1, summary = ?1, identity = ?1, role = ?1, method = ?1",
        [esc],
    )
    .unwrap();
    let target = format!(r#"{{"kind":"fileContents","paths":["{esc}"]}}"#)
        .replace('\u{1b}', "\\u001b")
        .replace('\u{7}', "\\u0007");
    conn.execute(
        "UPDATE slate SET target = ?1, observed_at = ?2",
        [target.as_str(), esc],
    )
    .unwrap();
    conn.execute(
        "UPDATE bearing_observations SET target = ?1, observed_at = ?2",
        [target.as_str(), esc],
    )
    .unwrap();
    drop(conn);
    for args in [
        &["voyage", "show", &id][..],
        &["voyage", "show", &id, "--format", "markdown"],
        &["voyage", "list", "--all"],
        &["slate", "list", "-V", &id],
    ] {
        let run = env.run(args);
        assert!(!drives_a_terminal(&run.stdout), "{args:?}: {run:?}");
        assert!(!drives_a_terminal(&run.stderr), "{args:?}: {run:?}");
    }
}

#[test]
fn a_hash_that_is_not_hex_does_not_panic_show_or_log() {
    let env = TestEnv::new();
    let id = env.new_voyage("Odd hash");
    env.write("notes.txt", "notes\n");
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    let odd = format!("a{}", "é".repeat(40));
    let conn = env.sqlite(&id);
    conn.execute(
        "INSERT INTO artifacts (hash, data) SELECT ?1, data FROM artifacts",
        [&odd],
    )
    .unwrap();
    conn.execute("UPDATE slate SET artifact_hash = ?1", [&odd])
        .unwrap();
    drop(conn);
    env.run(&["slate", "list", "-V", &id]).ok();
    // log seals the slate and then prints the entry with its bearing.
    let logged = env.log(&id, "waiting", "seals the odd hash");
    assert_ne!(logged.code, 101, "{logged:?}");
    logged.ok();
    let shown = env.run(&["voyage", "show", &id]);
    shown.ok();
    assert!(shown.stdout.contains("aéééé"), "{shown:?}");
    env.run(&["voyage", "show", &id, "--format", "markdown"])
        .ok();

    // A merge entry's sha is cut for its headline, on a character boundary.
    env.sqlite(&id)
        .execute(
            "INSERT INTO logbook (recorded_at, identity, action, summary, role, method) \
             VALUES ('2026-01-01T00:00:00Z', 'a', ?1, 's', 'r', 'm')",
            [r#"{"kind":"steer","steer":"merge-pr","repo":"o/r","pr":45,"mergeSha":"aéééééééé"}"#],
        )
        .unwrap();
    let shown = env.run(&["voyage", "show", &id]);
    shown.ok();
    assert!(shown.stdout.contains("merge PR #45 (aéééééé)"), "{shown:?}");
}

/// Runs helm with stdout on a pseudo-terminal in raw mode (so the bytes
/// arrive as helm wrote them) and returns what it wrote there.
fn on_terminal(env: &TestEnv, args: &[&str]) -> String {
    let (mut terminal, inside) = crate::support::pty::raw();
    let mut command = env.command(args);
    command.stdout(inside).stderr(Stdio::piped());
    let child = command.spawn().expect("helm runs");
    // Only helm holds the terminal now: reads end when it exits.
    drop(command);
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let mut buf = [0u8; 8192];
        // EIO once every holder of the other end has closed it.
        while let Ok(n @ 1..) = terminal.read(&mut buf) {
            out.extend_from_slice(&buf[..n]);
        }
        out
    });
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "helm {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(reader.join().unwrap()).expect("UTF-8 on the terminal")
}

/// C1 controls, DEL and bidi overrides: raw, each makes a terminal act.
const HOSTILE: &str = "a\u{9b}31m\u{202e}b\u{7f}c\u{2066}d\u{85}e";

fn hostile_chars(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| matches!(c, '\u{7f}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

#[test]
fn json_documents_are_escaped_on_a_terminal_and_unchanged_in_a_pipe() {
    const REPO: &str = "acme/widgets";
    let (env, gh, _) = github_voyage(REPO, &format!("intent {HOSTILE}"));
    let issue = gh
        .add_issue(REPO, &format!("title {HOSTILE}"), "body")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let who = format!("agent {HOSTILE}");
    env.run(&[
        "log",
        "--as",
        &who,
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "waiting",
    ])
    .ok();
    env.run(&["observe", "github-issue", &issue]).ok();
    // A steer makes the issue one the voyage touched: the brief shows its
    // title. One whose answer is lost stays interrupted, under its identity.
    let mut steer = steer_args(&["comment", "--issue", &issue, "--body", "hi"]);
    steer[2] = &who;
    env.run(&steer).ok();
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    env.run(&steer).fails(1);
    let brief = env.run(&["voyage", "brief", "--json"]).json();
    assert_eq!(
        brief["github"][0]["lastSeen"]["title"],
        format!("title {HOSTILE}"),
        "{brief}"
    );
    for args in [
        &["voyage", "brief", "--json"][..],
        &["voyage", "show", "--json"],
        &["voyage", "list", "--json"],
        &["interrupted", "list", "--json"],
    ] {
        let piped = env.run(args);
        piped.ok();
        assert!(
            !hostile_chars(&piped.stdout).is_empty(),
            "{args:?} printed no hostile text: {}",
            piped.stdout
        );
        let shown = on_terminal(&env, args);
        assert!(hostile_chars(&shown).is_empty(), "{args:?}: {shown}");
        assert!(shown.contains("\\u009b"), "{args:?}: {shown}");
        let same: Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(same, piped.json(), "{args:?}");
    }
}
