//! The requests behind a part: one resource, or a listing read page by page,
//! each skipped when the prior part still holds (ADR 0008), and GitHub's
//! answers made helm-forge's shapes.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::parts::{Held, fresh};
use crate::client::Client;
use crate::conditional::{get_listing, get_one, get_pages_again, whole};
use crate::error::GitHubError;
use helm_forge::PayloadPart;

pub(crate) fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A flag the payload leaves out while false.
pub(crate) fn is_false(value: &bool) -> bool {
    !value
}

/// One resource: the held prior part, else fetched as GitHub's answer `W`
/// and kept as its shape `S`.
pub(crate) async fn resource<W: DeserializeOwned, S: From<W> + Serialize>(
    client: &Client,
    path: &str,
    prior: Option<PayloadPart>,
) -> Result<PayloadPart, GitHubError> {
    if let Some(prior) = prior {
        return Ok(prior);
    }
    let (item, validator) = get_one::<W>(client, path).await?;
    Ok(fresh(to_value(&S::from(item)), false, vec![validator]))
}

/// GitHub's answers as their shapes.
pub(crate) fn shaped<W, S: From<W>>(items: Vec<W>) -> Vec<S> {
    items.into_iter().map(S::from).collect()
}

/// A listing: the prior part when it holds; else its pages that answered
/// 304 kept and the others read (their 200s remembered by the client, see
/// [`get_pages_again`]); else fetched whole. `shape` makes a part of GitHub's
/// answers, item by item, in helm's shapes (the shape of two runs of items is
/// the two shapes joined).
pub(crate) async fn listing<T: DeserializeOwned>(
    client: &Client,
    path: &str,
    prior: Option<PayloadPart>,
    held: &Held,
    shape: impl Fn(Vec<T>) -> Value,
) -> Result<PayloadPart, GitHubError> {
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
                return Ok(fresh(Value::Array(items), truncated, validators));
            }
        }
    }
    let (items, truncated, validators) = get_listing::<T>(client, path, whole).await?;
    Ok(fresh(shape(items), truncated, validators))
}
