//! GitHub Actions as a check run shows it: a job (its steps, its log) behind a check run of
//! the `github-actions` app, the annotations of any check run, and the job log's redirect to
//! a second local server standing for GitHub's log storage. That server records whether a
//! request brought an `Authorization` header (GitHub's token must never reach it) and
//! serves a log in chunks, generated as it goes, so a 40 MiB log costs the fake no memory.

use super::*;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

/// A job's log as the storage server serves it.
#[derive(Clone, Debug)]
pub enum JobLog {
    /// These bytes.
    Text(String),
    /// `lines` filler lines of [`FILLER_WIDTH`] bytes each, then `tail`.
    Filler { lines: u64, tail: String },
    /// The storage host refuses the address: `status` with a body of `bytes` bytes, an
    /// Azure-like XML error first (an expired address answers 403 `AuthenticationFailed`),
    /// then filler, generated as it goes (a 256 MiB error page costs the fake nothing).
    Refused { status: u16, bytes: u64 },
    /// The storage host answers 200 for a log of `bytes` bytes, then sends one byte each
    /// `every`: a per-read timeout never trips, only a deadline for the whole request does.
    Drip { bytes: u64, every: Duration },
}

/// The width of a filler line, its line break included.
pub const FILLER_WIDTH: u64 = 64;

impl JobLog {
    /// A log of at least `bytes` bytes of filler lines, ending with `tail`.
    pub fn big(bytes: u64, tail: &str) -> JobLog {
        JobLog::Filler {
            lines: bytes.div_ceil(FILLER_WIDTH),
            tail: tail.to_owned(),
        }
    }

    /// A 403 `AuthenticationFailed`, as the storage host answers an expired address.
    pub fn expired() -> JobLog {
        JobLog::Refused {
            status: 403,
            bytes: REFUSAL.len() as u64,
        }
    }

    fn len(&self) -> u64 {
        match self {
            JobLog::Text(text) => text.len() as u64,
            JobLog::Filler { lines, tail } => lines * FILLER_WIDTH + tail.len() as u64,
            JobLog::Refused { bytes, .. } | JobLog::Drip { bytes, .. } => *bytes,
        }
    }

    fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        match self {
            JobLog::Text(text) => out.write_all(text.as_bytes()),
            JobLog::Filler { lines, tail } => {
                let mut chunk = Vec::with_capacity(64 * 1024);
                for n in 0..*lines {
                    let line = format!("2026-01-01T00:00:00.0000000Z filler line {n:012}");
                    chunk.extend_from_slice(line.as_bytes());
                    chunk.resize(chunk.len() + FILLER_WIDTH as usize - 1 - line.len(), b'.');
                    chunk.push(b'\n');
                    if chunk.len() >= 64 * 1024 - FILLER_WIDTH as usize {
                        out.write_all(&chunk)?;
                        chunk.clear();
                    }
                }
                out.write_all(&chunk)?;
                out.write_all(tail.as_bytes())
            }
            JobLog::Refused { bytes, .. } => {
                let error = REFUSAL.as_bytes();
                let head = &error[..error.len().min(*bytes as usize)];
                out.write_all(head)?;
                let mut left = *bytes - head.len() as u64;
                let chunk = vec![b'.'; 64 * 1024];
                while left > 0 {
                    let n = left.min(chunk.len() as u64) as usize;
                    out.write_all(&chunk[..n])?;
                    left -= n as u64;
                }
                Ok(())
            }
            JobLog::Drip { bytes, every } => {
                for _ in 0..*bytes {
                    out.write_all(b".")?;
                    out.flush()?;
                    thread::sleep(*every);
                }
                Ok(())
            }
        }
    }

    /// The status line the storage host answers with.
    fn status_line(&self) -> String {
        match self {
            JobLog::Refused { status, .. } => {
                let reason = match status {
                    403 => "Forbidden",
                    404 => "Not Found",
                    410 => "Gone",
                    500 => "Internal Server Error",
                    _ => "Refused",
                };
                format!("{status} {reason}")
            }
            _ => "200 OK".to_owned(),
        }
    }
}

/// How Azure's blob storage refuses an expired shared-access address.
const REFUSAL: &str = "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request. Signature not valid in the specified time frame.</Message></Error>";

/// One job behind a check run.
pub(super) struct Job {
    /// (name, conclusion) of each step, in order.
    steps: Vec<(String, String)>,
    log: JobLog,
}

/// What the fake keeps about Actions and annotations, and what its storage server saw.
#[derive(Default)]
pub(super) struct Actions {
    jobs: HashMap<u64, Job>,
    annotations: HashMap<u64, Vec<Value>>,
    pub(super) storage_url: String,
    /// Each request the storage server received: its path, and its `Authorization`.
    storage_requests: Vec<(String, Option<String>)>,
}

impl Actions {
    pub(super) fn is_job(&self, run: u64) -> bool {
        self.jobs.contains_key(&run)
    }
}

/// The number after `segment` in a request path (`/check-runs/42/annotations`).
fn id_after(cx: &Cx, segment: &str) -> Option<u64> {
    let mut parts = cx.path.split('/');
    parts.find(|p| *p == segment)?;
    parts.next()?.parse().ok()
}

impl State {
    fn run_of(&self, cx: &Cx, id: u64) -> Option<&CheckRunRecord> {
        self.repos
            .get(&cx.repo)?
            .check_runs
            .iter()
            .find(|r| r.id == id)
    }

