//! `label`: labels added and removed in ONE request (`PUT` with `add_labels`
//! and `remove_labels`), so GitLab applies all or none of them and the
//! change can never be half done. `prepare` reads the labels there now, so
//! the entry can say which of those asked off were not there.

use helm_forge::act::{LabelChange, Steer};
use helm_forge::{ForgeError, Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::Error;
use serde::Deserialize;
use serde_json::Value;

use super::create::checked_labels;
use super::{answered, item_path};
use crate::api::GitLabApi;
use crate::wire::bodies::{GitLabLabelChange, listed, write};

#[derive(Deserialize)]
struct Labelled {
    labels: Vec<String>,
    web_url: String,
}

pub(super) async fn prepare(
    api: &GitLabApi,
    change: &LabelChange,
) -> Result<WritePlan, ForgeError> {
    checked_labels(&change.add)?;
    checked_labels(&change.remove)?;
    let path = item_path(api, change.on);
    let before: Labelled = api.get(&path).await?;
    let body = GitLabLabelChange {
        add_labels: listed(&change.add),
        remove_labels: listed(&change.remove),
    };
    Ok(WritePlan {
        steer: Steer::Label(change.clone()),
        writes: vec![write("PUT", path, &body)],
        read: Value::from(before.labels),
    })
}

/// Of the labels asked off, those `before` did not hold.
pub(crate) fn not_present(asked_off: &[String], before: &[String]) -> Vec<String> {
    asked_off
        .iter()
        .filter(|name| !before.iter().any(|b| b.eq_ignore_ascii_case(name)))
        .cloned()
        .collect()
}

pub(super) fn produced(plan: &WritePlan, answer: &Answer) -> Result<Produced, Error> {
    let after: Labelled = answered(plan, answer)?;
    let before: Vec<String> = Vec::<String>::deserialize(&plan.read).unwrap_or_default();
    let asked_off = match &plan.steer {
        Steer::Label(change) => change.remove.as_slice(),
        _ => &[],
    };
    Ok(Produced::Labelled {
        now: after.labels,
        not_present: not_present(asked_off, &before),
        url: Some(after.web_url),
    })
}
