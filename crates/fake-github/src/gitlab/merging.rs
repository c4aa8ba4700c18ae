//! Whether a GitLab merge request can merge (`detailed_merge_status`) and the merge itself,
//! pinned to a head by `sha`. GitLab reports one status at a time, in the order of its
//! merge checks, so `not_approved` hides `need_rebase` behind it; `checking` and
//! `approvals_syncing` are transient and wear off as the merge request is read again.

use super::*;

impl GitLabWorld {
    pub(in crate::gitlab) fn detailed_merge_status(&self, p: usize, mr: &Mr) -> String {
        let status = if mr.issue.state != "opened" {
            "not_open"
        } else if let Some((transient, _)) = &mr.transient {
            transient.as_str()
        } else if self.unresolved(p, mr.issue.iid) > 0 {
            "discussions_not_resolved"
        } else if !self.pipeline_passed(p, &mr.sha) {
            "ci_must_pass"
        } else if mr.approved_by.len() < mr.approvals_required {
            "not_approved"
        } else if mr.need_rebase && self.projects[p].merge_method != "merge" {
            // A project that merges with a merge commit never needs a rebase first.
            "need_rebase"
        } else {
            "mergeable"
        };
        status.to_owned()
    }

    /// Resolvable threads of a merge request that nobody resolved.
    pub(in crate::gitlab) fn unresolved(&self, p: usize, iid: u64) -> usize {
        let notes = &self.projects[p].notes;
        let mut threads: Vec<&str> = notes
            .iter()
            .filter(|n| n.on == Noteable::Mr && n.iid == iid && n.position.is_some())
            .filter(|n| n.resolved_by.is_none())
            .map(|n| n.discussion.as_str())
            .collect();
        threads.dedup();
        threads.len()
    }

    /// A thread is resolvable when it opened on a line of the diff.
    pub(in crate::gitlab) fn thread_is_resolvable(&self, p: usize, discussion: &str) -> bool {
        let notes = &self.projects[p].notes;
        notes
            .iter()
            .any(|n| n.discussion == discussion && n.position.is_some())
    }

    pub(in crate::gitlab) fn thread_resolver(&self, p: usize, discussion: &str) -> Option<u64> {
        let notes = &self.projects[p].notes;
        let first = notes.iter().find(|n| n.discussion == discussion)?;
        first.resolved_by
    }

    /// The project asks for a passed pipeline: the latest one for `sha` must have succeeded.
    /// A head without any pipeline passes (no CI configured).
    fn pipeline_passed(&self, p: usize, sha: &str) -> bool {
        let pipelines = &self.projects[p].pipelines;
        let latest = pipelines.iter().rev().find(|pl| pl.sha == sha);
        latest.is_none_or(|pl| pl.status == "success")
    }
}

/// `PUT .../merge`: 409 when `sha` is not the head any more; 405 when the merge request is
/// not open or not ready (draft, unresolved threads, CI, approvals, still checking); 406
/// when the branch cannot be merged as the project merges (it needs a rebase).
pub(in crate::gitlab) fn merge(
    state: &mut State,
    call: &ForgeCall,
    p: usize,
) -> Result<Reply, Reply> {
    let iid = state.gitlab.iid_of(call, p, Noteable::Mr)?;
    let lab = &state.gitlab;
    let mr = &lab.projects[p].mrs[&iid];
    if let Some(sha) = call.text("sha")
        && sha != mr.sha
    {
        return Err(error(409, "SHA does not match HEAD of source branch"));
    }
    match lab.detailed_merge_status(p, mr).as_str() {
        "mergeable" => {}
        "need_rebase" => return Err(error(406, "Branch cannot be merged")),
        _ => return Err(error(405, "405 Method Not Allowed")),
    }
    let fast_forward = lab.projects[p].merge_method == "ff";
    let (now, merge_sha) = (state.now(), state.sha());
    let mr = state.gitlab.projects[p]
        .mrs
        .get_mut(&iid)
        .ok_or_else(|| not_found("Merge Request"))?;
    mr.issue.state = "merged".to_owned();
    mr.issue.updated_at = now.clone();
    mr.merged_at = Some(now.clone());
    mr.merged_by = Some(1);
    // A fast-forward makes no merge commit: the target now points at the head itself.
    mr.merge_commit_sha = (!fast_forward).then_some(merge_sha);
    let id = state.next_id();
    state.gitlab.projects[p].events.push(Event {
        id,
        on: Noteable::Mr,
        iid,
        user: 1,
        created_at: now,
        label: None,
        state: Some("merged".to_owned()),
    });
    let lab = &state.gitlab;
    Ok(Reply::json(
        200,
        lab.mr_json(call, p, &lab.projects[p].mrs[&iid]),
    ))
}