    pub(super) fn list_annotations(&self, cx: &Cx) -> Result<Reply, Reply> {
        let id = id_after(cx, "check-runs").ok_or_else(Reply::not_found)?;
        self.run_of(cx, id).ok_or_else(Reply::not_found)?;
        let items = self
            .actions
            .annotations
            .get(&id)
            .cloned()
            .unwrap_or_default();
        Ok(self.page(cx, items))
    }

    pub(super) fn get_job(&self, cx: &Cx) -> Result<Reply, Reply> {
        let id = id_after(cx, "jobs").ok_or_else(Reply::not_found)?;
        let run = self.run_of(cx, id).ok_or_else(Reply::not_found)?;
        let job = self.actions.jobs.get(&id).ok_or_else(Reply::not_found)?;
        let mut json = shape("GET", JOB).clone();
        let template = json["steps"][0].clone();
        let completed = run.status == "completed";
        let steps: Vec<Value> = (job.steps.iter().enumerate())
            .map(|(at, (name, conclusion))| {
                let mut step = template.clone();
                set(
                    &mut step,
                    json!({"name": name, "number": at + 1, "status": "completed", "conclusion": conclusion}),
                );
                step
            })
            .collect();
        set(
            &mut json,
            json!({
                "id": id,
                "name": run.name,
                "head_sha": run.sha,
                "status": run.status,
                "conclusion": if completed { run.conclusion.clone() } else { None },
                "url": cx.api(&format!("/actions/jobs/{id}")),
                "check_run_url": cx.api(&format!("/check-runs/{id}")),
                // Required, though GitHub's own example leaves it out.
                "created_at": run.started_at,
                "steps": steps,
            }),
        );
        Ok(Reply::json(200, json))
    }

    /// 302 to the storage server, as GitHub answers; 404 for a job with no log yet.
    pub(super) fn job_logs(&self, cx: &Cx) -> Result<Reply, Reply> {
        let id = id_after(cx, "jobs").ok_or_else(Reply::not_found)?;
        self.run_of(cx, id).ok_or_else(Reply::not_found)?;
        self.actions.jobs.get(&id).ok_or_else(Reply::not_found)?;
        let location = format!(
            "{}/logs/{id}?sig=short-lived-{}",
            self.actions.storage_url, self.clock
        );
        Ok(Reply {
            status: 302,
            json: None,
            text: String::new(),
            content_type: "text/html",
            headers: vec![("Location".to_owned(), location)],
        })
    }
}

impl FakeGitHub {
    /// Adds a GitHub Actions job on `git_ref` as a check run of the `github-actions` app:
    /// its `steps` (name, conclusion) and its `log`. `conclusion` as for
    /// [`add_check_run`](Self::add_check_run); `None` leaves it in progress.
    pub fn add_actions_job(
        &self,
        repo: &str,
        git_ref: &str,
        name: &str,
        conclusion: Option<&str>,
        steps: &[(&str, &str)],
        log: JobLog,
    ) -> u64 {
        let status = if conclusion.is_some() {
            "completed"
        } else {
            "in_progress"
        };
        let id = self.add_check_run(repo, git_ref, name, status, conclusion);
        let job = Job {
            steps: steps
                .iter()
                .map(|(n, c)| ((*n).to_owned(), (*c).to_owned()))
                .collect(),
            log,
        };
        self.state().actions.jobs.insert(id, job);
        id
    }

    /// Adds an annotation (a `failure` at `path:line`) to check run `run`.
    pub fn add_annotation(&self, run: u64, path: &str, line: u64, message: &str) {
        let mut json = shape("GET", ANNOTATIONS)[0].clone();
        set(
            &mut json,
            json!({
                "path": path, "start_line": line, "end_line": line,
                "annotation_level": "failure", "title": null, "message": message,
            }),
        );
        let mut state = self.state();
        state.actions.annotations.entry(run).or_default().push(json);
    }

    /// Each request the log storage server received, as (path and query, the
    /// `Authorization` header if one came).
    pub fn storage_requests(&self) -> Vec<(String, Option<String>)> {
        self.state().actions.storage_requests.clone()
    }
}

/// Starts the storage server on a free port; returns its base URL.
pub(super) fn start_storage(shared: &Arc<Shared>) -> String {
    let socket = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let url = format!("http://{}", socket.local_addr().expect("a local address"));
    let shared = Arc::clone(shared);
    thread::spawn(move || {
        for stream in socket.incoming() {
            if shared.stopping.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else { continue };
            let shared = Arc::clone(&shared);
            thread::spawn(move || {
                let _ = serve_log(&shared, stream);
            });
        }
    });
    url
}

/// Answers one request on a connection, then closes it.
fn serve_log(shared: &Shared, stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let target = request_line
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    let mut authorization = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("authorization")
        {
            authorization = Some(value.trim().to_owned());
        }
    }
    let id: Option<u64> = target
        .strip_prefix("/logs/")
        .and_then(|rest| rest.split('?').next())
        .and_then(|id| id.parse().ok());
    let log = {
        let mut state = lock(&shared.state);
        state
            .actions
            .storage_requests
            .push((target.clone(), authorization));
        id.and_then(|id| state.actions.jobs.get(&id).map(|job| job.log.clone()))
    };
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, stream);
    match log {
        Some(log) => {
            write!(
                out,
                "HTTP/1.1 {}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                log.status_line(),
                log.len()
            )?;
            log.write_to(&mut out)?;
        }
        None => write!(
            out,
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )?,
    }
    out.flush()
}
