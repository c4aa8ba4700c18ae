//! GitLab's issues, notes (on issues and merge requests alike), members and resource
//! events: the reads, and the writes that record who changed what when (the events a
//! client reads to settle an answer it lost).

use super::*;

impl GitLabWorld {
    pub(in crate::gitlab) fn list_issues(&self, call: &ForgeCall, p: usize) -> Reply {
        let state = call.text("state").unwrap_or_else(|| "all".to_owned());
        let issues = self.projects[p].issues.values().rev();
        let shown = issues
            .filter(|i| state == "all" || i.state == state)
            .map(|i| self.issue_json(call, p, i))
            .collect();
        call.page(OtherForge::GitLab, shown)
    }

    pub(in crate::gitlab) fn get_issue(&self, call: &ForgeCall, p: usize) -> Result<Reply, Reply> {
        let issue = self.projects[p].issue(call.number("issue"))?;
        Ok(Reply::json(200, self.issue_json(call, p, issue)))
    }

    pub(in crate::gitlab) fn list_notes(
        &self,
        call: &ForgeCall,
        p: usize,
        on: Noteable,
    ) -> Result<Reply, Reply> {
        let iid = self.iid_of(call, p, on)?;
        let mut notes: Vec<&Note> = (self.projects[p].notes.iter())
            .filter(|n| n.on == on && n.iid == iid)
            .collect();
        // GitLab lists notes newest first unless asked otherwise.
        if call.text("sort").as_deref() != Some("asc") {
            notes.reverse();
        }
        let shown = notes.iter().map(|n| self.note_json(call, p, n)).collect();
        Ok(call.page(OtherForge::GitLab, shown))
    }

    pub(in crate::gitlab) fn members(&self, call: &ForgeCall, p: usize) -> Reply {
        let members = self.projects[p].members.iter().map(|(user, level)| {
            let mut member = self.user_json(call, *user);
            set(
                &mut member,
                json!({ "access_level": level, "expires_at": null }),
            );
            member
        });
        call.page(OtherForge::GitLab, members.collect())
    }

    pub(in crate::gitlab) fn label_events(
        &self,
        call: &ForgeCall,
        p: usize,
        on: Noteable,
    ) -> Result<Reply, Reply> {
        self.events(call, p, on, |e| e.label.is_some())
    }

    pub(in crate::gitlab) fn state_events(
        &self,
        call: &ForgeCall,
        p: usize,
        on: Noteable,
    ) -> Result<Reply, Reply> {
        self.events(call, p, on, |e| e.state.is_some())
    }

    fn events(
        &self,
        call: &ForgeCall,
        p: usize,
        on: Noteable,
        kind: impl Fn(&Event) -> bool,
    ) -> Result<Reply, Reply> {
        let iid = self.iid_of(call, p, on)?;
        let events = self.projects[p].events.iter();
        let shown = events
            .filter(|e| e.on == on && e.iid == iid && kind(e))
            .map(|e| self.event_json(call, p, e))
            .collect();
        Ok(call.page(OtherForge::GitLab, shown))
    }

    /// The issue's or merge request's iid from the path, if it exists.
    pub(in crate::gitlab) fn iid_of(
        &self,
        call: &ForgeCall,
        p: usize,
        on: Noteable,
    ) -> Result<u64, Reply> {
        let project = &self.projects[p];
        match on {
            Noteable::Issue => project.issue(call.number("issue")).map(|i| i.iid),
            Noteable::Mr => project
                .mr(call.number("merge_request"))
                .map(|mr| mr.issue.iid),
        }
    }
}

pub(in crate::gitlab) fn create(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let title = call.text("title").filter(|t| !t.trim().is_empty());
    let Some(title) = title else {
        return Err(error(400, "title is missing"));
    };
    let (now, id) = (state.now(), state.next_id());
    let lab = &mut state.gitlab;
    let project = &mut lab.projects[p];
    let iid = project.next_iid(Noteable::Issue);
    project.issues.insert(
        iid,
        Issue {
            id,
            iid,
            title,
            description: call.text("description").unwrap_or_default(),
            state: "opened".to_owned(),
            labels: call.list("labels"),
            author: 1,
            created_at: now.clone(),
            updated_at: now,
            closed_at: None,
        },
    );
    let issue = lab.projects[p].issue(iid)?;
    Ok(Reply::json(201, lab.issue_json(call, p, issue)))
}

pub(in crate::gitlab) fn edit(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let iid = state.gitlab.iid_of(call, p, Noteable::Issue)?;
    change(state, call, p, Noteable::Issue, iid)?;
    let issue = state.gitlab.projects[p].issue(iid)?;
    Ok(Reply::json(200, state.gitlab.issue_json(call, p, issue)))
}

/// What an edit of an issue or a merge request changes: title, description, labels (all
/// of `add_labels` and `remove_labels` in this one request), and `state_event`. Each change
/// of label or state is recorded as an event by the token's user.
/// What an edit did, to record as an event: (label action and name) or a new state.
type Happened = (Option<(String, String)>, Option<String>);

