//! GitLab's merge requests: reads (one, a list, diffs, approvals, discussions) and writes
//! (create, edit with reviewers by id, reply to a discussion, resolve or unresolve one).
//! Readiness and the merge itself are in `merging`.

use super::*;

impl GitLabWorld {
    pub(in crate::gitlab) fn list_mrs(&self, call: &ForgeCall, p: usize) -> Reply {
        let state = call.text("state").unwrap_or_else(|| "all".to_owned());
        let mrs = self.projects[p].mrs.values().rev();
        let shown = mrs
            .filter(|mr| state == "all" || mr.issue.state == state)
            .map(|mr| self.mr_json(call, p, mr))
            .collect();
        call.page(OtherForge::GitLab, shown)
    }

    pub(in crate::gitlab) fn diffs(&self, call: &ForgeCall, p: usize) -> Result<Reply, Reply> {
        let mr = self.projects[p].mr(call.number("merge_request"))?;
        let diffs = mr.files.iter().map(|file| {
            let name = file.filename.as_str();
            json!({
                "old_path": name,
                "new_path": name,
                "a_mode": if file.status == "added" { "0" } else { "100644" },
                "b_mode": if file.status == "removed" { "0" } else { "100644" },
                "diff": file.patch,
                "new_file": file.status == "added",
                "renamed_file": false,
                "deleted_file": file.status == "removed",
                "generated_file": false,
            })
        });
        Ok(call.page(OtherForge::GitLab, diffs.collect()))
    }

    pub(in crate::gitlab) fn approvals(&self, call: &ForgeCall, p: usize) -> Result<Reply, Reply> {
        let project = &self.projects[p];
        let mr = project.mr(call.number("merge_request"))?;
        let left = mr.approvals_required.saturating_sub(mr.approved_by.len());
        let approved_by: Vec<Value> = mr
            .approved_by
            .iter()
            .map(|u| json!({ "user": self.user_json(call, *u) }))
            .collect();
        Ok(Reply::json(
            200,
            json!({
                "id": mr.issue.id,
                "iid": mr.issue.iid,
                "project_id": project.id,
                "title": mr.issue.title,
                "state": mr.issue.state,
                "created_at": mr.issue.created_at,
                "updated_at": mr.issue.updated_at,
                "merge_status": if self.detailed_merge_status(p, mr) == "mergeable" { "can_be_merged" } else { "cannot_be_merged" },
                "approved": left == 0,
                "approvals_required": mr.approvals_required,
                "approvals_left": left,
                "approved_by": approved_by,
                "user_has_approved": mr.approved_by.contains(&self.viewer()),
                "user_can_approve": false,
            }),
        ))
    }

    /// Threads of a merge request, oldest first: each note opens its own unless it replied.
    pub(in crate::gitlab) fn discussions(
        &self,
        call: &ForgeCall,
        p: usize,
    ) -> Result<Reply, Reply> {
        let iid = self.iid_of(call, p, Noteable::Mr)?;
        let notes: Vec<&Note> = (self.projects[p].notes.iter())
            .filter(|n| n.on == Noteable::Mr && n.iid == iid)
            .collect();
        let mut ids: Vec<&str> = Vec::new();
        for note in &notes {
            if !ids.contains(&note.discussion.as_str()) {
                ids.push(&note.discussion);
            }
        }
        let threads = ids.iter().map(|id| {
            let members: Vec<&&Note> = notes.iter().filter(|n| n.discussion == *id).collect();
            json!({
                "id": id,
                "individual_note": members.first().is_some_and(|n| n.individual),
                "notes": members.iter().map(|n| self.note_json(call, p, n)).collect::<Vec<_>>(),
            })
        });
        Ok(call.page(OtherForge::GitLab, threads.collect()))
    }
}

/// One merge request; a transient status (`checking`) wears off as it is read.
pub(in crate::gitlab) fn get(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let lab = &state.gitlab;
    let mr = lab.projects[p].mr(call.number("merge_request"))?;
    let answer = Reply::json(200, lab.mr_json(call, p, mr));
    let iid = mr.issue.iid;
    if let Some(mr) = state.gitlab.projects[p].mrs.get_mut(&iid) {
        match &mut mr.transient {
            Some((_, reads)) if *reads > 1 => *reads -= 1,
            _ => mr.transient = None,
        }
    }
    Ok(answer)
}

