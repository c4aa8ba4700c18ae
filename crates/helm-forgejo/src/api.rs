//! The one helm-http client a Forgejo repository talks through, and the
//! rules on top of it that are Forgejo's: `Authorization: token …`, paths
//! under `/repos/{owner}/{repo}`, pages of `limit` items, a 429 that names
//! no wait backed off within `HELM_GITHUB_TIMEOUT`, and the gate: a write
//! leaves only while the plan that holds it is being sent, with the same
//! method, path and body bytes ([`ForgejoApi::admitting`], helm-forge's `Admitted`: each write once).

use std::sync::Arc;
use std::time::Duration;

use helm_forge::{Admitted, Admitting, ForgeError, ForgeName, ForgeWrite};
use helm_http::client::gate::Outgoing;
use helm_http::{Answer, AuthScheme, Credentials, HttpClient, Server, next_link};
use helm_model::clock::GitHubClock;
use helm_model::error::Result;
use http::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error;

const JSON: &str = "application/json";
const TEXT: &str = "text/plain";
/// Forgejo's largest page (its `MAX_RESPONSE_ITEMS` default).
pub(crate) const PAGE: usize = 50;
/// The pages of one listing helm reads before it says it was cut.
pub(crate) const MAX_PAGES: usize = 20;
/// How often a 429 that names no wait is tried again.
const LIMIT_RETRIES: u32 = 3;

pub(crate) struct ForgejoApi {
    client: HttpClient,
    /// `/repos/{owner}/{repo}`.
    base: String,
    /// The writes of the plan being sent; the gate admits only these.
    admitted: Admitted,
    deadline: Duration,
}

impl ForgejoApi {
    pub(crate) fn open(
        api_url: &str,
        token: &str,
        repo: &str,
        deadline: Duration,
    ) -> Result<ForgejoApi> {
        let client = HttpClient::connect(Server {
            forge: "Forgejo",
            api_url,
            credentials: Some(Credentials {
                scheme: AuthScheme::Token,
                token,
            }),
            headers: &[],
            unnamed_limit: None,
            deadline,
        })?;
        let admitted = Admitted::on(ForgeName::Forgejo);
        let gate = admitted.clone();
        let client = client.gated(Arc::new(move |out: &Outgoing<'_>| {
            gate.pass(
                out.method.as_str(),
                out.path,
                out.body.map(Value::to_string),
            )
        }));
        Ok(ForgejoApi {
            client,
            base: format!("/repos/{repo}"),
            admitted,
            deadline,
        })
    }

    pub(crate) fn repo_path(&self, tail: &str) -> String {
        format!("{}{tail}", self.base)
    }

    pub(crate) fn clock(&self) -> Option<GitHubClock> {
        self.client.clock()
    }

    pub(crate) fn deadline(&self) -> Duration {
        self.deadline
    }

    /// Lets `writes` (and only them) through the gate until the guard drops.
    pub(crate) fn admitting(&self, writes: &[ForgeWrite]) -> Admitting<'_> {
        self.admitted.admitting(writes)
    }

    /// Lets `write` through once more, when Forgejo asked for it again
    /// without acting on it.
    pub(crate) fn admit_again(&self, write: &ForgeWrite) {
        self.admitted.again(write);
    }

    /// One exchange, a 429 that names no wait tried again after 1, 2 and 4
    /// s while the deadline allows (Forgejo's limiter, or a proxy's, acted
    /// on nothing); any other answer as it came.
    async fn exchange(
        &self,
        method: Method,
        path: &str,
        accept: &str,
        body: Option<&Value>,
        doing: &str,
    ) -> Result<Answer, ForgeError> {
        let write = method != Method::GET;
        let mut waited = Duration::ZERO;
        let mut tries = 0;
        loop {
            let answer = self
                .client
                .send(method.clone(), path, accept, body)
                .await
                .map_err(|err| error::transport(err, doing, write))?;
            let wait = Duration::from_secs(1 << tries);
            if answer.status.as_u16() != 429
                || tries == LIMIT_RETRIES
                || waited + wait > self.deadline
            {
                return Ok(answer);
            }
            helm_model::tell::note(&format!(
                "helm: Forgejo's rate limit answered 429 to {method} {path}; waiting {} s",
                wait.as_secs()
            ));
            tokio::time::sleep(wait).await;
            waited += wait;
            tries += 1;
        }
    }

    /// A GET's answer, whatever its status.
    pub(crate) async fn answer(&self, path: &str, doing: &str) -> Result<Answer, ForgeError> {
        self.exchange(Method::GET, path, JSON, None, doing).await
    }

    /// A GET read as `T`; a refusal is an error.
    pub(crate) async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        doing: &str,
    ) -> Result<T, ForgeError> {
        let answer = self.answer(path, doing).await?;
        read(&answer, doing, false)
    }

    /// A GET of text (a diff, a log); a refusal is an error.
    pub(crate) async fn text(&self, path: &str, doing: &str) -> Result<String, ForgeError> {
        let answer = self.exchange(Method::GET, path, TEXT, None, doing).await?;
        if !answer.status.is_success() {
            return Err(error::refused(&answer, doing));
        }
        Ok(String::from_utf8_lossy(&answer.body).into_owned())
    }

    /// Every page of a listing (`path` may hold a query), up to
    /// [`MAX_PAGES`]; `true` when it was cut there. A page shorter than the
    /// `limit` asked is no end: the server's `MAX_RESPONSE_ITEMS` cuts a
    /// larger `limit` without saying so, so only the `Link` header's next
    /// page or an `X-Total-Count` not yet reached ask for another. A page
    /// that repeats the one before ends the read as cut (a server that
    /// ignores `page` would otherwise be read twenty times over).
    pub(crate) async fn pages<T: DeserializeOwned>(
        &self,
        path: &str,
        doing: &str,
    ) -> Result<(Vec<T>, bool), ForgeError> {
        let joiner = if path.contains('?') { '&' } else { '?' };
        let mut items = Vec::new();
        let mut before: Option<Vec<u8>> = None;
        for page in 1..=MAX_PAGES {
            let paged = format!("{path}{joiner}limit={PAGE}&page={page}");
            let answer = self.answer(&paged, doing).await?;
            if before.as_ref() == Some(&answer.body) {
                return Ok((items, true));
            }
            let mut these: Vec<T> = read(&answer, doing, false)?;
            let read_now = these.len();
            items.append(&mut these);
            if read_now == 0 || !more(&answer, items.len()) {
                return Ok((items, false));
            }
            before = Some(answer.body);
        }
        Ok((items, true))
    }

    /// Sends one write of the plan being sent; its answer whatever its status.
    pub(crate) async fn write(
        &self,
        write: &ForgeWrite,
        doing: &str,
    ) -> Result<Answer, ForgeError> {
        let method = Method::from_bytes(write.method.as_bytes())
            .map_err(|_| error::unreadable(doing, "an unknown method", false))?;
        let body: Option<Value> = match &write.body {
            Some(text) => Some(
                serde_json::from_str(text).map_err(|err| error::unreadable(doing, err, false))?,
            ),
            None => None,
        };
        self.exchange(method, &write.path, JSON, body.as_ref(), doing)
            .await
    }
}

