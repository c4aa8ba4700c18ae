//! `helm observe file-contents -`: what a command printed, piped in, is
//! observed as stdin, named by its content's hash and size (two different
//! outputs are two observations), redacted as a file is; stdin that is a
//! terminal, stdin beside paths, and `-` over MCP are refused.

use std::process::Stdio;

use serde_json::json;
use sha2::{Digest, Sha256};

use crate::mcp::Session;
use crate::support::env::TestEnv;
use crate::support::pty;

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn piped_output_is_observed_as_stdin_by_its_hash_and_redacted() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("read the test output");
    env.set("HELM_VOYAGE", &voyage);
    let (_, secret) = crate::redaction::secrets().swap_remove(0);
    let printed = format!("running 3 tests\ntoken {secret}\ntest result: FAILED\n");
    let run = env.run_with_stdin(
        &["observe", "file-contents", "-", "--json"],
        printed.as_bytes(),
    );
    let doc = run.json();
    assert_eq!(
        doc["target"],
        json!({"kind": "file-contents", "stdin": {"sha256": sha256(printed.as_bytes()), "size": printed.len()}})
    );
    let file = &doc["payload"]["files"][0];
    assert_eq!(file["path"], "-");
    assert_eq!(file["size"], printed.len());
    let content = file["content"].as_str().unwrap();
    assert!(content.starts_with("running 3 tests\n"), "{content}");
    assert!(
        !content.contains(&secret),
        "redacted as a file is: {content}"
    );
    assert!(content.contains("[redacted: github-pat]"), "{content}");

    // The same output again is the same target; another is another.
    env.run_with_stdin(&["observe", "file-contents", "-"], printed.as_bytes())
        .ok();
    env.run_with_stdin(&["observe", "file-contents", "-"], b"all passed\n")
        .ok();
    let slate = env.run(&["slate", "list", "--json"]).json();
    let targets = slate.to_string();
    assert_eq!(targets.matches("\"stdin\"").count(), 2, "{slate}");
    env.assert_sound(&voyage);
}

#[test]
fn stdin_is_refused_on_a_terminal_beside_paths_and_over_mcp() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("read the test output");
    env.set("HELM_VOYAGE", &voyage);
    let (_master, tty) = pty::raw();
    let out = env
        .command(&["observe", "file-contents", "-"])
        .stdin(Stdio::from(tty))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("stdin is this terminal"), "{stderr}");
    assert!(stderr.contains("hint: pipe a command's output"), "{stderr}");

    env.write("notes.txt", "notes");
    let run = env.run_with_stdin(&["observe", "file-contents", "-", "notes.txt"], b"x");
    assert!(run.fails(2).contains("observed alone"), "{}", run.stderr);

    let session = Session::start(&env);
    let error = session.err(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "file-contents", "paths": ["-"]}}),
    );
    assert!(error.to_string().contains("MCP protocol"), "{error}");
    let slate = env.run(&["slate", "list", "--json"]).json();
    assert!(!slate.to_string().contains("file-contents"), "{slate}");
}
