//! Where the GitHub token comes from, first found wins:
//! `$HELM_HOME/gh-config/<identity>/` (through `gh auth token` with
//! `GH_CONFIG_DIR` set to it), `GH_TOKEN`, `GITHUB_TOKEN`, `gh auth token`.
//!
//! The token is handed to helm-http's client (which sends it only to the
//! API's host) and never formatted into anything else: not into an error, a
//! log line or a voyage.

use std::path::Path;
use std::process::{Command, Stdio};

use helm_model::error::{Error, Kind, Result};

/// A token, with a `Debug` that does not show it.
pub struct Token(String);

impl Token {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// The environment token resolution reads, gathered by the caller.
pub(crate) struct Sources<'a> {
    pub(crate) home: &'a Path,
    pub(crate) identity: Option<&'a str>,
    pub(crate) gh_token: Option<String>,
    pub(crate) github_token: Option<String>,
    /// The API host, for `gh auth token --hostname` on GitHub Enterprise.
    pub(crate) host: Option<&'a str>,
}

pub(crate) fn resolve(sources: &Sources<'_>) -> Result<Token> {
    if let Some(identity) = sources.identity.filter(|id| is_plain_name(id)) {
        let dir = sources.home.join("gh-config").join(identity);
        if dir.is_dir() {
            let token = gh_token(Some(&dir), sources.host).map_err(|reason| {
                Error::new(
                    Kind::Config,
                    format!(
                        "no GitHub token for identity '{identity}': `gh auth token` with GH_CONFIG_DIR={} {reason}",
                        dir.display()
                    ),
                )
                .hint(format!(
                    "log that identity in with `GH_CONFIG_DIR={} gh auth login`, or remove the folder to fall back to GH_TOKEN",
                    dir.display()
                ))
            })?;
            return checked(token, &format!("`gh auth token` for identity '{identity}'"));
        }
    }
    for (name, value) in [
        ("GH_TOKEN", &sources.gh_token),
        ("GITHUB_TOKEN", &sources.github_token),
    ] {
        let Some(value) = value else { continue };
        let token = value.trim();
        if !token.is_empty() {
            return checked(Token(token.to_string()), name);
        }
    }
    let token = gh_token(None, sources.host).map_err(|reason| {
        Error::new(
            Kind::Config,
            format!(
                "no GitHub token: no $HELM_HOME/gh-config/<identity>/ folder, GH_TOKEN and GITHUB_TOKEN are unset, and `gh auth token` {reason}"
            ),
        )
        .hint("set GH_TOKEN to a token with access to the repository, or run `gh auth login`")
    })?;
    checked(token, "`gh auth token`")
}

/// A token goes into an HTTP header, where only visible ASCII is valid.
/// The error names the source, never the token.
fn checked(token: Token, source: &str) -> Result<Token> {
    let Some(bad) = token.0.chars().find(|c| !c.is_ascii_graphic()) else {
        return Ok(token);
    };
    let what = match bad {
        ' ' => "a space",
        c if c.is_control() => "a control character",
        _ => "a character that is not ASCII",
    };
    Err(Error::new(
        Kind::Config,
        format!("the GitHub token from {source} contains {what}; tokens are visible ASCII only"),
    )
    .hint(format!(
        "set the token from {source} again, without stray characters (the token is not shown here)"
    )))
}

/// An identity is used as a folder name only when it is one plain component.
fn is_plain_name(identity: &str) -> bool {
    !identity.is_empty()
        && identity != "."
        && identity != ".."
        && !identity.contains(['/', '\\', '\0'])
}

/// Runs `gh auth token`; the error is the tail of a sentence.
fn gh_token(config_dir: Option<&Path>, host: Option<&str>) -> std::result::Result<Token, String> {
    let mut command = Command::new("gh");
    command.args(["auth", "token"]);
    if let Some(host) = host {
        command.args(["--hostname", host]);
    }
    if let Some(dir) = config_dir {
        command.env("GH_CONFIG_DIR", dir);
    }
    crate::model::tell::command(&command);
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|err| match err.kind() {
            std::io::ErrorKind::NotFound => "could not run: gh is not installed".to_string(),
            _ => format!("could not run: {}", helm_model::error::io_reason(&err)),
        })?;
    if !output.status.success() {
        let reason = String::from_utf8_lossy(&output.stderr);
        let reason = reason.lines().next().unwrap_or("").trim();
        return Err(format!(
            "failed ({})",
            if reason.is_empty() {
                "no reason given"
            } else {
                reason
            }
        ));
    }
    let token = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if token.is_empty() {
        return Err("printed no token".to_string());
    }
    Ok(Token(token))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_tokens_are_trimmed_and_ordered() {
        let dir = tempfile::tempdir().unwrap();
        let sources = Sources {
            home: dir.path(),
            identity: Some("agent-1"),
            gh_token: Some("  ".into()),
            github_token: Some("ghp_second\n".into()),
            host: None,
        };
        assert_eq!(resolve(&sources).unwrap().expose(), "ghp_second");
        assert_eq!(
            format!("{:?}", resolve(&sources).unwrap()),
            "Token(<redacted>)"
        );
    }

    #[test]
    fn tokens_with_invisible_characters_are_refused_unechoed() {
        let dir = tempfile::tempdir().unwrap();
        for (token, what) in [
            ("ghp_a\u{7}b", "control"),
            ("ghp_a b", "space"),
            ("ghp_é", "not ASCII"),
            ("ghp_a\u{9b}", "control"),
        ] {
            let sources = Sources {
                home: dir.path(),
                identity: None,
                gh_token: None,
                github_token: Some(token.into()),
                host: None,
            };
            let err = resolve(&sources).unwrap_err();
            assert_eq!(err.kind(), Kind::Config);
            assert!(
                err.message().to_string().contains("GITHUB_TOKEN"),
                "{}",
                err.message()
            );
            assert!(
                err.message().to_string().contains(what),
                "{}",
                err.message()
            );
            let shown = format!("{} {}", err.message(), err.hint_text().unwrap());
            assert!(!shown.contains("ghp_"), "{shown}");
        }
    }

    #[test]
    fn identities_that_are_paths_are_not_folders() {
        assert!(is_plain_name("agent-1"));
        assert!(!is_plain_name("../x"));
        assert!(!is_plain_name(".."));
        assert!(!is_plain_name(""));
    }
}
