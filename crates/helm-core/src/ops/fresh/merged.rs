//! A merge of a pull request the slate already shows merged: refused as
//! `already-merged`, naming its merge commit, before any request is sent.
//! GitHub would refuse it with a 405 that reads like an unready PR.

use serde_json::Value;

use super::Mine;
use crate::actions::{Dispatch, Steer};
use crate::error::{Error, Kind, Result, cmd};
use crate::model::words;

/// Refuses a merge when the newest look at the PR's summary shows it merged.
pub(super) fn refuse_if_merged(
    steer: &Steer,
    mine: &[Mine],
    repo: &crate::model::Repo,
    voyage: &str,
) -> Result<()> {
    if !steer.needs_ready() {
        return Ok(());
    }
    let summary = mine
        .iter()
        .find(|m| m.is_pr() && m.judged.contains(&"summary"))
        .and_then(|m| m.payload.as_ref()?.get("summary"));
    let Some(summary) = summary else {
        return Ok(());
    };
    if summary.get("merged").and_then(Value::as_bool) != Some(true) {
        return Ok(());
    }
    let pr = steer.subject().unwrap_or_default();
    let message = match summary.get("mergeCommitSha").and_then(Value::as_str) {
        Some(sha) => format!("PR #{pr} is already merged, as merge commit {sha}"),
        None => format!("PR #{pr} is already merged"),
    };
    Err(Error::new(Kind::AlreadyMerged, message).hint(words![
        "there is nothing to merge; nothing was sent or recorded (",
        cmd("observe")
            .value("voyage", voyage)
            .word(format!("github-pr {pr}"))
            .value("repo", repo),
        " shows it as it is now)",
    ]))
}
