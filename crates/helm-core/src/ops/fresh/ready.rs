//! Whether the pull request a merge acts on is ready, judged by the
//! freshness guard on the bearing it seals: the newest looks at the PR's
//! summary, checks and reviews, and its checks on an earlier head (an older
//! look on the slate, else the last one an entry sealed), read into the one
//! verdict `ops::readiness` gives every view.

use serde_json::Value;

use super::Mine;
use super::refusals::lightened_note;
use crate::actions::{Dispatch, Steer};
use crate::error::{Error, Kind, Result, Words};
use crate::error::{arg, cmd};
use crate::model::words;
use crate::ops::readiness::{self, Looks, PartSeen};
use crate::storage::VoyageStore;

/// For a steer that waits for its pull request to be ready (a merge): what
/// the newest observations of the PR's summary, checks and reviews show is
/// not ready, every blocker at once. Not ready refuses the steer, unless
/// `--override` takes it on; then what was not ready is returned for the
/// entry to record.
pub(super) fn ready(
    steer: &Steer,
    pinned: Option<&Steer>,
    mine: &[Mine],
    reader: Option<&VoyageStore>,
    repo: &crate::model::Repo,
    voyage: &str,
) -> Result<Vec<String>> {
    if !steer.needs_ready() {
        return Ok(Vec::new());
    }
    let newest = |name: &str| mine.iter().find(|m| m.is_pr() && m.judged.contains(&name));
    let part = |name: &str| {
        let Some(one) = newest(name) else {
            return PartSeen::Never;
        };
        match one.payload.as_ref() {
            Some(payload) => match payload.get(name) {
                Some(value) => PartSeen::Seen(value),
                None => PartSeen::Lost(words![
                    one.target.description(),
                    format!(" holds no {name}")
                ]),
            },
            None => PartSeen::Lost(lightened_note(one)),
        }
    };
    let earlier = earlier_checks(mine, newest("checks"), reader);
    let head = pinned.unwrap_or(steer).pinned_to();
    let looks = Looks {
        summary: part("summary"),
        checks: part("checks"),
        reviews: part("reviews"),
        earlier_checks: earlier.as_ref(),
    };
    let verdict = readiness::judge(&looks, head);
    if verdict.ready || steer.overridden().is_some() {
        // The entry keeps the command line's rendering (as every record).
        return Ok(verdict
            .blockers
            .iter()
            .map(|b| b.words.to_string())
            .collect());
    }
    let pr = steer.subject().unwrap_or_default();
    let mut message = Words::of(format!("PR #{pr} is not ready to merge: "));
    message.push(verdict.words());
    Err(Error::new(Kind::NotReady, message).hint(words![
        "nothing was merged or recorded; once it is ready, observe its checks and reviews with ",
        cmd("observe")
            .value("voyage", voyage)
            .word(format!("github-pr {pr}"))
            .value("focus", "checks,reviews")
            .value("repo", repo),
        ", then merge; or pass ",
        arg("override"),
        " REASON to merge anyway (the entry records the reason and what was not ready)",
    ]))
}

/// The newest look at the PR's checks on another head than `judged`'s:
/// an older one on the slate, else the last one an entry sealed.
fn earlier_checks(
    mine: &[Mine],
    judged: Option<&Mine>,
    reader: Option<&VoyageStore>,
) -> Option<Value> {
    let judged = judged?;
    let head = |payload: &Value| payload["checks"]["headSha"].as_str().map(str::to_string);
    let now = head(judged.payload.as_ref()?)?;
    let on_slate = mine
        .iter()
        .filter(|m| m.is_pr() && !std::ptr::eq(*m, judged))
        .filter_map(|m| m.payload.as_ref())
        .find(|p| head(p).is_some_and(|h| h != now));
    if let Some(payload) = on_slate {
        return Some(payload["checks"].clone());
    }
    let key = judged.target.slate_key();
    let stored = reader?.sealed_artifact_of(&key).ok()??;
    let payload = crate::ops::observe::parse_stored(&stored)?;
    head(&payload).filter(|h| *h != now)?;
    Some(payload["checks"].clone())
}
