//! GitHub failures, kept structured (status, message, validation errors,
//! missing permission) until they are rendered as one line for the user:
//! GitHub's reading of its error documents (`message`, `errors[]`,
//! `X-Accepted-GitHub-Permissions`) on top of the transport's failures
//! (helm-http's `HttpError`, whose [`Failure`] says whether GitHub may
//! have acted). A look's failure reaches the core as helm-forge's
//! [`LookError`], still worded here.

use serde::Deserialize;

pub use helm_http::Failure;
use helm_http::{Answer, HttpError};

use helm_forge::{LookError, LookFailure};
use helm_model::error::{Error, Fact, Kind, Piece, Words, arg};
use helm_model::words;

#[derive(Debug)]
pub struct GitHubError {
    /// The HTTP status, when GitHub answered at all.
    pub status: Option<u16>,
    pub message: String,
    /// GitHub's validation errors, one line each.
    pub(crate) details: Vec<String>,
    /// From `X-Accepted-GitHub-Permissions`: what the token would need.
    pub permission: Option<String>,
    /// How the request failed, which decides whether GitHub may have acted.
    pub failure: Failure,
    /// Why helm's outbound gate withheld the request, in the gate's own
    /// words ([`Failure::Withheld`]); shown as it is.
    pub refusal: Option<Box<Error>>,
}

#[derive(Deserialize)]
struct Body {
    message: Option<String>,
    #[serde(default)]
    errors: Vec<serde_json::Value>,
}

impl GitHubError {
    pub fn from_answer(answer: &Answer) -> GitHubError {
        let parsed: Option<Body> = serde_json::from_slice(&answer.body).ok();
        let message = parsed
            .as_ref()
            .and_then(|b| b.message.clone())
            .filter(|m| !m.trim().is_empty())
            .unwrap_or_else(|| {
                let text = String::from_utf8_lossy(&answer.body).trim().to_string();
                if text.is_empty() || text.len() > 200 {
                    answer
                        .status
                        .canonical_reason()
                        .unwrap_or("no message")
                        .to_string()
                } else {
                    text
                }
            });
        let details = parsed
            .map(|b| b.errors.iter().map(describe_detail).collect())
            .unwrap_or_default();
        let permission = answer
            .headers
            .get("x-accepted-github-permissions")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
            .filter(|p| !p.is_empty());
        GitHubError {
            status: Some(answer.status.as_u16()),
            message,
            details,
            permission,
            failure: Failure::Answered,
            refusal: None,
        }
    }

    /// GitHub answered with something helm cannot read: a field its API
    /// description requires is missing, or a value has the wrong type. The
    /// message completes "GitHub's answer to … ".
    pub fn shape(err: serde_json::Error) -> GitHubError {
        let text = err.to_string();
        let message = match text
            .strip_prefix("missing field `")
            .and_then(|rest| rest.split_once('`'))
        {
            Some((field, _)) => format!("was missing `{field}`"),
            None => format!("was not in the expected shape: {text}"),
        };
        GitHubError {
            status: None,
            message,
            details: Vec::new(),
            permission: None,
            failure: Failure::Unreadable,
            refusal: None,
        }
    }

    /// A rate limit that asks for `wait`, longer than the `budget` left.
    fn limited(
        answer: &Answer,
        wait: std::time::Duration,
        budget: std::time::Duration,
    ) -> GitHubError {
        let said = GitHubError::from_answer(answer);
        GitHubError {
            message: format!(
                "{} (GitHub asks helm to wait {} s, more than the {} s HELM_GITHUB_TIMEOUT leaves)",
                said.message,
                wait.as_secs(),
                budget.as_secs()
            ),
            failure: Failure::Limited,
            ..said
        }
    }

    /// `host` gave no whole answer within `deadline` (connecting, sending,
    /// the headers and the body all count).
    pub fn timed_out(host: &str, deadline: std::time::Duration) -> GitHubError {
        HttpError::timed_out(host, deadline).into()
    }

    /// A successful answer of more than `limit` bytes; the message
    /// completes "GitHub's answer to … ".
    pub fn too_large(limit: usize) -> GitHubError {
        HttpError::too_large(limit).into()
    }

    /// A failure described in words, not by an answer (e.g. a misuse).
    pub fn shape_text(message: String) -> GitHubError {
        GitHubError {
            status: None,
            message,
            details: Vec::new(),
            permission: None,
            failure: Failure::Described,
            refusal: None,
        }
    }

