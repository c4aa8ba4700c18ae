//! A look on a forge that answers conditional requests (GitHub): one look
//! per observation that remembers its answers and counts what it receives
//! (the opened repository's `conditional`), the forge's failure turned into
//! helm's error, and the payload redacted before anything says a word on it.
//! The requests themselves are the forge crate's; any failed request fails
//! the observation with the forge's answer, so a payload never pretends that
//! nothing was there.

use serde_json::Value;

use super::{Target, Way};
use crate::error::{Error, Result};
use crate::model::words;
use crate::ops::forge_look::OpenedForge;

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

/// Observes a GitHub target (already canonical) through `opened`, the
/// target's repository. `prior` is the payload of the target's latest
/// observation, whose validators make the requests conditional.
pub(crate) fn look_github(
    opened: &OpenedForge,
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
    let Some(look) = opened.repo.conditional(Some(tally.receiving())) else {
        return Err(Error::usage(format!(
            "{} answers no conditional request, which {} looks through",
            opened.repo.place().forge,
            target.kind().as_str()
        )));
    };
    let doing = words!["show ", target.description()];
    let repo = look.repo_name();
    let (mut payload, unchanged) = opened
        .runtime
        .block_on(remote.looking_counted(look.as_ref(), prior, tally))
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
