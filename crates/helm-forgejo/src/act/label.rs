//! Labels on Forgejo, added and removed by separate requests as on GitHub:
//! prepare resolves the names to the repository's label ids and reads the
//! labels the issue has, then plans one `POST …/issues/{n}/labels` for
//! those to add and one `DELETE …/labels/{id}` per label to take off that is
//! there. If a later request fails after an earlier one acted, the outcome
//! is unknown (never recorded as half done): the timeline settles it.

use helm_forge::act::{LabelChange, Steer};
use helm_forge::{ForgeError, ForgeWrite, Produced, WritePlan};
use helm_model::error::{Error, Kind};
use serde::{Deserialize, Serialize};

use crate::api::{ForgejoApi, body};
use crate::wire::{self, ForgejoLabelsBody};
use crate::{error, look};

/// What prepare read that no write carries.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Read {
    before: Vec<String>,
    not_present: Vec<String>,
}

/// The repository's labels named `names`, in that order; a name no label
/// has is a `not-found` error naming it.
pub(super) async fn ids(
    api: &ForgejoApi,
    names: &[String],
) -> Result<Vec<wire::ForgejoLabel>, ForgeError> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let (labels, _) = api
        .pages::<wire::ForgejoLabel>(&api.repo_path("/labels"), "list the repository's labels")
        .await?;
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for name in names {
        let exact = labels.iter().find(|l| &l.name == name);
        let label = exact.or_else(|| labels.iter().find(|l| l.name.eq_ignore_ascii_case(name)));
        match label {
            Some(label) => found.push(label.clone()),
            None => missing.push(name.as_str()),
        }
    }
    if !missing.is_empty() {
        let known: Vec<&str> = labels.iter().map(|l| l.name.as_str()).collect();
        let error = Error::new(
            Kind::NotFound,
            format!("the repository has no label {}", missing.join(", ")),
        )
        .hint(format!(
            "create it in Forgejo first, or use one it has: {}",
            known.join(", ")
        ));
        return Err(error.into());
    }
    Ok(found)
}

pub(super) async fn prepare(
    api: &ForgejoApi,
    change: &LabelChange,
) -> Result<WritePlan, ForgeError> {
    let number = change.on.number();
    let path = api.repo_path(&format!("/issues/{number}/labels"));
    let had: Vec<wire::ForgejoLabel> = api.get(&path, &format!("read #{number}'s labels")).await?;
    let before: Vec<String> = had.iter().map(|l| l.name.clone()).collect();
    let has = |name: &str| had.iter().find(|l| l.name.eq_ignore_ascii_case(name));
    let adding = ids(api, &change.add).await?;
    let adding: Vec<u64> = adding
        .iter()
        .filter(|l| has(&l.name).is_none())
        .map(|l| l.id)
        .collect();
    let mut writes = Vec::new();
    if !adding.is_empty() {
        writes.push(ForgeWrite {
            method: "POST",
            path: path.clone(),
            body: body(&ForgejoLabelsBody { labels: adding })?,
        });
    }
    let mut not_present = Vec::new();
    for name in &change.remove {
        match has(name) {
            Some(label) => writes.push(ForgeWrite {
                method: "DELETE",
                path: format!("{path}/{}", label.id),
                body: None,
            }),
            None => not_present.push(name.clone()),
        }
    }
    let read = look::to_value(&Read {
        before,
        not_present,
    })?;
    Ok(WritePlan {
        steer: Steer::Label(change.clone()),
        writes,
        read,
    })
}

pub(super) async fn send(api: &ForgejoApi, plan: &WritePlan) -> Result<Produced, ForgeError> {
    let Steer::Label(change) = &plan.steer else {
        return super::other_family();
    };
    let read: Read = serde_json::from_value(plan.read.clone())
        .map_err(|err| error::unreadable("the label plan", err, false))?;
    let number = change.on.number();
    let mut done: Vec<String> = Vec::new();
    for write in &plan.writes {
        let doing = match write.method {
            "POST" => format!("add labels to #{number}"),
            _ => format!("remove a label from #{number}"),
        };
        let sent = api.write(write, &doing).await;
        let failed = match sent {
            Ok(answer) if answer.status.is_success() => None,
            Ok(answer) => Some(error::refused(&answer, &doing)),
            Err(err) => Some(err),
        };
        if let Some(failed) = failed {
            return Err(match done.is_empty() {
                true => failed,
                false => error::partly(&done.join(", "), failed),
            });
        }
        done.push(doing);
    }
    let mut now: Vec<String> = read.before;
    for name in &change.add {
        if !now.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            now.push(name.clone());
        }
    }
    now.retain(|n| !change.remove.iter().any(|r| r.eq_ignore_ascii_case(n)));
    Ok(Produced::Labelled {
        now,
        not_present: read.not_present,
        url: None,
    })
}
