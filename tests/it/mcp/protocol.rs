//! The protocol around the tools: the versions negotiated (2025-06-18,
//! 2025-11-25, and the stateless 2026-07-28 as rmcp serves it), progress
//! notifications from long looks, and the voyages as resources.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};

use rmcp::model::ReadResourceRequestParams;
use serde_json::{Value, json};

use super::Session;
use crate::support::env::TestEnv;

/// `helm mcp` spoken to line by line, as a client of any SDK would.
struct Raw {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Raw {
    fn start(env: &TestEnv) -> Raw {
        let mut command = env.command(&["mcp"]);
        command.stdin(Stdio::piped()).stdout(Stdio::piped());
        let mut child = command.spawn().expect("helm mcp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Raw {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, message: Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends a request; the answer with its id (notifications skipped).
    fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.exchange(id, method, params).0
    }

    /// Sends a request; the answer with its id, and the notifications that
    /// came before it.
    fn exchange(&mut self, id: u64, method: &str, params: Value) -> (Value, Vec<Value>) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let mut notifications = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.stdout.read_line(&mut line).unwrap();
            assert!(read > 0, "helm mcp closed stdout before answering {method}");
            let message: Value = serde_json::from_str(&line).expect("a JSON-RPC line");
            if message["id"] == id {
                return (message, notifications);
            }
            if message.get("id").is_none() {
                notifications.push(message);
            }
        }
    }

    fn initialize(&mut self, version: &str) -> Value {
        let answer = self.request(
            1,
            "initialize",
            json!({"protocolVersion": version, "capabilities": {},
                   "clientInfo": {"name": "raw", "version": "1"}}),
        );
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        answer
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_2025_revisions_are_negotiated_and_served() {
    let env = TestEnv::new();
    for version in ["2025-06-18", "2025-11-25"] {
        let mut raw = Raw::start(&env);
        let answer = raw.initialize(version);
        assert_eq!(answer["result"]["protocolVersion"], version, "{answer}");
        let capabilities = &answer["result"]["capabilities"];
        assert!(capabilities["tools"].is_object(), "{answer}");
        assert!(capabilities["resources"].is_object(), "{answer}");
        let tools = raw.request(2, "tools/list", json!({}));
        let listed = tools["result"]["tools"].as_array().unwrap();
        assert!(listed.iter().all(|t| t["outputSchema"]["type"] == "object"));
        let created = raw.request(
            3,
            "tools/call",
            json!({"name": "voyage_new", "arguments": {"intent": version}}),
        );
        let result = &created["result"];
        assert_eq!(result["structuredContent"]["intent"], version, "{created}");
        let text = result["content"][0]["text"].as_str().unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(text).unwrap(),
            result["structuredContent"]
        );
    }
}

#[test]
fn a_client_asking_for_the_stateless_revision_is_served_without_initialize() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Stateless");
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}
    });
    let mut raw = Raw::start(&env);
    let tools = raw.request(1, "tools/list", json!({"_meta": meta}));
    let listed = tools["result"]["tools"].as_array().expect("tools");
    assert!(
        listed.iter().any(|t| t["name"] == "voyage_brief"),
        "{tools}"
    );
    let brief = raw.request(
        2,
        "tools/call",
        json!({"_meta": meta, "name": "voyage_brief", "arguments": {"voyage": voyage}}),
    );
    assert_eq!(
        brief["result"]["structuredContent"]["voyage"]["intent"], "Stateless",
        "{brief}"
    );
    // A client of the old lifecycle, asking for the newest revision at
    // initialize, is answered with the newest one that has it.
    let mut old = Raw::start(&env);
    let answer = old.initialize("2026-07-28");
    assert_eq!(
        answer["result"]["protocolVersion"], "2025-11-25",
        "{answer}"
    );
}

/// The conformance suite's 2026-07-28 draft: that revision has no `initialize`, so
/// one sent in it is a method not found (-32601), not a request with bad params; and
/// a ping is answered `{}` at every point, before and after a stateless call, with or
/// without `_meta`.
#[test]
fn a_stateless_initialize_is_not_found_and_ping_is_always_answered() {
    let env = TestEnv::new();
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}
    });
    let mut raw = Raw::start(&env);
    let pong = json!({"jsonrpc": "2.0", "id": 1, "result": {}});
    assert_eq!(raw.request(1, "ping", json!({"_meta": meta})), pong);
    for (id, params) in [
        (2, json!({"_meta": meta})),
        (
            3,
            json!({"_meta": meta, "protocolVersion": "2026-07-28", "capabilities": {},
                   "clientInfo": {"name": "raw", "version": "1"}}),
        ),
    ] {
        let answer = raw.request(id, "initialize", params);
        assert_eq!(answer["error"]["code"], -32601, "{answer}");
        assert_eq!(answer["error"]["data"]["method"], "initialize", "{answer}");
    }
    let listed = raw.request(
        4,
        "tools/call",
        json!({"_meta": meta, "name": "voyage_list", "arguments": {}}),
    );
    assert_eq!(listed["result"]["isError"], false, "{listed}");
    for (id, params) in [
        (5, json!({"_meta": meta})),
        (6, json!({})),
        (7, Value::Null),
    ] {
        let answer = raw.request(id, "ping", params);
        assert_eq!(
            answer,
            json!({"jsonrpc": "2.0", "id": id, "result": {}}),
            "ping {id}"
        );
    }
}

