//! The freshness check: do the observations of an issue or pull request
//! still show what GitHub shows? Each observation is looked at again as a
//! re-observation would look (every page of every listing, each request
//! conditional on what the observation kept), all of them together through
//! one conditional look (the caller hands in a remembering client, so a
//! request they share is sent once). A part
//! whose requests all answer 304 is unchanged; any other part is compared
//! by content with what was seen (`conversation/compare.rs`), so only a
//! real difference counts, whatever the validators did. Reads only; never
//! touches the voyage.

use futures_util::future::join_all;
use serde_json::Value;

use super::conversation::compare::{self, Change};
use super::{Target, Way};
use crate::error::Error;
use helm_forge::{ConditionalLook, LookError};

/// One observation to check: its target, narrowed to the parts it is
/// judged for, and its payload as stored.
pub(crate) struct Judged<'a> {
    pub(crate) target: Target,
    pub(crate) payload: &'a Value,
}

/// What changed since each observation was made, in its order: empty for
/// one GitHub still shows as it was.
pub(crate) async fn changes(
    client: &dyn ConditionalLook,
    judged: &[Judged<'_>],
) -> Result<Vec<Vec<Change>>, LookError> {
    let looks = judged.iter().map(|j| again(client, j));
    join_all(looks).await.into_iter().collect()
}

/// Looks at one observation's parts again and compares them.
async fn again(
    client: &dyn ConditionalLook,
    judged: &Judged<'_>,
) -> Result<Vec<Change>, LookError> {
    let parts = parts(&judged.target);
    let prior = narrowed(judged.payload, &parts);
    let Way::GitHub(remote) = judged.target.of().way() else {
        return Err(Error::usage(format!(
            "{} is not a GitHub target",
            judged.target.kind().as_str()
        ))
        .into());
    };
    let now = match remote.looking(client, Some(&prior)).await {
        // Compared with what was stored: redacted as it was.
        Ok((mut now, _)) => {
            crate::secrets::redact_payload(&mut now, Some(judged.payload));
            now
        }
        // Gone is a change; any other failure means the check was not made.
        Err(err) if matches!(err.status(), Some(404 | 410)) => {
            let status = err.status().unwrap_or_default();
            return Ok(vec![Change {
                words: format!("GitHub now answers {status} {}", err.message()),
                vague: false,
            }]);
        }
        Err(err) => return Err(err),
    };
    let absent = Value::Null;
    Ok(parts
        .iter()
        .flat_map(|part| {
            let old = judged.payload.get(*part).unwrap_or(&absent);
            let new = now.get(*part).unwrap_or(&absent);
            compare::part(part, old, new)
        })
        .collect())
}

/// The parts (payload keys) a target looks at: an issue's or a pull
/// request's focus; nothing for any other target.
pub(crate) fn parts(target: &Target) -> Vec<&'static str> {
    target.of().thread().map(|t| t.parts()).unwrap_or_default()
}

/// The payload with the validators of `parts` only (and the pull request's
/// own, which tells the head the checks belong to): the parts judged
/// elsewhere are not asked about again.
fn narrowed(payload: &Value, parts: &[&str]) -> Value {
    let mut prior = payload.clone();
    if let Some(validators) = prior.get_mut("validators").and_then(Value::as_object_mut) {
        let checks = parts.contains(&"checks");
        validators
            .retain(|name, _| parts.contains(&name.as_str()) || (checks && name == "summary"));
    }
    prior
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_narrowed_payload_keeps_the_validators_of_its_parts_and_the_head() {
        let payload = json!({"validators": {
            "summary": [{"path": "/p"}], "checks": [{"path": "/c"}], "files": [{"path": "/f"}]
        }});
        let kept = |parts: &[&str]| -> Vec<String> {
            let prior = narrowed(&payload, parts);
            prior["validators"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect()
        };
        assert_eq!(kept(&["checks"]), ["summary", "checks"]);
        assert_eq!(kept(&["files"]), ["files"]);
    }
}
