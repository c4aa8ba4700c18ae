//! The JSON GitLab answers, per resource, in the shapes of GitLab's REST documentation
//! (users, projects, issues, merge requests, notes, pipelines, jobs, events). Web links
//! point at the fake server itself, as GitLab's point at its own host.

use super::*;

impl GitLabWorld {
    pub(in crate::gitlab) fn user_json(&self, call: &ForgeCall, id: u64) -> Value {
        let username = self.username(id);
        json!({
            "id": id,
            "username": username,
            "name": username,
            "state": "active",
            "locked": false,
            "avatar_url": null,
            "web_url": format!("{}/{username}", call.base),
        })
    }

    pub(in crate::gitlab) fn project_json(&self, call: &ForgeCall, p: usize) -> Value {
        let project = &self.projects[p];
        let (namespace, name) = project.path.rsplit_once('/').unwrap_or(("", &project.path));
        json!({
            "id": project.id,
            "name": name,
            "path": name,
            "path_with_namespace": project.path,
            "namespace": { "full_path": namespace, "kind": "group" },
            "default_branch": "main",
            "visibility": "private",
            "web_url": format!("{}/{}", call.base, project.path),
            "merge_method": project.merge_method,
            "squash_option": "default_off",
            "only_allow_merge_if_pipeline_succeeds": true,
            "only_allow_merge_if_all_discussions_are_resolved": true,
            "archived": false,
        })
    }

    pub(in crate::gitlab) fn issue_json(&self, call: &ForgeCall, p: usize, issue: &Issue) -> Value {
        let project = &self.projects[p];
        let notes = self.user_notes(p, Noteable::Issue, issue.iid);
        let closed_by = self.closer(p, Noteable::Issue, issue.iid);
        json!({
            "id": issue.id,
            "iid": issue.iid,
            "project_id": project.id,
            "title": issue.title,
            "description": issue.description,
            "state": issue.state,
            "created_at": issue.created_at,
            "updated_at": issue.updated_at,
            "closed_at": issue.closed_at,
            "closed_by": closed_by.map(|u| self.user_json(call, u)),
            "labels": issue.labels,
            "milestone": null,
            "assignees": [],
            "assignee": null,
            "author": self.user_json(call, issue.author),
            "type": "ISSUE",
            "issue_type": "issue",
            "user_notes_count": notes,
            "merge_requests_count": 0,
            "upvotes": 0,
            "downvotes": 0,
            "due_date": null,
            "confidential": false,
            "discussion_locked": null,
            "web_url": format!("{}/{}/-/issues/{}", call.base, project.path, issue.iid),
            "references": references(&project.path, '#', issue.iid),
        })
    }

    pub(in crate::gitlab) fn mr_json(&self, call: &ForgeCall, p: usize, mr: &Mr) -> Value {
        let project = &self.projects[p];
        let issue = &mr.issue;
        let detailed = self.detailed_merge_status(p, mr);
        let merge_status = match detailed.as_str() {
            "mergeable" => "can_be_merged",
            "checking" | "approvals_syncing" => "checking",
            _ => "cannot_be_merged",
        };
        let head_pipeline = project
            .pipelines
            .iter()
            .rev()
            .find(|pl| pl.sha == mr.sha)
            .map(|pl| self.pipeline_json(call, p, pl));
        let users = |ids: &[u64]| {
            ids.iter()
                .map(|u| self.user_json(call, *u))
                .collect::<Vec<_>>()
        };
        json!({
            "id": issue.id,
            "iid": issue.iid,
            "project_id": project.id,
            "title": issue.title,
            "description": issue.description,
            "state": issue.state,
            "created_at": issue.created_at,
            "updated_at": issue.updated_at,
            "merged_by": mr.merged_by.map(|u| self.user_json(call, u)),
            "merge_user": mr.merged_by.map(|u| self.user_json(call, u)),
            "merged_at": mr.merged_at,
            "closed_by": self.closer(p, Noteable::Mr, issue.iid).map(|u| self.user_json(call, u)),
            "closed_at": issue.closed_at,
            "target_branch": mr.target_branch,
            "source_branch": mr.source_branch,
            "user_notes_count": self.user_notes(p, Noteable::Mr, issue.iid),
            "author": self.user_json(call, issue.author),
            "assignees": [],
            "assignee": null,
            "reviewers": users(&mr.reviewers),
            "source_project_id": project.id,
            "target_project_id": project.id,
            "labels": issue.labels,
            "draft": false,
            "work_in_progress": false,
            "merge_when_pipeline_succeeds": false,
            "merge_status": merge_status,
            "detailed_merge_status": detailed,
            "has_conflicts": false,
            "blocking_discussions_resolved": self.unresolved(p, issue.iid) == 0,
            "sha": mr.sha,
            "merge_commit_sha": mr.merge_commit_sha,
            "squash_commit_sha": null,
            "squash": false,
            "diff_refs": { "base_sha": mr.base_sha, "head_sha": mr.sha, "start_sha": mr.base_sha },
            "head_pipeline": head_pipeline,
            "web_url": format!("{}/{}/-/merge_requests/{}", call.base, project.path, issue.iid),
            "references": references(&project.path, '!', issue.iid),
        })
    }

