//! GitLab's requests over helm-http: the project's path under `/projects/`
//! (URL-encoded, `group%2Fsub%2Fproject`), reads of one document or of every
//! page of a listing (GitLab's `X-Next-Page` or `Link`, bounded, a repeated
//! page cut), the plan's writes
//! through the gate, and GitLab's failures in helm's words with whether the
//! forge may have acted. The one place that turns an answer into an error.

use http::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;

use helm_forge::{Admitted, ForgeError, ForgeRepo, ForgeWrite};
use helm_http::{Answer, Failure, HttpClient, HttpError, next_link};
use helm_model::error::{Error, Fact, Kind};

use crate::wire::{GitLabRefusal, field_at};

/// Pages of a listing read before helm stops (100 items each).
const MAX_PAGES: usize = 30;
const JSON: &str = "application/json";

/// One GitLab project, as every request addresses it.
pub(crate) struct GitLabApi {
    pub(crate) client: HttpClient,
    pub(crate) place: ForgeRepo,
    /// `/projects/group%2Fsub%2Fproject`.
    project: String,
    /// The web's base (the API URL less `/api/v4`), for links GitLab's
    /// answers do not carry (a note's).
    web: String,
    pub(crate) admitted: Admitted,
}

impl GitLabApi {
    pub(crate) fn new(client: HttpClient, place: ForgeRepo, admitted: Admitted) -> GitLabApi {
        let web = client.api_url().trim_end_matches('/');
        let web = web.strip_suffix("/api/v4").unwrap_or(web).to_string();
        GitLabApi {
            project: format!("/projects/{}", encode(place.repo.as_str())),
            client,
            place,
            web,
            admitted,
        }
    }

    /// A path under the project: `/projects/group%2Fproject{rest}`.
    pub(crate) fn path(&self, rest: &str) -> String {
        format!("{}{rest}", self.project)
    }

    /// The web page of an issue (`-/issues/7`) or merge request, with `anchor`.
    pub(crate) fn web_url(&self, tail: &str) -> String {
        format!("{}/{}/{tail}", self.web, self.place.repo)
    }

    /// One document at `path`.
    pub(crate) async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, ForgeError> {
        let answer = self.read(path).await?;
        parse(&answer, "GET", path)
    }

    /// The answer at `path` as it came, refused unless successful.
    pub(crate) async fn read(&self, path: &str) -> Result<Answer, ForgeError> {
        let answer = self
            .client
            .send(Method::GET, path, JSON, None)
            .await
            .map_err(|err| ForgeError::not_done(transport(err, "GET", path)))?;
        if !answer.status.is_success() {
            return Err(ForgeError::not_done(refused(&answer, "GET", path)));
        }
        Ok(answer)
    }

    /// Every item of the listing at `path` (its query, if any, kept), 100
    /// a page, and whether helm stopped before the last page.
    pub(crate) async fn pages<T: DeserializeOwned>(
        &self,
        path: &str,
    ) -> Result<(Vec<T>, bool), ForgeError> {
        self.pages_while(path, |_: &[T]| true).await
    }

    /// The listing at `path`, page by page while `more` says a page's items
    /// call for the next (a listing newest first, read until it is older
    /// than what is looked for), and whether helm stopped before its end:
    /// at its bound, or because the server answered a page it had already
    /// given (the same body again, or a next page that does not move on).
    pub(crate) async fn pages_while<T: DeserializeOwned>(
        &self,
        path: &str,
        more: impl Fn(&[T]) -> bool,
    ) -> Result<(Vec<T>, bool), ForgeError> {
        let join = if path.contains('?') { '&' } else { '?' };
        let mut items = Vec::new();
        let mut previous: Option<Vec<u8>> = None;
        let mut page = 1;
        for _ in 0..MAX_PAGES {
            let at = format!("{path}{join}per_page=100&page={page}");
            let answer = self.read(&at).await?;
            if previous.as_ref() == Some(&answer.body) {
                return Ok((items, true));
            }
            let read = parse::<Vec<T>>(&answer, "GET", &at)?;
            let wanted = more(&read);
            items.extend(read);
            if !wanted {
                return Ok((items, false));
            }
            match next_page(&answer, page) {
                Next::Last => return Ok((items, false)),
                Next::Page(next) => page = next,
                Next::Stuck => return Ok((items, true)),
            }
            previous = Some(answer.body);
        }
        Ok((items, true))
    }

    /// Sends one write of a plan (the gate admits only those) and returns
    /// GitLab's successful answer; `earlier` says whether a write of the
    /// same plan already went through, which makes any failure unknown.
    pub(crate) async fn write(
        &self,
        write: &ForgeWrite,
        earlier: bool,
    ) -> Result<Answer, ForgeError> {
        let answer = self.write_answered(write, earlier).await?;
        if answer.status.is_success() {
            return Ok(answer);
        }
        // A 4xx did nothing; a 5xx from GitLab's front end may come after
        // its backend acted.
        let error = refused(&answer, write.method, &write.path);
        Err(match answer.status.is_server_error() || earlier {
            true => ForgeError::unknown(error),
            false => ForgeError::not_done(error),
        })
    }

