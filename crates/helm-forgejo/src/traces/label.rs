//! A label change's traces: the timeline's `label` events by the viewer in
//! the window (`body` "1" for a label added, empty for one taken off). A
//! plan sends only changes (a label to add that is not there, one to take
//! off that is), so each write that acted left an event: none means nothing
//! was done; some, with the labels now as asked, is the change done; some
//! without is a change done in part, which helm will not record as either.

use helm_forge::act::LabelChange;
use helm_forge::{ForgeError, Produced, TraceWindow, Traced};
use helm_model::words;

use super::events;
use crate::api::ForgejoApi;
use crate::wire;

pub(super) async fn look(
    api: &ForgejoApi,
    change: &LabelChange,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let number = change.on.number();
    let events = events(api, number, window).await?;
    let seen = |name: &str, added: bool| {
        events.iter().any(|e| {
            e.kind.as_deref() == Some("label")
                && e.label
                    .as_ref()
                    .is_some_and(|l| l.name.eq_ignore_ascii_case(name))
                && (e.body.as_deref() == Some("1")) == added
        })
    };
    let added: Vec<&String> = change.add.iter().filter(|n| seen(n, true)).collect();
    let removed: Vec<&String> = change.remove.iter().filter(|n| seen(n, false)).collect();
    if added.is_empty() && removed.is_empty() {
        return Ok(Traced::NotDone);
    }
    let path = api.repo_path(&format!("/issues/{number}/labels"));
    let labels: Vec<wire::ForgejoLabel> =
        api.get(&path, &format!("read #{number}'s labels")).await?;
    let now: Vec<String> = labels.into_iter().map(|l| l.name).collect();
    let has = |name: &String| now.iter().any(|n| n.eq_ignore_ascii_case(name));
    let as_asked = change.add.iter().all(has) && !change.remove.iter().any(has);
    if !as_asked {
        let names = |names: &[&String]| {
            names
                .iter()
                .map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Ok(Traced::CannotTell(words![format!(
            "#{number}'s timeline shows {} added [{}] and removed [{}] since the attempt began, but its labels are now [{}], not as asked: check them in Forgejo, then settle it",
            window.viewer,
            names(&added),
            names(&removed),
            now.join(", ")
        )]));
    }
    let not_present = change
        .remove
        .iter()
        .filter(|n| !removed.contains(n))
        .cloned()
        .collect();
    Ok(Traced::Found(vec![Produced::Labelled {
        now,
        not_present,
        url: None,
    }]))
}