    pub(in crate::gitlab) fn note_json(&self, call: &ForgeCall, p: usize, note: &Note) -> Value {
        let resolvable = note.position.is_some() || self.thread_is_resolvable(p, &note.discussion);
        let mut value = json!({
            "id": note.id,
            "type": if note.position.is_some() { json!("DiffNote") }
                    else if note.individual { Value::Null } else { json!("DiscussionNote") },
            "body": note.body,
            "attachment": null,
            "author": self.user_json(call, note.author),
            "created_at": note.created_at,
            "updated_at": note.updated_at,
            "system": note.system,
            "noteable_id": self.noteable_id(p, note.on, note.iid),
            "noteable_type": match note.on { Noteable::Issue => "Issue", Noteable::Mr => "MergeRequest" },
            "noteable_iid": note.iid,
            "project_id": self.projects[p].id,
            "resolvable": resolvable,
            "confidential": false,
            "internal": false,
        });
        if resolvable {
            let resolved_by = self.thread_resolver(p, &note.discussion);
            set(
                &mut value,
                json!({
                    "resolved": resolved_by.is_some(),
                    "resolved_by": resolved_by.map(|u| self.user_json(call, u)),
                }),
            );
        }
        if let Some((path, line)) = &note.position {
            set(
                &mut value,
                json!({ "position": {
                    "position_type": "text", "new_path": path, "old_path": path, "new_line": line,
                    "head_sha": self.projects[p].mrs.get(&note.iid).map(|mr| mr.sha.clone()),
                }}),
            );
        }
        value
    }

    pub(in crate::gitlab) fn pipeline_json(
        &self,
        call: &ForgeCall,
        p: usize,
        pl: &Pipeline,
    ) -> Value {
        let project = &self.projects[p];
        json!({
            "id": pl.id,
            "iid": pl.iid,
            "project_id": project.id,
            "sha": pl.sha,
            "ref": pl.git_ref,
            "status": pl.status,
            "source": "merge_request_event",
            "created_at": pl.created_at,
            "updated_at": pl.updated_at,
            "web_url": format!("{}/{}/-/pipelines/{}", call.base, project.path, pl.id),
        })
    }

    pub(in crate::gitlab) fn job_json(&self, call: &ForgeCall, p: usize, job: &Job) -> Value {
        let project = &self.projects[p];
        let pipeline = project.pipelines.iter().find(|pl| pl.id == job.pipeline);
        let finished = matches!(job.status.as_str(), "success" | "failed" | "canceled");
        json!({
            "id": job.id,
            "status": job.status,
            "stage": "test",
            "name": job.name,
            "ref": pipeline.map(|pl| pl.git_ref.clone()),
            "tag": false,
            "allow_failure": false,
            "created_at": job.created_at,
            "started_at": job.created_at,
            "finished_at": if finished { Some(job.created_at.clone()) } else { None },
            "failure_reason": (job.status == "failed").then_some("script_failure"),
            "commit": { "id": pipeline.map(|pl| pl.sha.clone()) },
            "pipeline": pipeline.map(|pl| json!({
                "id": pl.id, "project_id": project.id, "ref": pl.git_ref, "sha": pl.sha, "status": pl.status,
            })),
            "web_url": format!("{}/{}/-/jobs/{}", call.base, project.path, job.id),
        })
    }

    pub(in crate::gitlab) fn event_json(&self, call: &ForgeCall, p: usize, event: &Event) -> Value {
        let mut value = json!({
            "id": event.id,
            "user": self.user_json(call, event.user),
            "created_at": event.created_at,
            "resource_type": match event.on { Noteable::Issue => "Issue", Noteable::Mr => "MergeRequest" },
            "resource_id": self.noteable_id(p, event.on, event.iid),
        });
        if let Some((action, name)) = &event.label {
            set(
                &mut value,
                json!({
                    "label": { "id": label_id(name), "name": name, "color": "#428BCA", "description": null },
                    "action": action,
                }),
            );
        }
        if let Some(state) = &event.state {
            set(&mut value, json!({ "state": state }));
        }
        value
    }

    fn noteable_id(&self, p: usize, on: Noteable, iid: u64) -> Option<u64> {
        let project = &self.projects[p];
        match on {
            Noteable::Issue => project.issues.get(&iid).map(|i| i.id),
            Noteable::Mr => project.mrs.get(&iid).map(|mr| mr.issue.id),
        }
    }

    fn user_notes(&self, p: usize, on: Noteable, iid: u64) -> usize {
        let notes = &self.projects[p].notes;
        notes
            .iter()
            .filter(|n| n.on == on && n.iid == iid && !n.system)
            .count()
    }

    fn closer(&self, p: usize, on: Noteable, iid: u64) -> Option<u64> {
        let events = &self.projects[p].events;
        let closed = events
            .iter()
            .rev()
            .find(|e| e.on == on && e.iid == iid && e.state.is_some());
        closed
            .filter(|e| e.state.as_deref() == Some("closed"))
            .map(|e| e.user)
    }
}

fn references(path: &str, sigil: char, iid: u64) -> Value {
    json!({ "short": format!("{sigil}{iid}"), "relative": format!("{sigil}{iid}"), "full": format!("{path}{sigil}{iid}") })
}

/// A label's id, stable for its name (the fake keeps no label table).
fn label_id(name: &str) -> u64 {
    name.bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
        % 100_000
}
