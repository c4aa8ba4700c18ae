//! Self-tests of the fake GitHub and its OpenAPI request validator, in the fake's own
//! crate so that they build and run with it alone (`cargo test -p fake-github`).
//! The fake is driven over a minimal HTTP/1.1 client so these tests depend on no HTTP crate.
//! This file holds that client; the tests are grouped by what they prove.

mod changes;
mod conditional;
mod faults_acting;
mod forge_control;
mod forge_documents;
mod forgejo;
mod gitlab;
mod label_events;
mod lookups;
mod reads;
mod serving;
mod switches;
mod validator;
mod writes;

use fake_github::openapi;
use fake_github::{FakeGitHub, Fault, SEED_AUTHOR, VIEWER};
use serde_json::{Value, json};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

const REPO: &str = "acme/widgets";

// ----- a minimal HTTP/1.1 client -------------------------------------------------------------

#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// One keep-alive connection; every request reuses it.
struct Client {
    reader: BufReader<TcpStream>,
    authorization: Option<String>,
}

impl Client {
    fn new(gh: &FakeGitHub) -> Self {
        Client::with_auth(gh, Some(format!("Bearer {}", gh.token())))
    }

    fn with_auth(gh: &FakeGitHub, authorization: Option<String>) -> Self {
        let addr = gh.url().trim_start_matches("http://").to_owned();
        let stream = TcpStream::connect(addr).expect("connect to the fake");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("set timeout");
        Client {
            reader: BufReader::new(stream),
            authorization,
        }
    }

    fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, &[], None)
    }

    fn call(&mut self, method: &str, path: &str, body: Value) -> Answer {
        self.send(method, path, &[], Some(body.to_string().as_bytes()))
    }

    fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Answer {
        self.try_send(method, path, headers, body)
            .expect("an answer from the fake")
    }

    /// Like `send`, but a closed connection or a timeout is an `Err`, not a panic.
    fn try_send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> io::Result<Answer> {
        let mut head =
            format!("{method} {path} HTTP/1.1\r\nHost: fake\r\nUser-Agent: selftest\r\n");
        let auth = self
            .authorization
            .iter()
            .map(|a| ("Authorization", a.as_str()));
        for (name, value) in headers.iter().copied().chain(auth) {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        let body = body.unwrap_or_default();
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes())?;
        stream.write_all(body)?;
        self.read_answer()
    }

    fn set_timeout(&mut self, timeout: Duration) {
        self.reader
            .get_ref()
            .set_read_timeout(Some(timeout))
            .expect("set timeout");
    }

    fn read_answer(&mut self) -> io::Result<Answer> {
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("bad status line {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let Some((name, value)) = line.trim_end().split_once(':') else {
                break;
            };
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
        let length = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .and_then(|(_, v)| v.parse().ok());
        // 304 has no body; every other answer of the fake has a Content-Length.
        let length = if status == 304 {
            0
        } else {
            length.expect("the fake sends Content-Length")
        };
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body)?;
        Ok(Answer {
            status,
            headers,
            body: String::from_utf8(body).expect("UTF-8 body"),
        })
    }
}

fn url(path: &str) -> String {
    format!("/repos/{REPO}{path}")
}
