//! `observe`: look at a target (local or on GitHub), then put the observation
//! on the slate in one short write transaction. Looking happens before any
//! transaction opens, so a slow look never holds the voyage's lock.

use serde_json::Value;

use super::Helm;
use crate::egress::shown::{Disclosed, Disclosure};
use crate::error::{Error, Kind, Result};
use crate::observe::{self as look, Source, Tally, Target, TargetArgs};
use crate::storage::artifact::{Frame, Packed, Packer, Stored};
use crate::storage::slate::Put;

/// A finished observation, on the slate.
#[derive(Debug)]
pub struct Observed {
    pub target: Target,
    pub observed_at: String,
    pub artifact: String,
    /// The payload as stored (zstd), streamed out by the renderer when
    /// `json` is not at hand.
    pub compressed: Frame,
    /// The payload JSON, when it was packed from memory.
    pub json: Option<Vec<u8>>,
    /// A few words on what came back.
    pub summary: String,
    /// The one-line digest the story shows for it (a pull request's CI and
    /// reviewers' decisions, an issue's state and comments, …), when the
    /// payload was at hand in memory.
    pub digest: Option<String>,
    /// The payload as this Helm's disclosure shows it, and what it marked,
    /// when that is not the payload as stored (GitHub looks under `helm
    /// mcp` or `--lockdown`); a view prints this, never `json`.
    pub shown: Option<Disclosed>,
    /// A newer observation of the same target was already on the slate and
    /// stays there; this one only stowed nothing.
    pub superseded: bool,
    /// What the user should know: e.g. that GitHub moved the repository.
    pub warnings: Vec<String>,
    /// GitHub answered 304 to every part: the artifact is the prior
    /// observation's, with a new `observed_at` (ADR 0008).
    pub unchanged: bool,
    /// What changed since the previous look at the same target (on the
    /// slate or in a bearing); `None` for a first look or a kind that does
    /// not compare, empty when nothing did.
    pub changes: Option<Vec<String>>,
    /// For a pull request: whether it is ready to merge, every blocker.
    pub readiness: Option<super::readiness::Readiness>,
}

impl Helm {
    /// The canonical target for what a front end gave; `repo` and `forge`
    /// are a repository and its forge given apart from the target.
    pub fn target(
        &self,
        spec: &TargetArgs,
        repo: Option<&str>,
        forge: Option<&str>,
    ) -> Result<Target> {
        spec.resolve(&self.cwd, self.stdin, (repo, forge), &|flag, forge| {
            self.locate(flag, forge)
        })
    }

    /// [`target`](Self::target), refused when it holds a secret: what a
    /// front end resolves before it shows anything of it (a progress line
    /// names the target) and hands it to [`observe`](Self::observe).
    pub fn target_to_observe(
        &self,
        spec: &TargetArgs,
        repo: Option<&str>,
        forge: Option<&str>,
    ) -> Result<Target> {
        let target = self.target(spec, repo, forge)?;
        refuse_secret(&target)?;
        Ok(target)
    }

