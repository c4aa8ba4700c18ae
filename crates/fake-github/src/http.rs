//! A minimal HTTP/1.1 server over `std::net`: one thread per connection, keep-alive,
//! `Content-Length` or chunked request bodies. Written here rather than taken from a crate
//! because faults need what servers normally hide: closing a connection without an answer,
//! or answering late. Knows nothing about GitHub: [`super::server`] decides every answer.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};

/// Requests larger than this are refused: a test server must not grow without bound.
const MAX_HEAD: usize = 64 * 1024;
const MAX_BODY: usize = 16 * 1024 * 1024;

/// One request as read from the wire. Header names are lowercased.
pub struct WireRequest {
    pub method: String,
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// What to do with a request: answer it, or close the connection without a word.
pub enum Delivery {
    Answer(Vec<u8>),
    Drop,
}

/// Each open connection (a handle to shut it down) and the thread serving it.
type Connections = Arc<Mutex<Vec<(TcpStream, JoinHandle<()>)>>>;

/// The listener and every connection it accepted, so that dropping it stops them all.
pub struct Listener {
    addr: String,
    stopping: Arc<AtomicBool>,
    /// Answers how many finished workers it reaped had panicked.
    accept: Option<JoinHandle<usize>>,
    connections: Connections,
}

impl Listener {
    /// Hands every request `listener` receives to `serve`, until [`Listener::stop`], which
    /// sets `stopping`.
    pub fn start(
        listener: TcpListener,
        stopping: Arc<AtomicBool>,
        serve: impl Fn(WireRequest) -> Delivery + Send + Sync + 'static,
    ) -> Self {
        let addr = listener
            .local_addr()
            .map_or_else(|_| String::new(), |a| a.to_string());
        let connections: Connections = Arc::default();
        let serve = Arc::new(serve);
        let accept = {
            let (stopping, connections) = (Arc::clone(&stopping), Arc::clone(&connections));
            thread::spawn(move || {
                let mut panicked = 0;
                for stream in listener.incoming() {
                    if stopping.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let Ok(handle) = stream.try_clone() else {
                        continue;
                    };
                    let serve = Arc::clone(&serve);
                    let worker = thread::spawn(move || converse(stream, &*serve));
                    panicked += reap(&connections);
                    lock(&connections).push((handle, worker));
                }
                panicked
            })
        };
        Listener {
            addr,
            stopping,
            accept: Some(accept),
            connections,
        }
    }