#[test]
fn a_big_tree_reports_progress_to_a_client_that_asks() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Progress");
    for dir in 0..20 {
        for file in 0..100 {
            env.write(&format!("tree/d{dir}/f{file}.txt"), "x");
        }
    }
    let session = Session::start(&env);
    let target = json!({"kind": "directory-tree", "root": "tree"});
    let (document, progress) =
        session.ok_with_progress("observe", json!({"voyage": voyage, "target": target}));
    let entries = document["payload"]["entries"].as_array().unwrap().len() as f64;
    assert_eq!(entries, 2020.0);
    assert!(!progress.is_empty(), "no progress notification");
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert!(
        values.windows(2).all(|w| w[0] < w[1]),
        "progress must increase: {values:?}"
    );
    assert!(*values.last().unwrap() <= entries, "{values:?}");
}

#[test]
fn progress_is_sent_only_with_a_token_and_before_the_result() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Tokens");
    for file in 0..600 {
        env.write(&format!("tree/f{file}.txt"), "x");
    }
    let mut raw = Raw::start(&env);
    raw.initialize("2025-06-18");
    let target = json!({"kind": "directory-tree", "root": "tree"});
    let (plain, notes) = raw.exchange(
        2,
        "tools/call",
        json!({"name": "observe", "arguments": {"voyage": voyage, "target": target}}),
    );
    assert!(plain["result"]["structuredContent"].is_object(), "{plain}");
    assert_eq!(notes, Vec::<Value>::new());
    let (asked, notes) = raw.exchange(
        3,
        "tools/call",
        json!({"_meta": {"progressToken": "tree-1"}, "name": "observe",
               "arguments": {"voyage": voyage, "target": target}}),
    );
    assert!(asked["result"]["structuredContent"].is_object(), "{asked}");
    assert!(!notes.is_empty(), "no progress before the result");
    for note in &notes {
        assert_eq!(note["method"], "notifications/progress", "{note}");
        assert_eq!(note["params"]["progressToken"], "tree-1", "{note}");
    }
}

#[test]
fn a_big_file_reports_its_bytes_read_against_its_size() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Progress");
    let size = 5 << 20;
    env.write("big.log", "0123456789abcdef\n".repeat(size / 17));
    let size = (size / 17 * 17) as f64;
    let session = Session::start(&env);
    let target = json!({"kind": "file-contents", "paths": ["big.log"]});
    let (_, progress) =
        session.ok_with_progress("observe", json!({"voyage": voyage, "target": target}));
    let last = progress.last().expect("a progress notification");
    assert_eq!(last.progress, size);
    assert_eq!(last.total, Some(size));
}

#[test]
fn voyages_are_resources_their_story_in_markdown_and_their_brief() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Resources");
    env.log(&voyage, "waiting", "asked for a review").ok();
    let other = env.new_voyage("Another");
    let session = Session::start(&env);
    let client = session.client();
    let runtime = session.runtime();

    let listed = runtime.block_on(client.list_all_resources()).unwrap();
    let uris: Vec<&str> = listed.iter().map(|r| r.uri.as_str()).collect();
    for id in [&voyage, &other] {
        assert!(
            uris.contains(&format!("helm://voyages/{id}/story").as_str()),
            "{uris:?}"
        );
        assert!(
            uris.contains(&format!("helm://voyages/{id}/brief").as_str()),
            "{uris:?}"
        );
    }
    let story = listed
        .iter()
        .find(|r| r.uri.ends_with(&format!("{voyage}/story")))
        .unwrap();
    assert_eq!(story.mime_type.as_deref(), Some("text/markdown"));

    let templates = runtime
        .block_on(client.list_all_resource_templates())
        .unwrap();
    let templates: Vec<&str> = templates.iter().map(|t| t.uri_template.as_str()).collect();
    assert_eq!(
        templates,
        [
            "helm://voyages/{voyage}/story",
            "helm://voyages/{voyage}/brief",
            "helm://voyages/{voyage}/page"
        ]
    );

    let read = |uri: String| {
        runtime
            .block_on(client.read_resource(ReadResourceRequestParams::new(uri)))
            .map(|result| serde_json::to_value(&result.contents[0]).unwrap())
            .map_err(|err| err.to_string())
    };
    // A prefix is enough, as everywhere a voyage is named.
    let markdown = read(format!("helm://voyages/{}/story", &voyage[..24])).unwrap();
    assert_eq!(markdown["mimeType"], "text/markdown");
    let cli = env.run(&["voyage", "show", &voyage, "--format", "markdown"]);
    assert_eq!(markdown["text"], cli.stdout.as_str());
    let brief = read(format!("helm://voyages/{voyage}/brief")).unwrap();
    assert_eq!(
        brief["text"],
        env.run(&["voyage", "brief", &voyage]).stdout.as_str()
    );
    let missing = read("helm://voyages/ffffffff/story".to_string()).unwrap_err();
    assert!(
        missing.contains("-32002") || missing.contains("ffffffff"),
        "{missing}"
    );
    let bad = read("helm://voyages/x/logbook".to_string()).unwrap_err();
    assert!(bad.contains("no helm resource"), "{bad}");
}

#[test]
fn a_server_without_voyage_show_serves_no_story() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Hidden");
    let session = Session::start_with(&env, &["--tools", "voyage_brief,log"]);
    let runtime = session.runtime();
    let client = session.client();
    let listed = runtime.block_on(client.list_all_resources()).unwrap();
    assert_eq!(listed.len(), 1);
    assert!(listed[0].uri.ends_with("/brief"));
    let refused = runtime
        .block_on(client.read_resource(ReadResourceRequestParams::new(format!(
            "helm://voyages/{voyage}/story"
        ))))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("not served"), "{refused}");
}