    /// Whether GitHub may have performed a write that failed like this: it
    /// did not refuse it (a 4xx), did not decline it, and the request was
    /// not stopped before it left. A timeout, a dropped connection, a 5xx
    /// or an unreadable success all leave the outcome unknown.
    pub(crate) fn may_have_acted(&self) -> bool {
        match (self.failure, self.status) {
            (
                Failure::Declined
                | Failure::Unsent
                | Failure::Limited
                | Failure::Merged
                | Failure::Withheld,
                _,
            ) => false,
            (Failure::Unreadable | Failure::Partial | Failure::TooLarge | Failure::TimedOut, _) => {
                true
            }
            (_, Some(408)) => true,
            (_, Some(status)) => status >= 500,
            (_, None) => true,
        }
    }

    /// One line for the user: what failed, GitHub's status and message, and a
    /// hint on what to do. `doing` reads like "comment on issue #42" (words,
    /// since a target it names may carry flags each front end names its own
    /// way); `nothing` says what was left unchanged.
    pub fn into_error(self, doing: impl Piece, repo: &str, nothing: &str) -> Error {
        if let Some(refusal) = self.refusal {
            return *refusal;
        }
        if self.failure == Failure::Merged {
            return Error::new(Kind::AlreadyMerged, self.message)
                .hint(format!(
                    "there is nothing to merge; observe the pull request to put it on the slate as it is; {nothing}"
                ))
                .about(Fact::GitHub {
                    status: self.status,
                });
        }
        let (before, after) = match (self.status, self.failure) {
            (Some(status), _) => ("GitHub refused to ", format!(": {status} {}", self.message)),
            (None, Failure::Declined) => ("GitHub declined to ", format!(": {}", self.message)),
            (None, Failure::Unreadable | Failure::TooLarge) => {
                ("GitHub's answer to ", format!(" {}", self.message))
            }
            (None, Failure::TimedOut) => ("no answer in time to ", format!(": {}", self.message)),
            (None, _) => ("could not reach GitHub to ", format!(": {}", self.message)),
        };
        let mut text = words![before, doing, after];
        if !self.details.is_empty() {
            text.push(format!(" ({})", self.details.join("; ")));
        }
        let hint = match (self.status, self.failure) {
            (_, Failure::Limited) => "GitHub's rate limit did not lift within HELM_GITHUB_TIMEOUT; retry once the wait it asks for has passed".to_string(),
            (Some(401), _) => "check the token: GH_TOKEN, GITHUB_TOKEN, `gh auth token`, or $HELM_HOME/gh-config/<identity>/".to_string(),
            (Some(403), _) => match &self.permission {
                Some(permission) => format!("the token needs the permission {permission} on {repo}"),
                None => format!("the token may lack access to {repo}, or a rate limit was hit; retry later"),
            },
            (Some(404), _) => format!("check that {repo} and the number exist and that the token can see them"),
            (Some(409), _) => return Error::new(kind_of(self.status, self.failure), text)
                .hint(words![
                    "the pull request's head changed; observe it again and retry with the new ",
                    arg("sha"),
                    format!("; {nothing}"),
                ])
                .about(Fact::GitHub { status: self.status }),
            (Some(405), _) => "the pull request cannot be merged as it stands; observe it for checks and reviews".to_string(),
            (Some(422), _) => "fix the request as GitHub describes and retry".to_string(),
            (Some(429), _) => "GitHub's rate limit did not lift in time; retry later".to_string(),
            (Some(status), _) if status >= 500 => "GitHub had a problem; retry later".to_string(),
            (Some(_), _) => "see GitHub's message above".to_string(),
            (None, Failure::Declined) => "observe the pull request to see why, then retry".to_string(),
            (None, Failure::TimedOut) => "the server answered too slowly or not at all; retry later, or give HELM_GITHUB_TIMEOUT more seconds (at most 60)".to_string(),
            (None, Failure::TooLarge) => "GitHub's answers are far smaller; check that HELM_GITHUB_API_URL is GitHub's API".to_string(),
            (None, Failure::Unreadable) => "the server did not answer as GitHub's API describes; if this was a change, check on GitHub whether it was made before you retry".to_string(),
            (None, _) => "check the network and HELM_GITHUB_API_URL".to_string(),
        };
        Error::new(kind_of(self.status, self.failure), text)
            .hint(format!("{hint}; {nothing}"))
            .about(Fact::GitHub {
                status: self.status,
            })
    }
}

