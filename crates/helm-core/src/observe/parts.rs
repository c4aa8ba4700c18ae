//! What every GitHub kind does with its parts: a part of a payload is kept
//! from the prior payload when every request behind it answers 304, asked
//! in one concurrent round ([`holding`]); only the others are fetched again.

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;

use futures_util::future::join_all;
use serde_json::Value;

use crate::github::client::Client;
use crate::github::conditional::{Fetched, Validator, probe};
use crate::github::error::GitHubError;

pub(super) fn is_false(value: &bool) -> bool {
    !value
}

/// One part of a payload: its value, whether a listing was cut, the
/// validators of the requests behind it, and whether it was kept from the
/// prior payload (every request answered 304).
#[derive(Debug, Default)]
pub(crate) struct PayloadPart {
    pub(crate) value: Value,
    pub(crate) truncated: bool,
    pub(crate) validators: Vec<Validator>,
    pub(crate) kept: bool,
}

impl PayloadPart {
    pub(crate) fn fresh(value: Value, truncated: bool, validators: Vec<Validator>) -> PayloadPart {
        PayloadPart {
            value,
            truncated,
            validators,
            kept: false,
        }
    }
}

pub(crate) fn count(value: &Value) -> usize {
    value.as_array().map_or(0, Vec::len)
}

/// Whether the look kept every part (and had any).
pub(crate) fn all_kept(all: &[bool]) -> bool {
    !all.is_empty() && all.iter().all(|kept| *kept)
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
/// listings without every page (see [`complete`](crate::github::conditional::complete)):
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
        .filter(|(_, list)| crate::github::conditional::complete(list))
        .flat_map(|(name, list)| list.iter().map(move |v| (name, v)))
        .collect();
    let answers = join_all(asks.iter().map(|(_, v)| probe(client, v))).await;
    let mut held = Held {
        parts: asks.iter().map(|(name, _)| (*name).clone()).collect(),
        requests: BTreeSet::new(),
    };
    for ((name, validator), answer) in asks.iter().zip(answers) {
        match answer? {
            Fetched::Fresh(..) => {
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
