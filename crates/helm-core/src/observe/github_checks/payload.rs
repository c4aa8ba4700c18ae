//! A `github-checks` payload made of what the forge's
//! `ConditionalLook::checks` brought back: the target's place (repository, pull request or ref), the
//! `checks` part, and the validators of every request behind it, which make
//! the next look conditional (ADR 0008).

use std::collections::BTreeMap;

use helm_forge::{ChecksOf, ConditionalLook, LogsWanted, NamedPart, Prior, Validator};
use serde::Serialize;
use serde_json::Value;

use super::{GitHubChecksTarget, Logs};
use crate::error::Error;
use crate::observe::payload::to_value;
use crate::observe::{Looking, Tally};

/// The payload of a `github-checks` observation, as it is written.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChecksPayload<'a> {
    repo: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pr: Option<u64>,
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    git_ref: Option<&'a str>,
    checks: Value,
    validators: BTreeMap<String, Vec<Validator>>,
}

impl GitHubChecksTarget {
    /// Looks through the forge's `checks`, the prior payload's validators
    /// making the requests conditional.
    pub(super) async fn look(
        &self,
        client: &dyn ConditionalLook,
        prior: Option<&Value>,
        tally: &Tally,
    ) -> Looking {
        let known: Option<BTreeMap<String, Vec<Validator>>> =
            prior.and_then(|p| serde_json::from_value(p.get("validators")?.clone()).ok());
        let seen = prior
            .zip(known.as_ref())
            .map(|(prior, known)| Prior::new(known).part("checks", prior.get("checks"), false));
        let of = match (self.pr, &self.git_ref) {
            (Some(number), _) => ChecksOf::Pr(number),
            (None, Some(git_ref)) => ChecksOf::Ref(git_ref.clone()),
            (None, None) => {
                return Err(
                    Error::usage("a github-checks target names no pull request or ref").into(),
                );
            }
        };
        let logs = LogsWanted {
            failed_only: self.logs == Logs::Failed,
            none: self.logs == Logs::None,
            tail: self.tail as usize,
        };
        let named = match (client.checks(&of, logs, seen.as_ref(), tally).await?, prior) {
            (Some(named), _) => named,
            (None, Some(prior)) => return Ok((prior.clone(), true)),
            (None, None) => {
                return Err(Error::usage(
                    "a checks look without a prior payload was said to keep it",
                )
                .into());
            }
        };
        let mut payload = ChecksPayload {
            repo: client.repo_name(),
            pr: self.pr,
            git_ref: self.git_ref.as_deref(),
            checks: Value::Null,
            validators: BTreeMap::new(),
        };
        for NamedPart { name, part, shown } in named {
            if shown {
                payload.checks = part.value;
            }
            payload.validators.insert(name.into(), part.validators);
        }
        Ok((to_value(&payload), false))
    }
}