    /// Sends one write of a plan and returns whatever GitLab answered, for
    /// a write whose refusals mean something (a merge's 409); only a failure
    /// to get an answer is an error.
    pub(crate) async fn write_answered(
        &self,
        write: &ForgeWrite,
        earlier: bool,
    ) -> Result<Answer, ForgeError> {
        let method = Method::from_bytes(write.method.as_bytes()).map_err(|_| {
            ForgeError::not_done(Error::new(
                Kind::Usage,
                format!(
                    "'{}' is not an HTTP method (a bug in helm-gitlab)",
                    write.method
                ),
            ))
        })?;
        let body: Option<Value> = match &write.body {
            Some(text) => Some(serde_json::from_str(text).map_err(|err| {
                ForgeError::not_done(Error::new(
                    Kind::Usage,
                    format!(
                        "the planned body of {} {} is not JSON: {err}",
                        write.method, write.path
                    ),
                ))
            })?),
            None => None,
        };
        let sent = self
            .client
            .send(method, &write.path, JSON, body.as_ref())
            .await;
        sent.map_err(|err| {
            let acted = earlier
                || matches!(
                    err.failure,
                    Failure::NoAnswer | Failure::TimedOut | Failure::TooLarge | Failure::Partial
                );
            let error = transport(err, write.method, &write.path);
            match acted {
                true => ForgeError::unknown(error),
                false => ForgeError::not_done(error),
            }
        })
    }
}

/// What a page's headers say comes after page `page`.
enum Next {
    Last,
    Page(u32),
    /// A next page that is not after this one: a server repeating itself.
    Stuck,
}

/// GitLab documents both `X-Next-Page` (empty on the last page) and the
/// `Link` header's `rel="next"`; a server may send either. The `Link` URL
/// itself is not followed: its page number is, on the path helm built, so
/// no request leaves for a place or a query helm did not choose.
fn next_page(answer: &Answer, page: u32) -> Next {
    let header = answer
        .headers
        .get("x-next-page")
        .and_then(|v| v.to_str().ok())
        .map(str::trim);
    match header {
        Some("") => Next::Last,
        Some(next) => match next.parse::<u32>() {
            Ok(next) if next > page => Next::Page(next),
            _ => Next::Stuck,
        },
        None if next_link(&answer.headers).is_some() => Next::Page(page + 1),
        None => Next::Last,
    }
}

/// A document read strictly: a field missing or of another type is an error
/// naming the request and the field.
pub(crate) fn parse<T: DeserializeOwned>(
    answer: &Answer,
    method: &str,
    path: &str,
) -> Result<T, ForgeError> {
    serde_json::from_slice(&answer.body).map_err(|err| {
        // serde_json names a missing field itself, a mistyped one only by place.
        let field = match err.to_string().starts_with("invalid") {
            true => field_at(&answer.body, err.line(), err.column()),
            false => None,
        };
        let field = field.map_or(String::new(), |f| format!("the field `{f}`: "));
        ForgeError::not_done(
            Error::new(
                Kind::Forge,
                format!("GitLab's answer to {method} {path} is not what its documentation describes: {field}{err}"),
            )
            .hint("the server may be a GitLab version helm does not know; run with -v to see the request")
            .about(answered(Some(answer.status.as_u16()))),
        )
    })
}

/// Percent-encodes a path segment as GitLab wants a project's path.
pub(crate) fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What GitLab said in a refusal, if it said anything readable.
pub(crate) fn said(answer: &Answer) -> Option<String> {
    serde_json::from_slice::<GitLabRefusal>(&answer.body)
        .ok()
        .and_then(|r| r.said())
}

/// What a GitLab answer (or its absence) was, for the JSON error document's
/// `forge` and `forgeStatus`.
fn answered(status: Option<u16>) -> Fact {
    Fact::Forge {
        forge: "gitlab".into(),
        status,
    }
}

/// GitLab's refusal of `method path`, in helm's words: its status and what it
/// said, with what to do. A refusal helm has a kind for (a token, a missing
/// item, a rate limit) takes it; any other is kind `forge`; each carries
/// GitLab's status as a fact.
pub(crate) fn refused(answer: &Answer, method: &str, path: &str) -> Error {
    let status = answer.status.as_u16();
    let said = said(answer).unwrap_or_else(|| {
        answer
            .status
            .canonical_reason()
            .unwrap_or("no message")
            .to_string()
    });
    let message = format!("GitLab answered {status} to {method} {path}: {said}");
    let (kind, hint) = match status {
        401 => (
            Kind::Config,
            "the token was not accepted: set GITLAB_TOKEN (or GL_TOKEN) to a valid token, or run `glab auth login`",
        ),
        403 => (
            Kind::Config,
            "the token lacks the access this needs: give it the `api` scope and at least Developer access to the project",
        ),
        404 => (
            Kind::NotFound,
            "check the project path and the number; a private project is also 404 to a token without access to it",
        ),
        429 => (
            Kind::RateLimited,
            "GitLab's rate limit refused it; wait a minute and try again",
        ),
        s if s >= 500 => (
            Kind::Forge,
            "GitLab had a problem; try again later, and look at the item on GitLab before acting again",
        ),
        _ => (
            Kind::Forge,
            "GitLab refused the request as it stands; read its message, fix what it names and try again",
        ),
    };
    Error::new(kind, message)
        .hint(hint)
        .about(answered(Some(status)))
}

/// A failure before GitLab gave an answer helm could read.
pub(crate) fn transport(err: HttpError, method: &str, path: &str) -> Error {
    if let Some(refusal) = err.refusal {
        return *refusal;
    }
    let kind = match err.failure {
        Failure::Limited => Kind::RateLimited,
        _ => Kind::Forge,
    };
    let status = err.status;
    let hint = match err.failure {
        Failure::Limited => "wait as GitLab asks, or raise HELM_GITHUB_TIMEOUT (at most 60 s)",
        Failure::TimedOut | Failure::NoAnswer | Failure::TooLarge => {
            "look at the item on GitLab before acting again: the request may have been performed"
        }
        _ => "check the network and HELM_GITLAB_API_URL, then try again",
    };
    Error::new(
        kind,
        format!(
            "GitLab's answer to {method} {path} did not come: {}",
            err.message
        ),
    )
    .hint(hint)
    .about(answered(status))
}