pub(in crate::gitlab) fn create(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let field = |name: &str| call.text(name).filter(|t| !t.trim().is_empty());
    let (Some(source), Some(target), Some(title)) = (
        field("source_branch"),
        field("target_branch"),
        field("title"),
    ) else {
        return Err(error(
            400,
            "source_branch, target_branch and title are required",
        ));
    };
    let project = &state.gitlab.projects[p];
    let open = project.mrs.values().any(|mr| {
        mr.issue.state == "opened" && mr.source_branch == source && mr.target_branch == target
    });
    if open {
        return Err(error(
            409,
            &format!(
                "Another open merge request already exists for this source branch: !{}",
                project.mrs.len()
            ),
        ));
    }
    let iid = project.next_iid(Noteable::Mr);
    let (now, id, sha, base_sha) = (state.now(), state.next_id(), state.sha(), state.sha());
    let reviewers = known_users(&state.gitlab, &call.list("reviewer_ids"));
    let description = call.text("description").unwrap_or_default();
    state.gitlab.projects[p].mrs.insert(
        iid,
        Mr {
            issue: Issue {
                id,
                iid,
                title,
                description,
                state: "opened".to_owned(),
                labels: call.list("labels"),
                author: 1,
                created_at: now.clone(),
                updated_at: now,
                closed_at: None,
            },
            source_branch: source,
            target_branch: target,
            sha,
            base_sha,
            reviewers,
            approved_by: Vec::new(),
            approvals_required: 0,
            need_rebase: false,
            transient: None,
            files: Vec::new(),
            merged_by: None,
            merged_at: None,
            merge_commit_sha: None,
        },
    );
    let lab = &state.gitlab;
    let mr = lab.projects[p].mr(iid)?;
    Ok(Reply::json(201, lab.mr_json(call, p, mr)))
}

pub(in crate::gitlab) fn edit(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let iid = state.gitlab.iid_of(call, p, Noteable::Mr)?;
    if state.gitlab.projects[p].mrs[&iid].issue.state == "merged"
        && call.param("state_event").is_some()
    {
        return Err(error(405, "405 Method Not Allowed"));
    }
    issues::change(state, call, p, Noteable::Mr, iid)?;
    if call.param("reviewer_ids").is_some() {
        let ids = call.list("reviewer_ids");
        // `reviewer_ids=0` unassigns everyone; ids of no user are dropped, as GitLab does.
        let reviewers = known_users(&state.gitlab, &ids);
        let before = state.gitlab.projects[p].mrs[&iid].reviewers.clone();
        let asked: Vec<String> = (reviewers.iter().filter(|u| !before.contains(u)))
            .map(|u| format!("@{}", state.gitlab.username(*u)))
            .collect();
        if let Some(mr) = state.gitlab.projects[p].mrs.get_mut(&iid) {
            mr.reviewers = reviewers;
        }
        // GitLab's own record of it: a system note by the token's user.
        if !asked.is_empty() {
            let body = format!("requested review from {}", asked.join(" and "));
            issues::system_note(state, p, Noteable::Mr, iid, &body);
        }
    }
    let lab = &state.gitlab;
    let mr = lab.projects[p].mr(iid)?;
    Ok(Reply::json(200, lab.mr_json(call, p, mr)))
}

fn known_users(lab: &GitLabWorld, ids: &[String]) -> Vec<u64> {
    let ids = ids.iter().filter_map(|id| id.parse::<u64>().ok());
    ids.filter(|id| lab.users.iter().any(|u| u.id == *id))
        .collect()
}

/// A reply in an existing thread of a merge request.
pub(in crate::gitlab) fn reply(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let iid = state.gitlab.iid_of(call, p, Noteable::Mr)?;
    let discussion = call.path_param("discussion").to_owned();
    let exists = (state.gitlab.projects[p].notes.iter())
        .any(|n| n.on == Noteable::Mr && n.iid == iid && n.discussion == discussion);
    if !exists {
        return Err(not_found("Discussion"));
    }
    let body = call.text("body").filter(|b| !b.trim().is_empty());
    let Some(body) = body else {
        return Err(error(400, "body is missing"));
    };
    issues::limit_notes(state, 1)?;
    let id = issues::add_note(
        state,
        p,
        Noteable::Mr,
        iid,
        1,
        &body,
        Some(discussion),
        None,
    );
    let lab = &state.gitlab;
    let note = lab.projects[p].notes.iter().find(|n| n.id == id);
    Ok(Reply::json(
        201,
        note.map_or(Value::Null, |n| lab.note_json(call, p, n)),
    ))
}

/// Resolves (`resolved=true`) or unresolves a thread; answers the whole discussion.
pub(in crate::gitlab) fn resolve(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let iid = state.gitlab.iid_of(call, p, Noteable::Mr)?;
    let discussion = call.path_param("discussion").to_owned();
    let Some(resolved) = call.flag("resolved") else {
        return Err(error(400, "resolved is missing"));
    };
    if !state.gitlab.thread_is_resolvable(p, &discussion) {
        return Err(error(404, "404 Discussion Not Found"));
    }
    let now = state.now();
    let project = &mut state.gitlab.projects[p];
    for note in project
        .notes
        .iter_mut()
        .filter(|n| n.discussion == discussion)
    {
        note.resolved_by = resolved.then_some(1);
    }
    if let Some(mr) = project.mrs.get_mut(&iid) {
        mr.issue.updated_at = now;
    }
    let lab = &state.gitlab;
    let notes: Vec<Value> = (lab.projects[p].notes.iter())
        .filter(|n| n.discussion == discussion)
        .map(|n| lab.note_json(call, p, n))
        .collect();
    Ok(Reply::json(
        200,
        json!({ "id": discussion, "individual_note": false, "notes": notes }),
    ))
}