    /// Closes every connection and joins every thread; returns how many of them panicked.
    pub fn stop(&mut self) -> usize {
        self.stopping.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(&self.addr); // wakes the accept loop
        let mut panicked = self.accept.take().map_or(0, |a| a.join().unwrap_or(1));
        let connections = std::mem::take(&mut *lock(&self.connections));
        for (stream, _) in &connections {
            let _ = stream.shutdown(Shutdown::Both); // unblocks a worker waiting to read
        }
        panicked += connections
            .into_iter()
            .filter_map(|(_, worker)| worker.join().err())
            .count();
        panicked
    }
}

/// Joins the workers whose connection ended, so that a long test does not hold a socket
/// per connection it ever made; returns how many of them panicked.
fn reap(connections: &Connections) -> usize {
    let mut all = lock(connections);
    let (done, open): (Vec<_>, Vec<_>) = all.drain(..).partition(|(_, w)| w.is_finished());
    *all = open;
    drop(all);
    done.into_iter()
        .filter_map(|(_, worker)| worker.join().err())
        .count()
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Serves the requests of one connection, in order, until either side ends it. The socket
/// is shut down on the way out: the listener holds a handle to it for [`Listener::stop`], so
/// dropping ours alone would leave the client waiting.
fn converse(stream: TcpStream, serve: &(impl Fn(WireRequest) -> Delivery + ?Sized)) {
    let _ = stream.set_nodelay(true);
    let Ok(mut writer) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(stream);
    exchange(&mut reader, &mut writer, serve);
    let _ = writer.shutdown(Shutdown::Both);
}

fn exchange(
    reader: &mut BufReader<TcpStream>,
    writer: &mut TcpStream,
    serve: &(impl Fn(WireRequest) -> Delivery + ?Sized),
) {
    loop {
        let request = match read_request(reader) {
            Ok(Some(request)) => request,
            Ok(None) => return,
            Err(_) => {
                let _ = writer.write_all(&response(400, &[], b""));
                return; // where the next request starts is unknown
            }
        };
        let close = header(&request.headers, "connection")
            .is_some_and(|c| c.to_ascii_lowercase().contains("close"));
        let Delivery::Answer(bytes) = serve(request) else {
            return; // a fault: close without a word
        };
        if writer
            .write_all(&bytes)
            .and_then(|()| writer.flush())
            .is_err()
            || close
        {
            return;
        }
    }
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_owned())
}

/// One line without its CRLF, lossily decoded; `None` at end of stream.
fn read_line(reader: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let read = reader
        .by_ref()
        .take(MAX_HEAD as u64)
        .read_until(b'\n', &mut line)?;
    if read == 0 {
        return Ok(None);
    }
    if !line.ends_with(b"\n") {
        return Err(invalid("line too long or cut"));
    }
    let text = String::from_utf8_lossy(&line);
    Ok(Some(text.trim_end_matches(['\r', '\n']).to_owned()))
}

/// Reads one request; `Ok(None)` when the client closed the connection between requests.
fn read_request(reader: &mut impl BufRead) -> io::Result<Option<WireRequest>> {
    let start = loop {
        match read_line(reader)? {
            None => return Ok(None),
            Some(line) if line.is_empty() => continue, // stray CRLF between requests
            Some(line) => break line,
        }
    };
    let mut parts = start.split(' ');
    let (Some(method), Some(target), Some(version)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(invalid("bad request line"));
    };
    if method.is_empty() || !target.starts_with('/') || !version.starts_with("HTTP/1.") {
        return Err(invalid("bad request line"));
    }
    let mut headers = Vec::new();
    loop {
        let line = read_line(reader)?.ok_or_else(|| invalid("cut in the headers"))?;
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').ok_or_else(|| invalid("bad header"))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        if headers.len() > 200 {
            return Err(invalid("too many headers"));
        }
    }
    let chunked = header(&headers, "transfer-encoding")
        .is_some_and(|t| t.to_ascii_lowercase().contains("chunked"));
    let body = if chunked {
        read_chunked(reader)?
    } else {
        let length = match header(&headers, "content-length") {
            Some(text) => text.parse::<usize>().map_err(|_| invalid("bad length"))?,
            None => 0,
        };
        if length > MAX_BODY {
            return Err(invalid("body too large"));
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body)?;
        body
    };
    Ok(Some(WireRequest {
        method: method.to_ascii_uppercase(),
        target: target.to_owned(),
        headers,
        body,
    }))
}

fn read_chunked(reader: &mut impl BufRead) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let line = read_line(reader)?.ok_or_else(|| invalid("cut in a chunk"))?;
        let size = line.split(';').next().unwrap_or_default().trim();
        let size = usize::from_str_radix(size, 16).map_err(|_| invalid("bad chunk size"))?;
        if size == 0 {
            // Trailers, if any, end with an empty line.
            while read_line(reader)?.is_some_and(|l| !l.is_empty()) {}
            return Ok(body);
        }
        if body.len() + size > MAX_BODY {
            return Err(invalid("body too large"));
        }
        let start = body.len();
        body.resize(start + size, 0);
        reader.read_exact(&mut body[start..])?;
        read_line(reader)?; // the CRLF after the chunk
    }
}

/// The bytes of an answer. `Content-Length` is always sent, except on 304 which has no body.
pub fn response(status: u16, headers: &[(String, String)], body: &[u8]) -> Vec<u8> {
    let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
    for (name, value) in headers {
        // Values come from tests and handlers: never let one split the head.
        if !value.contains(['\r', '\n']) {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
    }
    if status != 304 {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    if status != 304 {
        bytes.extend_from_slice(body);
    }
    bytes
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        301 => "Moved Permanently",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        409 => "Conflict",
        422 => "Unprocessable Entity",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Status",
    }
}
