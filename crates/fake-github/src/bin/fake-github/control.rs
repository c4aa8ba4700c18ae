//! The control port: one JSON line in, one JSON line out, on 127.0.0.1. `serve` runs the
//! fake and answers control lines by calling the library's own seeding and changing
//! methods (what a test would call); `send` is the client side. A control line that names
//! something the fake does not hold is answered with an error, never a dead server.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use fake_github::FakeGitHub;
use serde_json::{Value, json};

/// The repository `serve` starts with and `env` names in `GH_REPO`: the tour's, so that
/// the README's first commands by hand (`serve &`, `eval "$(fake-github env)"`,
/// `helm observe github-issue 1`) find something to look at.
pub const REPO: &str = "acme/widgets";

/// Runs the fake, holding the tour's issue as #1, until a `stop` line arrives.
pub fn serve(state: &Path) -> Result<(), String> {
    let gh = FakeGitHub::start();
    gh.add_issue(
        REPO,
        "Widget crashes on empty input",
        "Steps: call widget() with no input.",
    );
    let control = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("cannot listen: {e}"))?;
    let control_addr = control
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    let about = json!({"url": gh.url(), "control": control_addr.to_string(), "token": gh.token()});
    // Whole or absent: a client polling for the file never reads half of it.
    let partial = state.with_extension("partial");
    std::fs::write(&partial, format!("{about}\n"))
        .and_then(|()| std::fs::rename(&partial, state))
        .map_err(|e| format!("cannot write {}: {e}", state.display()))?;
    println!("{}", gh.url());
    for stream in control.incoming() {
        let Ok(stream) = stream else { continue };
        if answer(&gh, stream) == Flow::Stop {
            break;
        }
    }
    let _ = std::fs::remove_file(state);
    Ok(())
}

#[derive(PartialEq)]
enum Flow {
    Go,
    Stop,
}

fn answer(gh: &FakeGitHub, stream: TcpStream) -> Flow {
    let Ok(mut writer) = stream.try_clone() else {
        return Flow::Go;
    };
    let mut line = String::new();
    if BufReader::new(stream).read_line(&mut line).is_err() {
        return Flow::Go;
    }
    let request: Value = match serde_json::from_str(&line) {
        Ok(request) => request,
        Err(e) => {
            let _ = writeln!(writer, "{}", json!({"error": format!("not JSON: {e}")}));
            return Flow::Go;
        }
    };
    let stop = request["command"] == "stop";
    // The library panics on a number it does not hold, as a test's assertion would.
    let reply = match catch_unwind(AssertUnwindSafe(|| act(gh, &request))) {
        Ok(Ok(value)) => json!({"ok": value}),
        Ok(Err(message)) => json!({"error": message}),
        Err(panic) => json!({"error": panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "the fake refused".to_string())}),
    };
    let _ = writeln!(writer, "{reply}");
    if stop { Flow::Stop } else { Flow::Go }
}

fn act(gh: &FakeGitHub, request: &Value) -> Result<Value, String> {
    let text = |name: &str| -> Result<&str, String> {
        request[name]
            .as_str()
            .ok_or_else(|| format!("missing {name}"))
    };
    let number = |name: &str| -> Result<u64, String> {
        request[name]
            .as_u64()
            .ok_or_else(|| format!("missing {name}"))
    };
    if let Some(acted) = crate::forges::act(gh, request) {
        return acted;
    }
    Ok(match text("command")? {
        "issue" => json!(gh.add_issue(text("repo")?, text("title")?, text("body")?)),
        "comment" => json!(gh.add_issue_comment(
            text("repo")?,
            number("number")?,
            text("user")?,
            text("body")?
        )),
        "review" => {
            let (repo, pr, user) = (text("repo")?, number("pr")?, text("user")?);
            let (verdict, body) = (text("verdict")?, text("body")?);
            match (request["path"].as_str(), request["line"].as_u64()) {
                (Some(path), Some(line)) => {
                    let comment = request["comment"].as_str().unwrap_or(body);
                    json!(gh.add_inline_review(
                        repo,
                        pr,
                        user,
                        (verdict, body),
                        (path, line),
                        comment
                    ))
                }
                _ => json!(gh.add_review(repo, pr, user, verdict, body)),
            }
        }
        "push" => {
            let (repo, pr) = (text("repo")?, number("pr")?);
            match (request["file"].as_str(), request["patch"].as_str()) {
                (Some(file), Some(patch)) => json!(gh.push_file(repo, pr, file, patch)),
                _ => json!(gh.push_commit(repo, pr)),
            }
        }
        "check" => {
            let (repo, pr) = (text("repo")?, number("pr")?);
            let head = gh.head_sha(repo, pr);
            json!(gh.add_check_run(
                repo,
                &head,
                text("name")?,
                "completed",
                Some(text("conclusion")?)
            ))
        }
        "default-branch" => {
            gh.set_default_branch(text("repo")?, text("branch")?);
            Value::Null
        }
        "stop" => Value::Null,
        other => return Err(format!("unknown command {other}")),
    })
}

/// `export` lines for helm: the API URL and the token the fake accepts, for `forge`.
pub fn env(state: &Path, forge: &str) -> Result<String, String> {
    let about = about(state)?;
    let field = |name: &str| {
        about[name]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("{} names no {name}", state.display()))
    };
    let url = field("url")?;
    match forge {
        "github" => Ok(format!(
            "export HELM_GITHUB_API_URL={url}\nexport GH_TOKEN={}\nexport GH_REPO={REPO}\n",
            field("token")?
        )),
        "gitlab" => Ok(format!(
            "export HELM_GITLAB_API_URL={url}/api/v4\nexport GITLAB_TOKEN={}\n",
            fake_github::GITLAB_TOKEN
        )),
        "forgejo" => Ok(format!(
            "export HELM_FORGEJO_API_URL={url}/api/v1\nexport FORGEJO_TOKEN={}\n",
            fake_github::FORGEJO_TOKEN
        )),
        other => Err(format!(
            "no forge {other}: the fake serves github, gitlab and forgejo"
        )),
    }
}

/// What `serve` wrote to the state file, waited for a few seconds: `serve &` followed at
/// once by `eval "$(fake-github env)"` runs before a starting server has written it.
fn about(state: &Path) -> Result<Value, String> {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !state.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let about = std::fs::read_to_string(state).map_err(|e| {
        format!(
            "cannot read {} ({e}): is `fake-github serve` running?",
            state.display()
        )
    })?;
    serde_json::from_str(&about).map_err(|e| format!("{} is not JSON: {e}", state.display()))
}

/// Sends one control line to the running server and returns its answer.
pub fn send(state: &Path, request: &Value) -> Result<Value, String> {
    let about = about(state)?;
    let addr = about["control"]
        .as_str()
        .ok_or_else(|| format!("{} names no control address", state.display()))?;
    let mut stream =
        TcpStream::connect(addr).map_err(|e| format!("cannot reach the fake at {addr}: {e}"))?;
    writeln!(stream, "{request}").map_err(|e| format!("cannot send: {e}"))?;
    let mut line = String::new();
    BufReader::new(stream)
        .read_line(&mut line)
        .map_err(|e| format!("no answer: {e}"))?;
    let mut reply: Value =
        serde_json::from_str(&line).map_err(|e| format!("the answer is not JSON: {e}"))?;
    match reply.get_mut("error") {
        Some(error) => Err(error.as_str().unwrap_or("refused").to_string()),
        None => Ok(reply["ok"].take()),
    }
}
