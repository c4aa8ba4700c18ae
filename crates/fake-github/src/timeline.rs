//! Issue timelines: the events GitHub records as issues and pull requests change (`renamed`,
//! `closed`, `reopened`, `labeled`, `unlabeled`, `review_requested`, `merged`), each with
//! who did it and when (on the fake's clock), and
//! `GET /repos/{owner}/{repo}/issues/{issue_number}/timeline` that lists them oldest first.
//! Writes through the API record events by [`VIEWER`]; changes a test makes as someone else
//! ([`super::change`]) record them by [`SEED_AUTHOR`].

use super::*;

pub(super) struct IssueEvent {
    pub(super) id: u64,
    pub(super) issue: u64,
    pub(super) kind: String,
    pub(super) actor: String,
    pub(super) created_at: String,
    /// The fields this kind of event adds (`rename`, `requested_reviewer`, `state_reason`).
    pub(super) extra: Value,
}

impl State {
    /// Records that `actor` did `kind` to issue or PR `issue` now.
    pub(super) fn add_event(
        &mut self,
        repo: &str,
        issue: u64,
        kind: &str,
        actor: &str,
        extra: Value,
    ) {
        // A numbering of its own: taking ids from the shared sequence would move the
        // commit shas tests snapshot.
        let created_at = self.now();
        let events = &mut self.repo(repo).events;
        let id = 7_000_000 + events.len() as u64;
        events.push(IssueEvent {
            id,
            issue,
            kind: kind.to_owned(),
            actor: actor.to_owned(),
            created_at,
            extra,
        });
    }

    /// The events a change from `before` to `after` leaves: a new title, a close, a reopen,
    /// each label added or removed.
    pub(super) fn add_change_events(
        &mut self,
        repo: &str,
        before: &IssueRecord,
        after: &IssueRecord,
        actor: &str,
    ) {
        let number = after.number;
        if before.title != after.title {
            let rename = json!({ "rename": { "from": before.title, "to": after.title } });
            self.add_event(repo, number, "renamed", actor, rename);
        }
        match (before.state.as_str(), after.state.as_str()) {
            ("open", "closed") => {
                let reason = json!({ "state_reason": after.state_reason });
                self.add_event(repo, number, "closed", actor, reason);
            }
            ("closed", "open") => {
                let reason = json!({ "state_reason": "reopened" });
                self.add_event(repo, number, "reopened", actor, reason);
            }
            _ => {}
        }
        let lacks =
            |labels: &[String], name: &str| !labels.iter().any(|l| l.eq_ignore_ascii_case(name));
        for added in after.labels.iter().filter(|l| lacks(&before.labels, l)) {
            self.add_label_event(repo, number, "labeled", actor, added);
        }
        for removed in before.labels.iter().filter(|l| lacks(&after.labels, l)) {
            self.add_label_event(repo, number, "unlabeled", actor, removed);
        }
    }

    /// A `labeled` or `unlabeled` event: GitHub's `Labeled Issue Event` names the label by
    /// `name` and `color`.
    pub(super) fn add_label_event(
        &mut self,
        repo: &str,
        issue: u64,
        kind: &str,
        actor: &str,
        label: &str,
    ) {
        let extra = json!({ "label": { "name": label, "color": "ededed" } });
        self.add_event(repo, issue, kind, actor, extra);
    }

    pub(super) fn list_timeline(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let events = self.repos.get(&cx.repo).map(|r| r.events.iter());
        let items = events
            .into_iter()
            .flatten()
            .filter(|e| e.issue == number)
            .map(|e| event_json(cx, e))
            .collect();
        Ok(self.page(cx, items))
    }
}

fn event_json(cx: &Cx, e: &IssueEvent) -> Value {
    let mut json = json!({
        "id": e.id,
        "node_id": format!("IE_{}", e.id),
        "url": cx.api(&format!("/issues/events/{}", e.id)),
        "actor": user_json(&e.actor),
        "event": e.kind,
        "commit_id": null,
        "commit_url": null,
        "created_at": e.created_at,
        "performed_via_github_app": null,
    });
    set(&mut json, e.extra.clone());
    json
}
