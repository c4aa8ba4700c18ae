//! A server that is not GitHub but answers where helm expects it: every
//! request gets the same hostile answer (a huge body, or one dripped a byte
//! at a time), generated as it goes so the test costs no memory. And a run
//! of helm that cannot hang the test: it is killed past a generous guard,
//! which only catches a hang and never judges speed.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::env::TestEnv;

/// What every request gets.
#[derive(Clone, Copy)]
pub enum Answer {
    /// `status` and a body of `bytes` filler bytes.
    Huge { status: u16, bytes: u64 },
    /// 200 announcing `bytes` bytes, then one byte each `every`.
    Drip { bytes: u64, every: Duration },
}

/// Serves `answer` on a free local port until the test ends; returns its URL.
pub fn serve(answer: Answer) -> String {
    let socket = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let url = format!("http://{}", socket.local_addr().expect("a local address"));
    std::thread::spawn(move || {
        for stream in socket.incoming().flatten() {
            std::thread::spawn(move || {
                let _ = answer_one(stream, answer);
            });
        }
    });
    url
}

fn answer_one(stream: TcpStream, answer: Answer) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
    }
    let mut out = stream;
    let (status, bytes) = match answer {
        Answer::Huge { status, bytes } => (status, bytes),
        Answer::Drip { bytes, .. } => (200, bytes),
    };
    write!(
        out,
        "HTTP/1.1 {status} Hostile\r\nContent-Type: application/json\r\nContent-Length: {bytes}\r\nConnection: close\r\n\r\n"
    )?;
    match answer {
        Answer::Huge { bytes, .. } => {
            let chunk = vec![b' '; 64 * 1024];
            let mut left = bytes;
            while left > 0 {
                let n = left.min(chunk.len() as u64) as usize;
                out.write_all(&chunk[..n])?;
                left -= n as u64;
            }
        }
        Answer::Drip { bytes, every } => {
            for _ in 0..bytes {
                out.write_all(b" ")?;
                out.flush()?;
                std::thread::sleep(every);
            }
        }
    }
    out.flush()
}

/// Runs helm with its address space limited to `limit` bytes
/// (`RLIMIT_AS`, as `prlimit --as` sets it): a helm that tries to hold more
/// aborts instead of answering. The limit binds helm alone, from its `exec`
/// on, whatever the test process holds.
pub fn run_limited(env: &TestEnv, args: &[&str], limit: u64) -> Output {
    let mut command = env.command(args);
    // SAFETY: setrlimit is async-signal-safe; the closure touches nothing
    // else of the parent's state between fork and exec.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, move || {
            let bound = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            match libc::setrlimit(libc::RLIMIT_AS, &bound) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    command.output().expect("helm runs")
}

/// Runs helm, killing it (and failing the test) if it is still running
/// after `guard`: a hang, not a slow answer, is what that catches.
pub fn run_guarded(env: &TestEnv, args: &[&str], guard: Duration) -> Output {
    let mut child = env
        .command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("helm runs");
    let started = Instant::now();
    while child.try_wait().expect("helm can be waited for").is_none() {
        if started.elapsed() > guard {
            let _ = child.kill();
            let output = child.wait_with_output().expect("helm ends once killed");
            panic!(
                "helm was still running after {guard:?} and was killed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("helm's output")
}
