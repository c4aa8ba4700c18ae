//! `helm mcp` speaks JSON-RPC 2.0 exactly (issue 20 §3), driven over raw
//! stdin/stdout: every request gets an answer, unparsable input is -32700
//! with `id: null`, an invalid request -32600 (with its id when it has a
//! usable one), params that do not fit -32602, a line over the size limit an
//! error; notifications are never answered, and the server keeps serving.
//! Also the server never reads a body from its own protocol stream.

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

/// The error code of the answer to `id`.
fn code(answers: &[Value], id: Value) -> i64 {
    let answer = answer(answers, &id);
    assert_eq!(answer["jsonrpc"], "2.0", "{answer}");
    answer["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("no error for {id}: {answer}"))
}

/// The codes of the answers whose `id` is present and null, in order.
fn null_id_codes(answers: &[Value]) -> Vec<i64> {
    answers
        .iter()
        .filter(|a| a.get("id") == Some(&Value::Null))
        .map(|a| a["error"]["code"].as_i64().unwrap())
        .collect()
}

fn kept_serving(answers: &[Value]) {
    assert_eq!(answer(answers, &json!("last"))["result"], json!({}));
}

fn lines(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|t| t.as_bytes().to_vec()).collect()
}

#[test]
fn every_malformed_request_gets_its_json_rpc_error() {
    let env = TestEnv::new();
    let answers = exchange(
        &env,
        &lines(&[
            "garbage{",
            r#"{"jsonrpc":"2.0","id":"p","method":"tools/call","params":[]}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"voyage_list","arguments":[]}}"#,
            r#"{"jsonrpc":"2.0","id":"no-method"}"#,
            r#"{"foo":1}"#,
            r#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#,
            r#"[{"jsonrpc":"2.0","id":9,"method":"ping"}]"#,
            r#"{"jsonrpc":"1.0","id":"old","method":"ping"}"#,
            r#""just a string""#,
            r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
            // A notification is never answered, even a malformed one.
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":[]}"#,
        ]),
    );
    assert_eq!(code(&answers, json!("p")), -32602);
    assert_eq!(code(&answers, json!(7)), -32602);
    assert_eq!(code(&answers, json!("no-method")), -32600);
    assert_eq!(code(&answers, json!("old")), -32600);
    assert_eq!(
        null_id_codes(&answers),
        [-32700, -32600, -32600, -32600, -32600, -32600]
    );
    kept_serving(&answers);
    // initialize, 4 with ids, 6 with null ids, the last ping: nothing else.
    assert_eq!(answers.len(), 12, "{answers:#?}");
}

#[test]
fn deep_nesting_is_answered_not_dropped() {
    let env = TestEnv::new();
    let deep =
        |open: &str, close: &str| format!("{}{}", open.repeat(100_000), close.repeat(100_000));
    let answers = exchange(
        &env,
        &[
            deep("[", "]").into_bytes(),
            format!(
                r#"{{"jsonrpc":"2.0","id":"deep","method":"ping","params":{{"a":{}}}}}"#,
                deep("[", "]")
            )
            .into_bytes(),
            format!(
                r#"{{"jsonrpc":"2.0","id":"deeper","method":"tools/call","params":{{"name":"voyage_list","arguments":{{"all":{}}}}}}}"#,
                deep(r#"{"a":"#, "}").replace(r#"{"a":}"#, r#"{"a":1}"#)
            )
            .into_bytes(),
            "{\"a\":".repeat(100_000).into_bytes(),
        ],
    );
    assert_eq!(code(&answers, json!("deep")), -32602);
    assert_eq!(code(&answers, json!("deeper")), -32602);
    assert_eq!(null_id_codes(&answers), [-32600, -32700]);
    kept_serving(&answers);
}

#[test]
fn a_line_over_the_size_limit_gets_an_error_and_the_server_keeps_serving() {
    let env = TestEnv::new();
    let pad = "x".repeat(16 << 20);
    let big =
        format!(r#"{{"jsonrpc":"2.0","id":"big","method":"ping","params":{{"pad":"{pad}"}}}}"#);
    let answers = exchange(
        &env,
        &[
            big.into_bytes(),
            br#"{"jsonrpc":"2.0","id":"after","method":"ping"}"#.to_vec(),
        ],
    );
    let errors = null_id_codes(&answers);
    assert_eq!(errors.len(), 1, "{answers:#?}");
    assert!([-32700, -32600].contains(&errors[0]), "{answers:#?}");
    assert_eq!(answer(&answers, &json!("after"))["result"], json!({}));
    kept_serving(&answers);
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
        assert_eq!(result.get("structuredContent"), None, "{result}");
        let text = result["content"][0]["text"].as_str().unwrap();
        let document: Value = serde_json::from_str(text).unwrap();
        let message = document["error"]["message"].as_str().unwrap();
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
    // Written once in `$defs` when several actions share it.
    let body_file = &comment["properties"]["bodyFile"];
    let body_file = match body_file["$ref"].as_str() {
        Some(shared) => &steer["inputSchema"]["$defs"][shared.trim_start_matches("#/$defs/")],
        None => body_file,
    };
    let described = body_file["description"].as_str().unwrap();
    assert!(!described.contains("stdin"), "{described}");
    assert!(!described.contains('-'), "{described}");
    assert!(described.contains("regular file"), "{described}");
    kept_serving(&answers);
}
