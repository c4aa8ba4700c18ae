//! `helm mcp` driven over raw stdin/stdout, as a client's bytes arrive: the
//! server never reads a body from its own protocol stream (issue 20 §2).

use std::io::{Read, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;

const HANDSHAKE: [&str; 2] = [
    r#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
];

const LAST: &str = r#"{"jsonrpc":"2.0","id":"last","method":"ping"}"#;

/// Starts `helm mcp`, writes the handshake, `lines` and a last ping, closes
/// stdin and returns every line helm wrote, parsed. A server still running
/// a minute later is killed and the test fails (pass or fail never depends
/// on speed).
fn exchange(env: &TestEnv, lines: &[Vec<u8>]) -> Vec<Value> {
    let mut child = env
        .command(&["mcp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("helm mcp starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut input: Vec<Vec<u8>> = HANDSHAKE.iter().map(|l| l.as_bytes().to_vec()).collect();
    input.extend(lines.iter().cloned());
    input.push(LAST.as_bytes().to_vec());
    let writer = std::thread::spawn(move || {
        for line in input {
            // A server that stopped reading is what the answers will show.
            if stdin
                .write_all(&line)
                .and_then(|()| stdin.write_all(b"\n"))
                .is_err()
            {
                return;
            }
        }
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("helm mcp hung; stderr: {}", stderr.join().unwrap());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    writer.join().unwrap();
    let stdout = stdout.join().unwrap();
    stdout
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"))
        })
        .collect()
}

/// The answer to request `id`, which must be exactly one.
fn answer<'a>(answers: &'a [Value], id: &Value) -> &'a Value {
    let found: Vec<&Value> = answers.iter().filter(|a| a.get("id") == Some(id)).collect();
    assert_eq!(found.len(), 1, "answers to {id}: {answers:#?}");
    found[0]
}

fn kept_serving(answers: &[Value]) {
    assert_eq!(answer(answers, &json!("last"))["result"], json!({}));
}

#[test]
fn a_body_is_never_read_from_the_servers_own_stdin() {
    const REPO: &str = "acme/widgets";
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Protocol");
    let issue = gh.add_issue(REPO, "t", "b");
    let steer = |id: &str, body_file: &str| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "steer",
            "arguments": {
                "voyage": voyage, "as": "claude-7", "role": "coder", "method": "m", "summary": "s",
                "action": {"kind": "comment", "issue": issue, "bodyFile": body_file}
            }
        }})
        .to_string()
        .into_bytes()
    };
    let answers = exchange(
        &env,
        &[
            steer("dev-stdin", "/dev/stdin"),
            steer("dash", "-"),
            br#"{"jsonrpc":"2.0","id":"list","method":"tools/list"}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":"next","method":"ping"}"#.to_vec(),
        ],
    );
    for (id, why) in [("dev-stdin", "a FIFO"), ("dash", "stdin")] {
        let result = &answer(&answers, &json!(id))["result"];
        assert_eq!(result["isError"], true, "{result}");
        let message = result["structuredContent"]["error"]["message"]
            .as_str()
            .unwrap();
        assert!(message.contains(why), "{id}: {message}");
    }
    assert!(gh.comments(REPO, issue).is_empty(), "a comment was posted");
    // The schema offers files only: no `-` for stdin.
    let tools = answer(&answers, &json!("list"))["result"]["tools"]
        .as_array()
        .unwrap();
    let steer = tools.iter().find(|t| t["name"] == "steer").unwrap();
    let comment = steer["inputSchema"]["$defs"]["ActionSpec"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["properties"]["kind"]["const"] == "comment")
        .unwrap();
    let described = comment["properties"]["bodyFile"]["description"]
        .as_str()
        .unwrap();
    assert!(!described.contains("stdin"), "{described}");
    assert!(!described.contains('-'), "{described}");
    assert!(described.contains("regular file"), "{described}");
    kept_serving(&answers);
}
