//! Forgejo's issues (and what pull requests share with them): reads, create, edit with
//! `state`, comments, labels added and removed by separate requests, the timeline that
//! records who did what when, and the repository's collaborators.

use super::*;

impl ForgejoWorld {
    /// Issues (`pulls` false, `type=issues` on Forgejo) or pull requests, newest first.
    pub(in crate::forgejo) fn list_items(&self, call: &ForgeCall, r: usize, pulls: bool) -> Reply {
        let state = call.text("state").unwrap_or_else(|| "open".to_owned());
        let items = self.repos[r].items.values().rev();
        let shown = items
            .filter(|i| match (pulls, call.text("type").as_deref()) {
                (true, _) | (false, Some("pulls")) => i.pull.is_some(),
                (false, Some("issues")) => i.pull.is_none(),
                (false, _) => true,
            })
            .filter(|i| state == "all" || i.state == state)
            .map(|i| match &i.pull {
                Some(pull) if pulls => self.pull_json(call, r, i, pull),
                _ => self.issue_json(call, r, i),
            })
            .collect();
        call.page(Which::Forgejo, shown)
    }

    pub(in crate::forgejo) fn get_issue(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let item = self.repos[r].item(call.number("index"))?;
        Ok(Reply::json(200, self.issue_json(call, r, item)))
    }

    pub(in crate::forgejo) fn comments(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let number = self.repos[r].item(call.number("index"))?.number;
        let comments = self.repos[r].comments.iter().filter(|c| c.number == number);
        let shown: Vec<Value> = comments.map(|c| self.comment_json(call, r, c)).collect();
        Ok(Reply::json(200, Value::Array(shown)))
    }

    pub(in crate::forgejo) fn issue_labels(
        &self,
        call: &ForgeCall,
        r: usize,
    ) -> Result<Reply, Reply> {
        let item = self.repos[r].item(call.number("index"))?;
        let labels = item.labels.iter().map(|l| self.label_json(call, r, *l));
        Ok(Reply::json(200, Value::Array(labels.collect())))
    }

    pub(in crate::forgejo) fn labels(&self, call: &ForgeCall, r: usize) -> Reply {
        let labels = self.repos[r]
            .labels
            .iter()
            .map(|(id, _)| self.label_json(call, r, *id));
        call.page(Which::Forgejo, labels.collect())
    }

    /// Comments and the other happenings of an issue, oldest first, as `TimelineComment`s.
    pub(in crate::forgejo) fn timeline(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let repo = &self.repos[r];
        let number = repo.item(call.number("index"))?.number;
        let mut entries: Vec<(u64, Value)> = Vec::new();
        for comment in repo.comments.iter().filter(|c| c.number == number) {
            let mut value = self.comment_json(call, r, comment);
            set(&mut value, json!({ "type": "comment" }));
            // A `TimelineComment` has no attachments and no migrated author.
            if let Some(object) = value.as_object_mut() {
                for field in ["original_author", "original_author_id", "assets"] {
                    object.remove(field);
                }
            }
            entries.push((comment.id, value));
        }
        for happening in repo.timeline.iter().filter(|h| h.number == number) {
            let (label, added) = match happening.label {
                Some((id, added)) => (self.label_json(call, r, id), added),
                None => (Value::Null, false),
            };
            let value = json!({
                "id": happening.id,
                "type": happening.kind,
                "body": if added { "1" } else { "" },
                "user": self.user_json(call, happening.user),
                "label": label,
                "assignee": happening.assignee.map(|u| self.user_json(call, u)),
                "old_title": happening.titles.as_ref().map(|(old, _)| old),
                "new_title": happening.titles.as_ref().map(|(_, new)| new),
                "created_at": happening.created_at,
                "updated_at": happening.created_at,
                "html_url": format!("{}/{}/issues/{number}#issuecomment-{}", call.base, repo.full_name, happening.id),
            });
            entries.push((happening.id, value));
        }
        entries.sort_by_key(|(id, _)| *id);
        Ok(call.page(
            Which::Forgejo,
            entries.into_iter().map(|(_, v)| v).collect(),
        ))
    }

