//! Where the GitLab token comes from, first found wins: `GITLAB_TOKEN`,
//! `GL_TOKEN`, then `glab auth token --hostname HOST` run as a child process
//! that must answer within [`GLAB_WAIT`]. Else a `config` error naming all
//! three. The token goes to helm-http's client only (sent to the API's own
//! host), never into a message.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use helm_forge::ForgeEnv;
use helm_model::error::{Error, Kind, Result};

/// The longest `glab auth token` may take: it reads a config file, or asks
/// a keyring that may hang when no session holds it.
const GLAB_WAIT: Duration = Duration::from_secs(10);

/// The token for `host`, from `env`, else from `glab` (the program `glab`
/// names, so a test can give its own). An `identity` (`--as`) has no token
/// of its own on GitLab (the contract names no place for one): the hint of
/// a missing token says so.
pub(crate) fn resolve(
    env: &ForgeEnv,
    host: &str,
    glab: &str,
    identity: Option<&str>,
) -> Result<String> {
    for name in ["GITLAB_TOKEN", "GL_TOKEN"] {
        if let Some(token) = env.get(name).map(str::trim).filter(|t| !t.is_empty()) {
            return checked(token.to_string(), name);
        }
    }
    let token = from_glab(glab, host).map_err(|why| {
        Error::new(
            Kind::Config,
            format!("no GitLab token: GITLAB_TOKEN and GL_TOKEN are unset, and `glab auth token` {why}"),
        )
        .hint(format!(
            "set GITLAB_TOKEN to a token with the `api` scope for {host}, or run `glab auth login --hostname {host}`{}",
            identity.map_or(String::new(), |id| format!(
                " (--as {id} has no GitLab token of its own: helm reads these for every identity)"
            ))
        ))
    })?;
    checked(token, "`glab auth token`")
}

/// A token goes into an HTTP header, where only visible ASCII is valid. The
/// error names the source, never the token.
fn checked(token: String, source: &str) -> Result<String> {
    match token.chars().find(|c| !c.is_ascii_graphic()) {
        None => Ok(token),
        Some(_) => Err(Error::new(
            Kind::Config,
            format!("the GitLab token from {source} holds a character an HTTP header cannot carry"),
        )
        .hint(format!(
            "set the token from {source} again, without spaces or line breaks inside (it is not shown here)"
        ))),
    }
}

/// Runs `glab auth token --hostname host`; the error completes a sentence.
fn from_glab(program: &str, host: &str) -> std::result::Result<String, String> {
    let mut command = Command::new(program);
    command.args(["auth", "token", "--hostname", host]);
    helm_model::tell::command(&command);
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| match err.kind() {
            std::io::ErrorKind::NotFound => "could not run: glab is not installed".to_string(),
            _ => format!("could not run: {}", helm_model::error::io_reason(&err)),
        })?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < GLAB_WAIT => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "gave no answer within {} s and was stopped",
                    GLAB_WAIT.as_secs()
                ));
            }
            Err(err) => return Err(format!("failed: {}", helm_model::error::io_reason(&err))),
        }
    };
    let mut out = String::new();
    let mut err = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    if let Some(mut stderr) = child.stderr.take() {
        let _ = stderr.read_to_string(&mut err);
    }
    if !status.success() {
        let reason = err.lines().next().unwrap_or("").trim();
        let reason = if reason.is_empty() {
            "no reason given"
        } else {
            reason
        };
        return Err(format!("failed ({reason})"));
    }
    let token = out.trim().to_string();
    if token.is_empty() {
        return Err("printed no token".to_string());
    }
    Ok(token)
}

#[cfg(test)]
mod tests {

    use super::*;

    /// A `glab` that prints `script`'s output, written into `dir`.
    /// A `glab` that runs `script`. Written by a `sh` of its own, not by this
    /// process: a test thread forking meanwhile would inherit an open write
    /// handle on it, and running it would fail with "Text file busy".
    fn glab(dir: &std::path::Path, script: &str) -> String {
        let path = dir.join("glab");
        let written = std::process::Command::new("sh")
            .args([
                "-c",
                "printf '%s\\n' \"#!/bin/sh\" \"$1\" > \"$2\" && chmod 755 \"$2\"",
                "sh",
            ])
            .arg(script)
            .arg(&path)
            .status()
            .unwrap();
        assert!(written.success(), "writing {}", path.display());
        path.display().to_string()
    }

    fn env(pairs: &[(&'static str, &str)]) -> ForgeEnv {
        let mut env = ForgeEnv::new();
        for (name, value) in pairs {
            env.set(name, Some(value.to_string()));
        }
        env
    }

    #[test]
    fn gitlab_token_then_gl_token_then_glab() {
        let dir = tempfile::tempdir().unwrap();
        let glab = glab(
            dir.path(),
            r#"[ "$4" = "gitlab.example.com" ] && echo glpat-from-glab"#,
        );
        let both = env(&[
            ("GITLAB_TOKEN", " glpat-first\n"),
            ("GL_TOKEN", "glpat-second"),
        ]);
        assert_eq!(
            resolve(&both, "gitlab.example.com", &glab, None).unwrap(),
            "glpat-first"
        );
        let second = env(&[("GL_TOKEN", "glpat-second")]);
        assert_eq!(
            resolve(&second, "gitlab.example.com", &glab, None).unwrap(),
            "glpat-second"
        );
        let none = env(&[("GITLAB_TOKEN", "  ")]);
        assert_eq!(
            resolve(&none, "gitlab.example.com", &glab, None).unwrap(),
            "glpat-from-glab"
        );
    }

    #[test]
    fn no_token_anywhere_names_all_three_and_never_the_token() {
        let dir = tempfile::tempdir().unwrap();
        let failing = glab(dir.path(), "echo 'not logged in' >&2; exit 1");
        let err = resolve(&ForgeEnv::new(), "gitlab.com", &failing, Some("agent-1")).unwrap_err();
        assert_eq!(err.kind(), Kind::Config);
        let text = err.to_string();
        for name in [
            "GITLAB_TOKEN",
            "GL_TOKEN",
            "glab auth token",
            "not logged in",
        ] {
            assert!(text.contains(name), "{text}");
        }
        assert!(
            err.hint_text()
                .unwrap()
                .contains("--as agent-1 has no GitLab token")
        );
        let missing =
            resolve(&ForgeEnv::new(), "gitlab.com", "/nonexistent/glab", None).unwrap_err();
        assert!(missing.to_string().contains("glab is not installed"));
        let bad = env(&[("GITLAB_TOKEN", "glpat secret")]);
        let err = resolve(&bad, "gitlab.com", "/nonexistent/glab", None).unwrap_err();
        assert!(!err.to_string().contains("secret"), "{err}");
    }
}
