//! `steer --propose` (MCP `propose: true`, and every steer of
//! `helm mcp --propose-only`): the steer's own preparation (inputs, the
//! secret check and footer, the freshness guard, readiness, the pinned
//! sha) and its first write kept by a rehearsing client instead of sent,
//! all under the voyage's write lock, then recorded as a `proposal` entry
//! that seals the slate. The forge receives no write. On GitLab and Forgejo
//! the rehearsal is the forge's own (`ForgeActor`: its refusals, freshness
//! without ETags, `prepare`), and the record keeps the forge and host beside
//! the repository, absent on GitHub's so their bytes are unchanged.

use sha2::{Digest, Sha256};

use super::super::Helm;
use super::super::logbook::SteerRequest;
use super::{DEFAULT_EXPIRY, digest};
use crate::actions::Dispatch;
use crate::actions::Steer;
use crate::error::{Error, Kind, Result, arg};
use crate::model::EntryAction;
use crate::model::proposal::{Pins, ProposalRecord, ProposedRequest};
use crate::model::words;
use crate::steering::Actor;
use crate::storage::VoyageStore;
use crate::storage::logbook::Sealed;
use crate::storage::sealing::Decision;

impl Helm {
    /// Records `request` as a proposal on `voyage`, to be approved before
    /// `expires` (`2h`, `30m`, `3d`; default 24 hours) has passed.
    pub fn propose(
        &self,
        voyage: &str,
        request: &SteerRequest<'_>,
        expires: Option<&str>,
    ) -> Result<Sealed> {
        if !request.allow_secret.is_empty() {
            return Err(Error::usage(
                "a proposal keeps the request it would send in the logbook, so it cannot carry a secret",
            )
            .hint(words![
                "leave out ",
                arg("allow-secret"),
                ", or steer without proposing"
            ]));
        }
        let expires_at = expiry(expires.unwrap_or(DEFAULT_EXPIRY))?;
        let asked = request.action.resolve(&self.cwd, self.stdin)?;
        let file = self.voyage_file(voyage)?;
        let voyage_id = file.id.to_string();
        let located = self.locate(request.repo, request.forge)?;
        let repo = located.repo();
        let guard = super::super::fresh::Guard {
            file: file.clone(),
            allow_stale: request.allow_stale,
            require_observed: request.require_observed,
        };
        let mut store = VoyageStore::open(file)?;
        let sealed = store.seal_with(request.request_id, |sealing| {
            sealing.ensure_active()?;
            // The body names the proposal, so an approval made elsewhere
            // finds what it posted (a marker, as the footer is added).
            let number = sealing.next_entry_id()?;
            let marker = format!("<!-- helm proposal {voyage_id}/{number} -->");
            let mut steer = asked.clone();
            let marked = match steer.body_mut() {
                Some(body) => {
                    *body = format!("{}\n\n{marker}", body.trim_end());
                    true
                }
                None => false,
            };
            let disclose = request.disclose || self.disclose;
            let prepared =
                super::super::posting::prepare(steer, request.asked(), disclose, &voyage_id)?;
            let mut actor = self
                .rehearser(
                    &located,
                    &request.provenance.identity,
                    prepared.outbound.gate(),
                )?
                .guarded(guard);
            let preflight = actor.preflight(&prepared.steer, &sealing.bearing)?;
            let acting: Steer = preflight.steer.clone().unwrap_or(prepared.steer);
            let acted = actor.act(&acting);
            let Some(unsent) = actor.unsent() else {
                return Err(match acted {
                    Err(failed) => failed.error,
                    Ok(_) => Error::new(
                        Kind::Storage,
                        "the proposal's request was sent instead of kept (a bug in helm)",
                    ),
                });
            };
            let proposed = ProposedRequest {
                method: unsent.method,
                path: unsent.path,
                body: unsent.body,
            };
            let digest = digest(&proposed);
            let key = key(&digest, &expires_at, &request.provenance.identity);
            let asked_record = acting.asked(&repo);
            let elsewhere = located.elsewhere();
            let record = ProposalRecord {
                steer: acting.kind(),
                repo: repo.to_string(),
                forge: elsewhere.as_ref().map(|e| e.forge.as_str().to_string()),
                host: elsewhere.map(|e| e.host),
                issue: asked_record.issue,
                pr: asked_record.pr,
                request: proposed,
                digest,
                pins: Pins {
                    head_sha: acting.pinned_to().map(str::to_string),
                    artifacts: sealing.bearing.iter().map(|o| o.artifact.clone()).collect(),
                },
                expires_at: expires_at.clone(),
                key,
                marker: marked.then_some(marker),
                checked: checked_value(&acting)?,
                freshness: preflight.freshness,
                request_id: None,
                trace: self.trace.clone(),
            };
            Ok(Decision::Record(
                request.provenance.clone(),
                EntryAction::Proposal(Box::new(record)),
            ))
        })?;
        sealed.ok_or_else(|| Error::new(Kind::Storage, "the proposal was not recorded"))
    }
}

/// The checked action as the proposal keeps it: the proposer's
/// `--override` left out, since readiness is judged again at approval and
/// only the approver's `--override` carries a merge that is not ready.
fn checked_value(steer: &Steer) -> Result<serde_json::Value> {
    let mut value = serde_json::to_value(steer)?;
    if let Some(fields) = value.as_object_mut() {
        fields.remove("override");
    }
    Ok(value)
}

/// What the proposal's approvals are keyed by: its digest, expiry and
/// proposer, the same on every machine that holds it.
fn key(digest: &str, expires_at: &str, identity: &str) -> String {
    let text = format!("{digest}\n{expires_at}\n{identity}");
    crate::storage::artifact::hex(&Sha256::digest(text.as_bytes()))[..16].to_string()
}

/// Now plus `given` (`2h`, `90m`, `3d`, `1h30m`), as helm stores times.
fn expiry(given: &str) -> Result<String> {
    let bad = || {
        Error::usage(format!("'{given}' is not a duration")).hint(words![
            "give ",
            arg("expires"),
            " a positive duration such as 30m, 2h or 3d"
        ])
    };
    let span: jiff::Span = given.trim().parse().map_err(|_| bad())?;
    let now = jiff::Timestamp::now();
    let zoned = now.to_zoned(jiff::tz::TimeZone::UTC);
    let later = zoned.checked_add(span).map_err(|_| bad())?;
    if later.timestamp() <= now {
        return Err(bad());
    }
    Ok(later
        .timestamp()
        .strftime("%Y-%m-%dT%H:%M:%S%.6fZ")
        .to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expiry_is_a_positive_duration() {
        assert!(expiry("2h").unwrap() > crate::model::now());
        assert!(expiry("3d").is_ok());
        for bad in ["", "soon", "-2h", "0s"] {
            assert_eq!(expiry(bad).unwrap_err().kind(), Kind::Usage, "{bad}");
        }
    }
}
