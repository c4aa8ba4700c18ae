//! What every GitHub look does with its parts: a part of a payload is kept
//! from the prior payload when every request behind it answers 304, asked
//! in one concurrent round ([`holding`]); only the others are fetched again.
//! The prior payload is the core's; it hands in each part it holds
//! ([`Prior`]) and takes back each part the look made ([`NamedPart`]), both
//! helm-forge's, as the conditional look of the seam has them.

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;

use futures_util::future::join_all;
use serde_json::Value;

use helm_forge::{NamedPart, PayloadPart, Prior, Validator};

use crate::client::Client;
use crate::conditional::{Asking, Fetched, probe};
use crate::error::GitHubError;

/// A part read now (not kept from the prior payload).
pub(crate) fn fresh(value: Value, truncated: bool, validators: Vec<Validator>) -> PayloadPart {
    PayloadPart {
        value,
        truncated,
        validators,
        kept: false,
    }
}

/// Part `name`, shown in the payload, when the look made it.
pub(crate) fn shown(name: &'static str, part: Option<PayloadPart>) -> Option<NamedPart> {
    Some(NamedPart {
        name,
        part: part?,
        shown: true,
    })
}

/// What a GitHub look takes of a prior part, given what the conditional
/// round found still holding.
pub(crate) trait HeldParts<'a> {
    /// The prior part `name` with its validators, whether it still holds
    /// (`kept`) or not: a listing that changed keeps its pages that did not.
    fn seen(&self, held: &Held, name: &str) -> Option<PayloadPart>;

    /// The prior part `name` with its validators, when the prior payload has
    /// both and the part still holds.
    fn kept(&self, held: &Held, name: &str) -> Option<PayloadPart> {
        self.seen(held, name).filter(|part| part.kept)
    }
}

impl<'a> HeldParts<'a> for Prior<'a> {
    fn seen(&self, held: &Held, name: &str) -> Option<PayloadPart> {
        let validators = self.validators().get(name)?.clone();
        Some(PayloadPart {
            value: self.value(name).cloned().unwrap_or(Value::Null),
            truncated: self.truncated(name),
            validators,
            kept: held.contains(name),
        })
    }
}

/// Runs `fetch` only when the focus asks for it.
pub(crate) async fn optional<T>(
    wanted: bool,
    fetch: impl Future<Output = Result<T, GitHubError>>,
) -> Result<Option<T>, GitHubError> {
    if wanted {
        fetch.await.map(Some)
    } else {
        Ok(None)
    }
}

/// The held prior part, else `fetch`.
pub(crate) async fn kept_or(
    prior: Option<PayloadPart>,
    fetch: impl Future<Output = Result<PayloadPart, GitHubError>>,
) -> Result<PayloadPart, GitHubError> {
    match prior {
        Some(prior) => Ok(prior),
        None => fetch.await,
    }
}

/// What the conditional round found still holding: the parts whose every
/// request answered 304, and each request (path, media type) that did.
#[derive(Debug, Default)]
pub(crate) struct Held {
    parts: BTreeSet<String>,
    requests: BTreeSet<(String, String)>,
}

impl Held {
    /// Whether every request behind part `name` answered 304.
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.parts.contains(name)
    }

    /// Whether the request `validator` stands for answered 304.
    pub(crate) fn request(&self, validator: &Validator) -> bool {
        self.requests
            .contains(&(validator.path.clone(), validator.accept().to_string()))
    }
}

/// The parts of a prior payload that still hold: every validator it kept is
/// asked about in one concurrent round, and a part holds when all of its
/// requests answer 304. A part that does not hold is read again from the
/// answers of that round (a 200 is remembered by the client) and, for a
/// listing, from its pages that answered 304. Parts without usable validators never hold, nor do
/// listings without every page (see [`complete`](crate::conditional::complete)):
/// a listing that grew by a page is seen on the page after its last, which
/// was read empty and kept with the others.
pub(crate) async fn holding(
    client: &Client,
    validators: Option<&BTreeMap<String, Vec<Validator>>>,
) -> Result<Held, GitHubError> {
    let Some(validators) = validators else {
        return Ok(Held::default());
    };
    let asks: Vec<(&String, &Validator)> = validators
        .iter()
        .filter(|(_, list)| crate::conditional::complete(list))
        .flat_map(|(name, list)| list.iter().map(move |v| (name, v)))
        .collect();
    let answers = join_all(asks.iter().map(|(_, v)| probe(client, v))).await;
    let mut held = Held {
        parts: asks.iter().map(|(name, _)| (*name).clone()).collect(),
        requests: BTreeSet::new(),
    };
    for ((name, validator), answer) in asks.iter().zip(answers) {
        match answer? {
            Fetched::Fresh => {
                held.parts.remove(*name);
            }
            Fetched::Unchanged => {
                let request = (validator.path.clone(), validator.accept().to_string());
                held.requests.insert(request);
            }
        }
    }
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validator(path: &str) -> Validator {
        serde_json::from_str(&format!(r#"{{"path":"{path}","etag":"\"1\""}}"#)).unwrap()
    }

    #[test]
    fn a_prior_part_is_kept_only_when_held_and_seen_with_its_validators_either_way() {
        let validators = BTreeMap::from([
            ("summary".to_string(), vec![validator("/repos/o/r/pulls/1")]),
            (
                "files".to_string(),
                vec![validator("/repos/o/r/pulls/1/files")],
            ),
        ]);
        let summary: Value = serde_json::from_str(r#"{"head":{"sha":"abc"}}"#).unwrap();
        let checks: Value = serde_json::from_str(r#"{"headSha":"def"}"#).unwrap();
        let files: Value = serde_json::from_str("[]").unwrap();
        let prior = Prior::new(&validators)
            .part("summary", Some(&summary), false)
            .part("checks", Some(&checks), false)
            .part("files", Some(&files), true);
        let held = Held {
            parts: BTreeSet::from(["summary".to_string()]),
            requests: BTreeSet::new(),
        };
        assert_eq!(prior.kept(&held, "summary").unwrap().value, summary);
        // Not held: no kept part, but the seen one keeps its pages' validators.
        assert!(prior.kept(&held, "files").is_none());
        let files = prior.seen(&held, "files").unwrap();
        assert!(!files.kept && files.truncated);
        assert_eq!(files.validators.len(), 1);
        // A part without validators is no prior part at all.
        assert!(prior.seen(&held, "checks").is_none());
    }
}