/// Whether a listing's page says more is left after `read` items: a
/// `Link` to a next page, or an `X-Total-Count` above what was read; a
/// server that sends neither is asked until a page comes back empty.
fn more(answer: &Answer, read: usize) -> bool {
    let total = answer
        .headers
        .get("x-total-count")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<usize>().ok());
    match (next_link(&answer.headers), total) {
        (Some(_), _) => true,
        (None, Some(total)) => read < total,
        (None, None) => true,
    }
}

/// A successful answer read as `T`; a refusal is Forgejo's error.
pub(crate) fn read<T: DeserializeOwned>(
    answer: &Answer,
    doing: &str,
    write: bool,
) -> Result<T, ForgeError> {
    if !answer.status.is_success() {
        return Err(error::refused(answer, doing));
    }
    parse(&answer.body).map_err(|why| error::unreadable(doing, why, write))
}

/// `body` read as `T`; a failure names the field where it happened
/// (`labels[0].id: invalid type: …`), since Forgejo's answers are one long line.
pub(crate) fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    let mut from = serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(&mut from).map_err(|err| {
        let at = err.path().to_string();
        match at.as_str() {
            "." | "" => err.into_inner().to_string(),
            _ => format!("{at}: {}", err.into_inner()),
        }
    })
}

/// The gate: a write passes only if it is one of the admitted writes, byte
/// for byte (a body is compared as it will be serialised).
/// `text` as one path segment or query value: every byte but the
/// unreserved ones percent-encoded, so a ref like `feature/x` stays whole.
pub(crate) fn segment(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A request body serialised once, as the client will send it: the plan,
/// the gate and the dry run all see these bytes.
pub(crate) fn body<T: serde::Serialize>(value: &T) -> Result<Option<String>, ForgeError> {
    serde_json::to_value(value)
        .map(|v| Some(v.to_string()))
        .map_err(|err| error::unreadable("a request body", err, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_keeps_a_ref_whole() {
        assert_eq!(segment("feature/x y"), "feature%2Fx%20y");
        assert_eq!(segment("abc123"), "abc123");
    }
}
