//! A scripted HTTP/1.1 server on a loopback port, for the transport's own
//! tests: it answers each request with the next reply of its script (the
//! last one again when the script runs out) and records what it was sent,
//! so a test can count the requests that reached it and read their headers.
//! Real sockets, real HTTP: nothing of the client is stood in for.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the server does with one request.
#[derive(Clone)]
pub enum Reply {
    /// An answer: status, headers, body.
    Answer(u16, Vec<(String, String)>, Vec<u8>),
    /// The headers of a 200 at once, then a byte of body now and then, forever.
    Drip,
    /// Waits, then replies.
    Late(Duration, Box<Reply>),
    /// Closes the connection without a word.
    Hang,
}

impl Reply {
    pub fn status(status: u16) -> Reply {
        Reply::Answer(status, Vec::new(), b"{}".to_vec())
    }

    pub fn with(status: u16, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let headers = headers
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        Reply::Answer(status, headers, body.to_vec())
    }
}

/// One request as it arrived.
#[derive(Clone, Debug)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub struct Server {
    pub url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Server {
    /// A server answering with `script`, in order.
    pub fn start(script: Vec<Reply>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let seen: Arc<Mutex<Vec<Seen>>> = Default::default();
        let script = Arc::new(Mutex::new((script, 0usize)));
        let recorded = Arc::clone(&seen);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (seen, script) = (Arc::clone(&recorded), Arc::clone(&script));
                std::thread::spawn(move || serve(stream, &seen, &script));
            }
        });
        Server { url, seen }
    }

    /// Every request that reached the server, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

type Script = Mutex<(Vec<Reply>, usize)>;

fn serve(stream: TcpStream, seen: &Mutex<Vec<Seen>>, script: &Script) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut out = stream;
    while let Some(request) = read_request(&mut reader) {
        seen.lock().unwrap().push(request);
        let reply = {
            let mut script = script.lock().unwrap();
            let (replies, next) = &mut *script;
            let reply = replies[(*next).min(replies.len() - 1)].clone();
            *next += 1;
            reply
        };
        if !answer(&mut out, reply) {
            return;
        }
    }
}

/// Writes `reply`; false when the connection is to be dropped.
fn answer(out: &mut TcpStream, reply: Reply) -> bool {
    match reply {
        Reply::Answer(status, headers, body) => {
            let mut head = format!("HTTP/1.1 {status} X\r\ncontent-length: {}\r\n", body.len());
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            head.push_str("\r\n");
            out.write_all(head.as_bytes()).is_ok() && out.write_all(&body).is_ok()
        }
        Reply::Drip => {
            let head = "HTTP/1.1 200 OK\r\ncontent-length: 1000000\r\n\r\n";
            if out.write_all(head.as_bytes()).is_err() {
                return false;
            }
            while out.write_all(b"x").is_ok() {
                std::thread::sleep(Duration::from_millis(200));
            }
            false
        }
        Reply::Late(wait, reply) => {
            std::thread::sleep(wait);
            answer(out, *reply)
        }
        Reply::Hang => false,
    }
}

fn read_request(reader: &mut BufReader<TcpStream>) -> Option<Seen> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut words = line.split_whitespace();
    let (method, path) = (words.next()?.to_string(), words.next()?.to_string());
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        headers.push((name.trim().to_string(), value.trim().to_string()));
    }
    let length = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Seen {
        method,
        path,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}