/// A look's failure, worded as every other GitHub failure is.
impl LookFailure for GitHubError {
    fn status(&self) -> Option<u16> {
        self.status
    }

    fn message(&self) -> &str {
        &self.message
    }

    fn into_error(self: Box<Self>, doing: Words, repo: &str, nothing: &str) -> Error {
        GitHubError::into_error(*self, doing, repo, nothing)
    }
}

impl From<GitHubError> for LookError {
    fn from(err: GitHubError) -> LookError {
        LookError::forge(err)
    }
}

fn kind_of(status: Option<u16>, failure: Failure) -> Kind {
    match (status, failure) {
        (_, Failure::Limited) => Kind::RateLimited,
        (Some(404), _) => Kind::NotFound,
        _ => Kind::GitHub,
    }
}

/// `{"resource":"Issue","field":"title","code":"missing_field"}` → `Issue.title: missing_field`.
fn describe_detail(detail: &serde_json::Value) -> String {
    if let Some(text) = detail.as_str() {
        return text.to_string();
    }
    let get = |key: &str| detail.get(key).and_then(|v| v.as_str());
    if let Some(message) = get("message") {
        return message.to_string();
    }
    match (get("resource"), get("field"), get("code")) {
        (Some(resource), Some(field), Some(code)) => format!("{resource}.{field}: {code}"),
        (_, _, Some(code)) => code.to_string(),
        _ => detail.to_string(),
    }
}

/// The transport's failure in GitHub's words: a rate limit not waited out
/// reads GitHub's refusal as any answer; everything else is the transport's.
impl From<HttpError> for GitHubError {
    fn from(err: HttpError) -> GitHubError {
        if let Some(limited) = err.limited {
            return GitHubError::limited(&limited.answer, limited.wait, limited.left);
        }
        GitHubError {
            status: err.status,
            message: err.message,
            details: Vec::new(),
            permission: None,
            failure: err.failure,
            refusal: err.refusal,
        }
    }
}

impl GitHubError {
    /// This failure, of a request sent after `done` (what earlier requests
    /// of the same steer changed on GitHub): an outcome GitHub acted on in
    /// part, never "nothing happened".
    pub(crate) fn partial(self, done: &str) -> GitHubError {
        let failed = match self.status {
            Some(status) => format!("answered {status} {}", self.message),
            None => self.message,
        };
        GitHubError {
            message: format!("{done}, then GitHub {failed}"),
            failure: Failure::Partial,
            ..self
        }
    }

    /// GitHub's refusal (`status`) to merge pull request `pr`, which is
    /// merged already, as merge commit `sha` when GitHub names one.
    pub(crate) fn already_merged(status: Option<u16>, pr: u64, sha: Option<&str>) -> GitHubError {
        let message = match sha {
            Some(sha) => format!("PR #{pr} is already merged, as merge commit {sha}"),
            None => format!("PR #{pr} is already merged"),
        };
        GitHubError {
            status,
            message,
            details: Vec::new(),
            permission: None,
            failure: Failure::Merged,
            refusal: None,
        }
    }

    /// GitHub answered 2xx but declined to do the thing (a merge that did not merge).
    pub(crate) fn refused(message: String) -> GitHubError {
        GitHubError {
            status: None,
            message,
            details: Vec::new(),
            permission: None,
            failure: Failure::Declined,
            refusal: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_found() -> GitHubError {
        GitHubError {
            status: Some(404),
            message: "Not Found".into(),
            details: vec!["Issue.number: missing".into()],
            permission: None,
            failure: Failure::Answered,
            refusal: None,
        }
    }

    /// The core words a look's failure through helm-forge's `LookError`:
    /// it must read as GitHub's own rendering, word for word.
    #[test]
    fn a_looks_failure_reads_through_the_seam_as_githubs_own() {
        let doing = helm_model::words!["show ", arg("repo"), " o/r#7"];
        let direct = not_found().into_error(&doing, "o/r", "nothing was put on the slate");
        let seam = LookError::from(not_found());
        assert_eq!(seam.status(), Some(404));
        assert_eq!(seam.message(), "Not Found");
        let through = seam.into_error(&doing, "o/r", "nothing was put on the slate");
        assert_eq!(through.kind(), direct.kind());
        assert_eq!(through.message(), direct.message());
        assert_eq!(through.hint_words(), direct.hint_words());
        assert_eq!(through.facts(), direct.facts());
        assert_eq!(
            through.message().to_string(),
            "GitHub refused to show --repo o/r#7: 404 Not Found (Issue.number: missing)"
        );
    }
}