    /// Looks at `target` and puts the observation on the voyage's slate.
    /// `identity` picks GitHub credentials only; observations record none.
    pub fn observe(
        &self,
        voyage: &str,
        target: Target,
        identity: Option<&str>,
        tally: &Tally,
    ) -> Result<Observed> {
        refuse_secret(&target)?;
        let file = self.voyage_file(voyage)?;
        let observed_at = crate::model::now();
        let mut unchanged = false;
        let mut warnings = Vec::new();
        let digest;
        let mut shown = None;
        let mut changes = None;
        let mut readiness = None;
        let (mut store, packed, summary) = match target.source() {
            Source::GitHub(_) | Source::Forge(_) => {
                // Fail before talking to the forge; the write checks again.
                let store = crate::storage::VoyageStore::open(file)?;
                store.ensure_active()?;
                let prior = prior_payload(&store, &target.slate_key())?;
                let prior_value = prior.as_ref().map(|(_, v)| v);
                let seen =
                    self.look_remote(&target, prior_value, identity, tally, &mut warnings)?;
                let mut before = prior.as_ref().map(|(_, value)| value.clone());
                warnings.extend(redaction_warning(&seen.redacted));
                let packed = match prior {
                    // The same artifact: GitHub said nothing changed.
                    Some((stored, _)) if seen.unchanged => {
                        unchanged = true;
                        Packed {
                            hash: stored.hash,
                            frame: Frame::Memory(stored.data),
                            raw_len: 0,
                            json: None,
                        }
                    }
                    _ => Packer::pack(&seen.payload)?,
                };
                // Every line and view of the look is made from the payload
                // as this Helm's disclosure shows it.
                let mut summary = seen.summary;
                let mut payload = seen.payload;
                let forge_says = seen.blockers;
                let untrusted = self.disclosure.payload(&mut payload, &packed.hash);
                let bytes = serde_json::to_vec(&payload).unwrap_or_default();
                digest = super::digest::of(Some(&target), &bytes);
                if let Some(before) = before.as_mut() {
                    let raw = serde_json::to_vec(&*before).unwrap_or_default();
                    let since =
                        super::changes::since(&target, &raw, &bytes, &packed.hash, self.disclosure);
                    changes = target.compares().then_some(since);
                    self.disclosure.payload(before, &packed.hash);
                }
                readiness =
                    super::readiness::of_look(&target, &payload, before.as_ref(), &forge_says);
                if untrusted.iter().any(|u| u.withheld) {
                    // The look's own words quote the title.
                    summary = digest.clone().unwrap_or_else(|| "text withheld".into());
                }
                if self.disclosure != Disclosure::Whole {
                    shown = Some(Disclosed { payload, untrusted });
                }
                (store, packed, summary)
            }
            Source::Local => {
                let store = crate::storage::VoyageStore::open_for_write(file)?;
                let looked = look::look_local(&target, tally)?;
                digest = match (looked.digest, &looked.packed.json) {
                    (Some(known), Some(json)) => Some(super::digest::finished(known, json)),
                    (None, Some(json)) => super::digest::of(Some(&target), json),
                    (_, None) => None,
                };
                warnings.extend(redaction_warning(&looked.redacted));
                (store, looked.packed, looked.summary)
            }
        };
        // The last point a cancelled call stops at: nothing is on the slate yet.
        tally.cancel.check("put the observation on the slate")?;
        let put = store.put_observation(&target.slate_key(), &packed, &observed_at)?;
        Ok(Observed {
            artifact: packed.hash,
            target,
            observed_at,
            compressed: packed.frame,
            json: packed.json,
            summary,
            digest,
            shown,
            superseded: put == Put::Superseded,
            unchanged,
            warnings,
            changes,
            readiness,
        })
    }
}

/// Refuses a target any of whose strings holds a secret (a file named after
/// a token, a tree's root, a ref, a repository's spelling): the target is
/// stored as it is in the slate and the bearing, shown by `voyage show` and
/// pushed, so one holding a secret is never stored. Refused rather than
/// redacted: a redacted target would name no file helm could look at again.
/// The whole canonical target is read, so a new kind's fields are too.
fn refuse_secret(target: &Target) -> Result<()> {
    let value = serde_json::to_value(target).unwrap_or(Value::Null);
    let mut strings = Vec::new();
    strings_of(&value, &mut String::new(), &mut strings);
    for (at, text) in strings {
        let Some(found) = crate::secrets::find(text).into_iter().next() else {
            continue;
        };
        return Err(Error::new(
            Kind::Secret,
            format!(
                "the {} target holds a secret ({} at {at}); helm stores no secret, and nothing was observed",
                target.kind().as_str(),
                found.rule
            ),
        )
        .hint(
            "give the target without it: rename or move what holds the token (it belongs in a secret store), or observe a folder above it, whose listing redacts the name",
        ));
    }
    Ok(())
}

/// Every string in `value`, with its JSON pointer.
fn strings_of<'a>(value: &'a Value, at: &mut String, out: &mut Vec<(String, &'a str)>) {
    match value {
        Value::String(text) => out.push((at.clone(), text)),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = at.len();
                at.push_str(&format!("/{i}"));
                strings_of(item, at, out);
                at.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let len = at.len();
                at.push('/');
                at.push_str(key);
                strings_of(item, at, out);
                at.truncate(len);
            }
        }
        _ => {}
    }
}

/// What the user is told when secrets were replaced: which rules, where.
fn redaction_warning(record: &[crate::secrets::Redaction]) -> Option<String> {
    let said = crate::secrets::said(record)?;
    let mut places: Vec<&str> = record.iter().map(|r| r.at.as_str()).collect();
    places.dedup();
    Some(format!("{said} before storing, at {}", places.join(", ")))
}

/// The stored payload of the target's latest observation, when it is still
/// whole (a reduced or jettisoned one has nothing to compare with).
pub(crate) fn prior_payload(
    store: &crate::storage::VoyageStore,
    key: &crate::model::SlateKey,
) -> Result<Option<(Stored, serde_json::Value)>> {
    let Some(stored) = store.latest_artifact_of(key)? else {
        return Ok(None);
    };
    Ok(parse_stored(&stored).map(|value| (stored, value)))
}

/// A stowed artifact's payload as JSON; `None` for any other.
pub(crate) fn parse_stored(stored: &Stored) -> Option<serde_json::Value> {
    if !stored.status.is_stowed() {
        return None;
    }
    let raw = zstd::stream::decode_all(&stored.data[..]).ok()?;
    serde_json::from_slice(&raw).ok()
}