pub(in crate::gitlab) fn change(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
    on: Noteable,
    iid: u64,
) -> Result<(), Reply> {
    let event = call.text("state_event");
    let closing = match event.as_deref() {
        None => None,
        Some("close") => Some(true),
        Some("reopen") => Some(false),
        Some(other) => {
            return Err(error(
                400,
                &format!("state_event does not have a valid value: {other}"),
            ));
        }
    };
    let now = state.now();
    let mut recorded: Vec<Happened> = Vec::new();
    // GitLab's own record of an edit: system notes by the editor.
    let mut noted: Vec<String> = Vec::new();
    let item = (state.gitlab.projects[p].item_mut(on, iid)).ok_or_else(|| not_found("Issue"))?;
    if let Some(title) = call.text("title") {
        if title != item.title {
            noted.push(format!(
                "changed title from **{}** to **{title}**",
                item.title
            ));
        }
        item.title = title;
    }
    if let Some(description) = call.text("description") {
        if description != item.description {
            noted.push("changed the description".to_owned());
        }
        item.description = description;
    }
    let mut labels = item.labels.clone();
    if call.param("labels").is_some() {
        labels = call.list("labels");
    }
    for label in call.list("add_labels") {
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    labels.retain(|l| !call.list("remove_labels").contains(l));
    for added in labels.iter().filter(|l| !item.labels.contains(l)) {
        recorded.push((Some(("add".to_owned(), added.clone())), None));
    }
    for removed in item.labels.iter().filter(|l| !labels.contains(l)) {
        recorded.push((Some(("remove".to_owned(), removed.clone())), None));
    }
    item.labels = labels;
    match closing {
        Some(true) if item.state == "opened" => {
            item.state = "closed".to_owned();
            item.closed_at = Some(now.clone());
            recorded.push((None, Some("closed".to_owned())));
        }
        Some(false) if item.state == "closed" => {
            item.state = "opened".to_owned();
            item.closed_at = None;
            recorded.push((None, Some("reopened".to_owned())));
        }
        _ => {}
    }
    item.updated_at = now.clone();
    for body in noted {
        system_note(state, p, on, iid, &body);
    }
    for (label, state_name) in recorded {
        let id = state.next_id();
        state.gitlab.projects[p].events.push(Event {
            id,
            on,
            iid,
            user: 1,
            created_at: now.clone(),
            label,
            state: state_name,
        });
    }
    Ok(())
}

pub(in crate::gitlab) fn create_note(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
    on: Noteable,
) -> Result<Reply, Reply> {
    let iid = state.gitlab.iid_of(call, p, on)?;
    let body = call.text("body").filter(|b| !b.trim().is_empty());
    let Some(body) = body else {
        return Err(error(400, "body is missing"));
    };
    limit_notes(state, 1)?;
    let note = add_note(state, p, on, iid, 1, &body, None, None);
    let lab = &state.gitlab;
    let note = lab.projects[p].notes.iter().find(|n| n.id == note);
    Ok(Reply::json(
        201,
        note.map_or(Value::Null, |n| lab.note_json(call, p, n)),
    ))
}

/// GitLab's limit on notes per user (300 a minute by default): a 429 with `Retry-After`
/// (the seconds until the oldest note of the window leaves it) instead of the note.
pub(in crate::gitlab) fn limit_notes(state: &mut State, user: u64) -> Result<(), Reply> {
    let now = state.unix_now().max(state.clock);
    let lab = &mut state.gitlab;
    lab.noted.retain(|(_, at)| now - at < 60);
    let mine: Vec<i64> = lab
        .noted
        .iter()
        .filter(|(u, _)| *u == user)
        .map(|(_, at)| *at)
        .collect();
    if mine.len() >= lab.note_limit {
        let retry = 60 - (now - mine.iter().min().copied().unwrap_or(now));
        let body = json!({ "message": { "error": "This endpoint has been requested too many times. Try again later." } });
        return Err(Reply::json(429, body)
            .header("Retry-After", retry.max(1).to_string())
            .header("RateLimit-Limit", lab.note_limit.to_string())
            .header("RateLimit-Remaining", "0".to_owned()));
    }
    lab.noted.push((user, now));
    Ok(())
}

/// Stores a system note by the token's user (GitLab's record of a change it made), in a
/// discussion of its own.
pub(in crate::gitlab) fn system_note(
    state: &mut State,
    p: usize,
    on: Noteable,
    iid: u64,
    body: &str,
) {
    let id = add_note(state, p, on, iid, 1, body, None, None);
    let notes = &mut state.gitlab.projects[p].notes;
    if let Some(note) = notes.iter_mut().find(|n| n.id == id) {
        note.system = true;
    }
}

/// Stores a note (in a new discussion unless `discussion` names one) and returns its id.
#[allow(clippy::too_many_arguments)]
pub(in crate::gitlab) fn add_note(
    state: &mut State,
    p: usize,
    on: Noteable,
    iid: u64,
    author: u64,
    body: &str,
    discussion: Option<String>,
    position: Option<(String, u64)>,
) -> u64 {
    let (now, id) = (state.now(), state.next_id());
    let project = &mut state.gitlab.projects[p];
    let individual = discussion.is_none() && position.is_none();
    project.notes.push(Note {
        id,
        on,
        iid,
        discussion: discussion.unwrap_or_else(|| discussion_id(id)),
        individual,
        body: body.to_owned(),
        author,
        created_at: now.clone(),
        updated_at: now.clone(),
        system: false,
        position,
        resolved_by: None,
    });
    if let Some(item) = project.item_mut(on, iid) {
        item.updated_at = now;
    }
    id
}
