//! What the GitHub kinds share: looking through a session (one remembering
//! client per look, GitHub's failure turned into helm's error), and the
//! requests behind a part (one resource, or a listing read page by page),
//! each skipped when the prior part still holds. The requests of one
//! observation run concurrently; any failed request fails the observation
//! with GitHub's answer, so a payload never pretends that nothing was there.
//!
//! Given the prior payload of the same target, each part is asked for
//! conditionally (ADR 0008): a part GitHub answers 304 is kept as it was, and
//! only the parts that changed are fetched again.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::parts::{Held, PayloadPart};
use super::{Target, Way};
use crate::error::{Error, Result};
use crate::github::Session;
use crate::github::client::Client;
use crate::github::conditional::{get_listing, get_one, get_pages_again, whole};
use crate::github::error::GitHubError;
use crate::model::words;

/// What a GitHub look brought back: the payload, and a few words on it.
pub(crate) struct GitHubLook {
    pub(crate) payload: Value,
    pub(crate) summary: String,
    /// Every part answered 304: the payload is the prior one, unchanged.
    pub(crate) unchanged: bool,
    /// The secrets replaced in the payload (bodies, titles, log tails).
    pub(crate) redacted: Vec<crate::secrets::Redaction>,
    /// What keeps a pull request from merging that only its forge's own
    /// verdict shows (`Repository::blockers`); none on GitHub, whose
    /// readiness is judged from the parts alone.
    pub(crate) blockers: Vec<helm_forge::Blocker>,
}

/// The payload, as GitHub gave it (not yet redacted), and whether every part
/// was kept. No words on it: those are made from the payload once redacted
/// ([`RemoteLook::words`](super::RemoteLook::words)), so no view can print
/// what storage redacted.
pub(crate) type Looking = std::result::Result<(Value, bool), GitHubError>;

/// Observes a GitHub target (already canonical) through `session`, whose
/// client is bound to the target's repository. `prior` is the payload of the
/// target's latest observation, whose validators make the requests
/// conditional.
pub(crate) fn look_github(
    session: &Session,
    target: &Target,
    prior: Option<&Value>,
    tally: &super::Tally,
) -> Result<GitHubLook> {
    let Way::GitHub(remote) = target.of().way() else {
        return Err(Error::usage(format!(
            "{} is not a GitHub target",
            target.kind().as_str()
        )));
    };
    // One look remembers its answers: a part whose conditional request
    // answered 200 is not asked for again.
    let client = session.client.remembering().counting(tally.receiving());
    let doing = words!["show ", target.description()];
    let repo = client.repo.to_string();
    let (mut payload, unchanged) = session
        .runtime
        .block_on(remote.looking_counted(&client, prior, tally))
        .map_err(|err| err.into_error(&doing, &repo, "nothing was put on the slate"))?;
    let redacted = crate::secrets::redact_payload(&mut payload, prior);
    let summary = remote.words(&payload);
    Ok(GitHubLook {
        payload,
        summary,
        unchanged,
        redacted,
        blockers: Vec::new(),
    })
}

pub(super) fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// One resource: the held prior part, else fetched as GitHub's answer `W`
/// and kept as its shape `S`.
pub(super) async fn resource<W: DeserializeOwned, S: From<W> + Serialize>(
    client: &Client,
    path: &str,
    prior: Option<PayloadPart>,
) -> std::result::Result<PayloadPart, GitHubError> {
    if let Some(prior) = prior {
        return Ok(prior);
    }
    let (item, validator) = get_one::<W>(client, path).await?;
    Ok(PayloadPart::fresh(
        to_value(&S::from(item)),
        false,
        vec![validator],
    ))
}

/// GitHub's answers as their shapes.
pub(super) fn shaped<W, S: From<W>>(items: Vec<W>) -> Vec<S> {
    items.into_iter().map(S::from).collect()
}

/// A listing: the prior part when it holds; else its pages that answered
/// 304 kept and the others read (their 200s remembered by the client, see
/// [`get_pages_again`]); else fetched whole. `shape` makes a part of GitHub's
/// answers, item by item, in helm's shapes (the shape of two runs of items is
/// the two shapes joined).
pub(super) async fn listing<T: DeserializeOwned>(
    client: &Client,
    path: &str,
    prior: Option<PayloadPart>,
    held: &Held,
    shape: impl Fn(Vec<T>) -> Value,
) -> std::result::Result<PayloadPart, GitHubError> {
    if let Some(prior) = prior {
        if prior.kept {
            return Ok(prior);
        }
        let shaped = |page: Value| {
            let items: Vec<T> = serde_json::from_value(page).map_err(GitHubError::shape)?;
            match shape(items) {
                Value::Array(items) => Ok(items),
                _ => Err(GitHubError::shape_text(
                    "a listing shaped as no list".into(),
                )),
            }
        };
        let seen = prior.value.as_array().filter(|_| !prior.truncated);
        if let Some(seen) = seen {
            let again =
                get_pages_again(client, &prior.validators, seen, |v| held.request(v), shaped);
            if let Some((items, truncated, validators)) = again.await? {
                return Ok(PayloadPart::fresh(
                    Value::Array(items),
                    truncated,
                    validators,
                ));
            }
        }
    }
    let (items, truncated, validators) = get_listing::<T>(client, path, whole).await?;
    Ok(PayloadPart::fresh(shape(items), truncated, validators))
}