    pub(in crate::forgejo) fn collaborators(&self, call: &ForgeCall, r: usize) -> Reply {
        let users = self.repos[r]
            .collaborators
            .iter()
            .map(|(u, _)| self.user_json(call, *u));
        call.page(Which::Forgejo, users.collect())
    }

    /// A user's permission on the repository: a collaborator's, else `read` (the
    /// repository is public); 404 for no such user.
    pub(in crate::forgejo) fn permission(
        &self,
        call: &ForgeCall,
        r: usize,
    ) -> Result<Reply, Reply> {
        let user = self
            .find_user(call.path_param("collaborator"))
            .ok_or_else(not_found)?;
        let collaborators = &self.repos[r].collaborators;
        let permission = collaborators
            .iter()
            .find(|(u, _)| *u == user)
            .map_or("read", |(_, p)| p.as_str());
        let body = json!({ "permission": permission, "role_name": permission, "user": self.user_json(call, user) });
        Ok(Reply::json(200, body))
    }
}

pub(in crate::forgejo) fn create(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let title = call.text("title").filter(|t| !t.trim().is_empty());
    let Some(title) = title else {
        return Err(error(422, "[Title]: Required"));
    };
    let labels = label_ids(&state.forgejo.repos[r], call)?;
    let (now, id) = (state.now(), state.next_id());
    let repo = &mut state.forgejo.repos[r];
    let number = repo.items.keys().last().map_or(1, |n| n + 1);
    repo.items.insert(
        number,
        new_item(
            id,
            number,
            &title,
            &call.text("body").unwrap_or_default(),
            1,
            now,
        ),
    );
    if let Some(item) = repo.items.get_mut(&number) {
        item.labels = labels;
    }
    let forge = &state.forgejo;
    Ok(Reply::json(
        201,
        forge.issue_json(call, r, forge.repos[r].item(number)?),
    ))
}

pub(in crate::forgejo) fn new_item(
    id: u64,
    number: u64,
    title: &str,
    body: &str,
    user: u64,
    now: String,
) -> Item {
    Item {
        id,
        number,
        title: title.to_owned(),
        body: body.to_owned(),
        state: "open".to_owned(),
        labels: Vec::new(),
        user,
        created_at: now.clone(),
        updated_at: now,
        closed_at: None,
        pull: None,
    }
}

pub(in crate::forgejo) fn edit(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].item(call.number("index"))?.number;
    change(state, call, r, number)?;
    let forge = &state.forgejo;
    Ok(Reply::json(
        201,
        forge.issue_json(call, r, forge.repos[r].item(number)?),
    ))
}

/// Title, body and `state` (`open`/`closed`) of an issue or pull request; a change of
/// title or of state is a timeline entry.
pub(in crate::forgejo) fn change(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
    number: u64,
) -> Result<(), Reply> {
    let wanted = call.text("state");
    if let Some(other) = wanted
        .as_deref()
        .filter(|s| !matches!(*s, "open" | "closed"))
    {
        return Err(error(
            422,
            &format!("[State]: {other} is not a valid state"),
        ));
    }
    let (now, id) = (state.now(), state.next_id());
    let before = (state.forgejo.repos[r].items.get(&number)).map(|i| i.title.clone());
    let renamed = (call.text("title")).filter(|t| before.as_ref().is_some_and(|b| b != t));
    let renaming = renamed.as_ref().map(|_| state.next_id());
    let repo = &mut state.forgejo.repos[r];
    let item = repo.items.get_mut(&number).ok_or_else(not_found)?;
    if item.pull.as_ref().is_some_and(|p| p.merged.is_some()) && wanted.is_some() {
        return Err(error(
            409,
            "cannot change state of this pull request, it was already merged",
        ));
    }
    if let Some(title) = call.text("title") {
        item.title = title;
    }
    if let (Some(new), Some(old), Some(id)) = (renamed, before, renaming) {
        repo.timeline.push(Happening {
            id,
            number,
            kind: "change_title",
            user: 1,
            label: None,
            assignee: None,
            titles: Some((old, new)),
            created_at: now.clone(),
        });
    }
    if let Some(body) = call.text("body") {
        item.body = body;
    }
    item.updated_at = now.clone();
    let kind = match wanted.as_deref() {
        Some("closed") if item.state == "open" => Some("close"),
        Some("open") if item.state == "closed" => Some("reopen"),
        _ => None,
    };
    if let Some(kind) = kind {
        item.state = if kind == "close" { "closed" } else { "open" }.to_owned();
        item.closed_at = (kind == "close").then(|| now.clone());
        repo.timeline.push(Happening {
            id,
            number,
            kind,
            user: 1,
            label: None,
            assignee: None,
            titles: None,
            created_at: now,
        });
    }
    Ok(())
}

