//! `helm mcp` spoken to in raw lines, with its input closed by the test
//! when it chooses, and its stdout, stderr and exit status kept: for the
//! lifecycle and cancellation tests, where what matters is what the server
//! writes (or does not) around the protocol's edges.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::env::TestEnv;

/// Not a timed assertion: only a guard against a test hanging forever.
const GIVE_UP: Duration = Duration::from_secs(120);

pub struct Raw {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<Value>,
    /// Every line read so far, in order.
    seen: Vec<Value>,
    stderr: Option<std::thread::JoinHandle<String>>,
}

/// A server that ended: all it wrote, and how it exited.
pub struct Ended {
    pub answers: Vec<Value>,
    pub stderr: String,
    pub status: ExitStatus,
}

impl Raw {
    pub fn start(env: &TestEnv) -> Raw {
        let mut child = env
            .command(&["mcp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("helm mcp starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { return };
                let value = serde_json::from_str(&line)
                    .unwrap_or_else(|err| json!({"not JSON": line, "error": err.to_string()}));
                if send.send(value).is_err() {
                    return;
                }
            }
        });
        let mut pipe = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        });
        Raw {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            stderr: Some(stderr),
        }
    }

    /// Writes one line as it is, newline added.
    pub fn line(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        // A server that stopped reading is what its answers will show.
        let _ = stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
    }

    pub fn send(&mut self, message: Value) {
        self.line(&message.to_string());
    }

    pub fn request(&mut self, id: Value, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// `initialize` and `notifications/initialized`; the answer.
    pub fn initialize(&mut self, id: Value) -> Value {
        self.request(
            id.clone(),
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "raw", "version": "1"}}),
        );
        let answer = self.answer(&id);
        self.notify("notifications/initialized", json!({}));
        answer
    }

    /// A tool call with this id, its answer not waited for.
    pub fn call(&mut self, id: Value, tool: &str, arguments: Value) {
        self.request(
            id,
            "tools/call",
            json!({"name": tool, "arguments": arguments}),
        );
    }

    /// Waits for the answer to `id`.
    pub fn answer(&mut self, id: &Value) -> Value {
        let start = Instant::now();
        loop {
            if let Some(found) = self.seen.iter().find(|a| a.get("id") == Some(id)) {
                return found.clone();
            }
            let left = GIVE_UP.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(_) => panic!("no answer to {id}; so far: {:#?}", self.seen),
            }
        }
    }

    /// Closes the server's input and waits for it to exit.
    pub fn close(mut self) -> Ended {
        drop(self.stdin.take());
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > GIVE_UP {
                let _ = self.child.kill();
                panic!("helm mcp did not exit after its input closed");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut answers = std::mem::take(&mut self.seen);
        answers.extend(self.lines.iter());
        let stderr = self.stderr.take().unwrap().join().unwrap();
        Ended {
            answers,
            stderr,
            status,
        }
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Ended {
    /// The one answer to `id`.
    pub fn answer(&self, id: &Value) -> &Value {
        let found: Vec<&Value> = self
            .answers
            .iter()
            .filter(|a| a.get("id") == Some(id))
            .collect();
        assert_eq!(
            found.len(),
            1,
            "answers to {id}: {:#?}\nstderr: {}",
            self.answers,
            self.stderr
        );
        found[0]
    }

    /// Whether anything answered `id`.
    pub fn answered(&self, id: &Value) -> bool {
        self.answers.iter().any(|a| a.get("id") == Some(id))
    }

    pub fn exited_cleanly(&self) {
        assert!(
            self.status.success(),
            "helm mcp exited with {}: {}",
            self.status,
            self.stderr
        );
    }
}