pub(in crate::forgejo) fn comment(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].item(call.number("index"))?.number;
    let body = call.text("body").filter(|b| !b.trim().is_empty());
    let Some(body) = body else {
        return Err(error(422, "[Body]: Required"));
    };
    let id = add_comment(state, r, number, 1, &body);
    let forge = &state.forgejo;
    let comment = forge.repos[r].comments.iter().find(|c| c.id == id);
    Ok(Reply::json(
        201,
        comment.map_or(Value::Null, |c| forge.comment_json(call, r, c)),
    ))
}

pub(in crate::forgejo) fn add_comment(
    state: &mut State,
    r: usize,
    number: u64,
    user: u64,
    body: &str,
) -> u64 {
    let (now, id) = (state.now(), state.next_id());
    let repo = &mut state.forgejo.repos[r];
    repo.comments.push(Comment {
        id,
        number,
        user,
        body: body.to_owned(),
        created_at: now.clone(),
        updated_at: now.clone(),
    });
    if let Some(item) = repo.items.get_mut(&number) {
        item.updated_at = now;
    }
    id
}

/// The `labels` of a request: ids or names, as the swagger's `IssueLabelsOption` allows.
/// One that names no label of the repository is refused (422), before anything changes.
fn label_ids(repo: &Repo, call: &ForgeCall) -> Result<Vec<u64>, Reply> {
    let mut ids = Vec::new();
    for wanted in call.list("labels") {
        let id = repo
            .label(&wanted)
            .ok_or_else(|| error(422, &format!("label {wanted} does not exist")))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// `POST .../labels`: adds labels; answers all the issue's labels.
pub(in crate::forgejo) fn add_labels(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].item(call.number("index"))?.number;
    let ids = label_ids(&state.forgejo.repos[r], call)?;
    let now = state.now();
    for id in ids {
        let happening = state.next_id();
        let repo = &mut state.forgejo.repos[r];
        let item = repo.items.get_mut(&number).ok_or_else(not_found)?;
        if !item.labels.contains(&id) {
            item.labels.push(id);
            item.updated_at = now.clone();
            repo.timeline.push(Happening {
                id: happening,
                number,
                kind: "label",
                user: 1,
                label: Some((id, true)),
                assignee: None,
                titles: None,
                created_at: now.clone(),
            });
        }
    }
    state.forgejo.issue_labels(call, r)
}

/// `DELETE .../labels/{identifier}` (an id or a name): 204, or 404 for no such label.
pub(in crate::forgejo) fn remove_label(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].item(call.number("index"))?.number;
    let id = state.forgejo.repos[r]
        .label(call.path_param("identifier"))
        .ok_or_else(not_found)?;
    let (now, happening) = (state.now(), state.next_id());
    let repo = &mut state.forgejo.repos[r];
    let item = repo.items.get_mut(&number).ok_or_else(not_found)?;
    if item.labels.contains(&id) {
        item.labels.retain(|l| *l != id);
        item.updated_at = now.clone();
        repo.timeline.push(Happening {
            id: happening,
            number,
            kind: "label",
            user: 1,
            label: Some((id, false)),
            assignee: None,
            titles: None,
            created_at: now,
        });
    }
    Ok(empty(204))
}
