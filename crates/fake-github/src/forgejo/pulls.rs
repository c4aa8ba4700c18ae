//! Forgejo's pull requests: reads (one, files, the `.diff`, reviews and their comments) and
//! writes (create, edit, review, request reviewers, merge). The merge is pinned by
//! `head_commit_id` and refused as Forgejo refuses it: 404 when closed, 405 when merged,
//! still being checked ("Please try again later", which a client retries) or not ready,
//! 409 when the head moved, 405 for a merge style the repository does not allow.

use super::*;

impl ForgejoWorld {
    pub(in crate::forgejo) fn get_pull(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let (item, pull) = self.repos[r].pull(call.number("index"))?;
        Ok(Reply::json(200, self.pull_json(call, r, item, pull)))
    }

    pub(in crate::forgejo) fn files(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let (_, pull) = self.repos[r].pull(call.number("index"))?;
        let files = pull.files.iter().map(|file| {
            let (additions, deletions) = line_counts(&file.patch);
            json!({
                "filename": file.filename,
                "status": file.status,
                "additions": additions,
                "deletions": deletions,
                "changes": additions + deletions,
                "html_url": format!("{}/{}/src/commit/{}/{}", call.base, self.repos[r].full_name, pull.head_sha, file.filename),
                "contents_url": "",
                "raw_url": "",
            })
        });
        Ok(call.page(Which::Forgejo, files.collect()))
    }

    /// `.diff` (or `.patch`): the pull request's changes as text.
    pub(in crate::forgejo) fn diff(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        if !matches!(call.path_param("diffType"), "diff" | "patch") {
            return Err(not_found());
        }
        let (_, pull) = self.repos[r].pull(call.number("index"))?;
        let mut reply = empty(200);
        reply.text = diff_from_files(&pull.files);
        reply.content_type = "text/plain; charset=utf-8";
        Ok(reply)
    }

    pub(in crate::forgejo) fn reviews(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let number = self.repos[r].pull(call.number("index"))?.0.number;
        let reviews = self.repos[r].reviews.iter().filter(|v| v.number == number);
        Ok(call.page(
            Which::Forgejo,
            reviews.map(|v| self.review_json(call, r, v)).collect(),
        ))
    }

    pub(in crate::forgejo) fn review_comments(
        &self,
        call: &ForgeCall,
        r: usize,
    ) -> Result<Reply, Reply> {
        let repo = &self.repos[r];
        let (item, pull) = repo.pull(call.number("index"))?;
        let id = call.number("id");
        let review = repo
            .reviews
            .iter()
            .find(|v| v.id == id && v.number == item.number);
        let review = review.ok_or_else(not_found)?;
        let url = format!("{}/{}/pulls/{}", call.base, repo.full_name, item.number);
        let comments = review.comments.iter().map(|(cid, path, line, body)| {
            json!({
                "id": cid,
                "body": body,
                "user": self.user_json(call, review.user),
                "resolver": null,
                "pull_request_review_id": review.id,
                "created_at": review.submitted_at,
                "updated_at": review.submitted_at,
                "path": path,
                "commit_id": review.commit_id,
                "original_commit_id": pull.head_sha,
                "diff_hunk": "",
                "position": line,
                "original_position": line,
                "html_url": format!("{url}/files#issuecomment-{cid}"),
                "pull_request_url": url,
            })
        });
        Ok(Reply::json(200, Value::Array(comments.collect())))
    }
}

pub(in crate::forgejo) fn create(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let field = |name: &str| call.text(name).filter(|t| !t.trim().is_empty());
    let (Some(head), Some(base), Some(title)) = (field("head"), field("base"), field("title"))
    else {
        return Err(error(422, "[Head] [Base] [Title]: Required"));
    };
    let open = state.forgejo.repos[r].items.values().find(|i| {
        i.state == "open"
            && i.pull
                .as_ref()
                .is_some_and(|p| p.head_ref == head && p.base_ref == base)
    });
    if let Some(open) = open {
        let message = format!(
            "pull request already exists for these targets [id: {}, issue_id: {}, head_repo_id: 0, base_repo_id: 0, head_branch: {head}, base_branch: {base}]",
            open.id, open.number
        );
        return Err(error(409, &message));
    }
    let (now, id, head_sha, base_sha) = (state.now(), state.next_id(), state.sha(), state.sha());
    let repo = &mut state.forgejo.repos[r];
    let number = repo.items.keys().last().map_or(1, |n| n + 1);
    let mut item = issues::new_item(
        id,
        number,
        &title,
        &call.text("body").unwrap_or_default(),
        1,
        now,
    );
    item.pull = Some(new_pull(&head, &base, head_sha, base_sha));
    repo.items.insert(number, item);
    let forge = &state.forgejo;
    let (item, pull) = forge.repos[r].pull(number)?;
    Ok(Reply::json(201, forge.pull_json(call, r, item, pull)))
}

pub(in crate::forgejo) fn new_pull(
    head: &str,
    base: &str,
    head_sha: String,
    base_sha: String,
) -> Pull {
    Pull {
        head_ref: head.to_owned(),
        head_sha,
        base_ref: base.to_owned(),
        base_sha,
        merged: None,
        requested: Vec::new(),
        files: Vec::new(),
        checking: 0,
        approvals_required: 0,
    }
}

pub(in crate::forgejo) fn edit(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].pull(call.number("index"))?.0.number;
    issues::change(state, call, r, number)?;
    let forge = &state.forgejo;
    let (item, pull) = forge.repos[r].pull(number)?;
    Ok(Reply::json(201, forge.pull_json(call, r, item, pull)))
}

/// A review by the token's user: `event` APPROVED, REQUEST_CHANGES or COMMENT.
pub(in crate::forgejo) fn review(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].pull(call.number("index"))?.0.number;
    let event = call.text("event").unwrap_or_default();
    if !matches!(event.as_str(), "APPROVED" | "REQUEST_CHANGES" | "COMMENT") {
        return Err(error(422, &format!("unknown review event: {event}")));
    }
    let id = add_review(
        state,
        r,
        number,
        1,
        &event,
        &call.text("body").unwrap_or_default(),
    );
    let forge = &state.forgejo;
    let review = forge.repos[r].reviews.iter().find(|v| v.id == id);
    Ok(Reply::json(
        200,
        review.map_or(Value::Null, |v| forge.review_json(call, r, v)),
    ))
}

pub(in crate::forgejo) fn add_review(
    state: &mut State,
    r: usize,
    number: u64,
    user: u64,
    event: &str,
    body: &str,
) -> u64 {
    let (now, id) = (state.now(), state.next_id());
    let repo = &mut state.forgejo.repos[r];
    let Some(item) = repo.items.get_mut(&number) else {
        return id;
    };
    let commit_id = item
        .pull
        .as_ref()
        .map(|p| p.head_sha.clone())
        .unwrap_or_default();
    item.updated_at = now.clone();
    if let Some(pull) = item.pull.as_mut() {
        pull.requested.retain(|u| *u != user);
    }
    let review = Review {
        id,
        number,
        user,
        state: event.to_owned(),
        body: body.to_owned(),
        commit_id,
        submitted_at: now,
        comments: Vec::new(),
    };
    repo.reviews.push(review);
    id
}

/// Asks `reviewers` (logins) for a review: 201 with a `REQUEST_REVIEW` review each; 422
/// when a login names no user (nothing is requested then).
pub(in crate::forgejo) fn request_reviewers(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].pull(call.number("index"))?.0.number;
    if !call.list("team_reviewers").is_empty() {
        return Err(error(
            422,
            "team reviewers are only for organization repositories",
        ));
    }
    let mut users = Vec::new();
    for login in call.list("reviewers") {
        let user = state.forgejo.find_user(&login);
        users.push(
            user.ok_or_else(|| {
                error(422, &format!("user does not exist [uid: 0, name: {login}]"))
            })?,
        );
    }
    let mut answered = Vec::new();
    for user in users {
        let id = add_review(state, r, number, user, "REQUEST_REVIEW", "");
        let (now, happening) = (state.now(), state.next_id());
        let repo = &mut state.forgejo.repos[r];
        if let Some(pull) = repo.items.get_mut(&number).and_then(|i| i.pull.as_mut())
            && !pull.requested.contains(&user)
        {
            pull.requested.push(user);
        }
        repo.timeline.push(Happening {
            id: happening,
            number,
            kind: "review_request",
            user: 1,
            label: None,
            assignee: Some(user),
            titles: None,
            created_at: now,
        });
        answered.push(id);
    }
    let forge = &state.forgejo;
    let reviews = forge.repos[r]
        .reviews
        .iter()
        .filter(|v| answered.contains(&v.id));
    Ok(Reply::json(
        201,
        Value::Array(reviews.map(|v| forge.review_json(call, r, v)).collect()),
    ))
}

pub(in crate::forgejo) fn merge(
    state: &mut State,
    call: &ForgeCall,
    r: usize,
) -> Result<Reply, Reply> {
    let number = state.forgejo.repos[r].pull(call.number("index"))?.0.number;
    let style = call.text("Do").unwrap_or_default();
    const STYLES: [&str; 6] = [
        "merge",
        "rebase",
        "rebase-merge",
        "squash",
        "fast-forward-only",
        "manually-merged",
    ];
    if !STYLES.contains(&style.as_str()) {
        return Err(error(422, "[Do]: Invalid merge style"));
    }
    let repo = &mut state.forgejo.repos[r];
    let (approvals, combined) = {
        let approvals = repo
            .reviews
            .iter()
            .filter(|v| v.number == number && v.state == "APPROVED")
            .count();
        let head = repo.items[&number]
            .pull
            .as_ref()
            .map(|p| p.head_sha.clone())
            .unwrap_or_default();
        (approvals, repo.combined(&head).0)
    };
    let allowed = repo.merge_styles.contains(&style);
    let item = repo.items.get_mut(&number).ok_or_else(not_found)?;
    let open = item.state == "open";
    let pull = item.pull.as_mut().ok_or_else(not_found)?;
    if pull.merged.is_some() {
        return Err(error(405, "PR already merged"));
    }
    if !open {
        return Err(not_found());
    }
    if pull.checking > 0 {
        pull.checking -= 1;
        return Err(error(405, "Please try again later"));
    }
    if approvals < pull.approvals_required {
        return Err(error(405, "Does not have enough approvals"));
    }
    if matches!(combined.as_str(), "pending" | "failure" | "error") {
        return Err(error(405, "Not all required status checks successful"));
    }
    if let Some(pinned) = call.text("head_commit_id").filter(|s| !s.is_empty())
        && pinned != pull.head_sha
    {
        return Err(error(409, "head out of date"));
    }
    if !allowed {
        return Err(error(
            405,
            &format!("{style} is not allowed an allowed merge style for this repository"),
        ));
    }
    let fast_forward = style == "fast-forward-only" || style == "rebase";
    let head = pull.head_sha.clone();
    let (now, merge_sha, id) = (state.now(), state.sha(), state.next_id());
    let repo = &mut state.forgejo.repos[r];
    let item = repo.items.get_mut(&number).ok_or_else(not_found)?;
    item.state = "closed".to_owned();
    item.closed_at = Some(now.clone());
    item.updated_at = now.clone();
    if let Some(pull) = item.pull.as_mut() {
        pull.merged = Some((1, now.clone(), if fast_forward { head } else { merge_sha }));
    }
    repo.timeline.push(Happening {
        id,
        number,
        kind: "merge_pull",
        user: 1,
        label: None,
        assignee: None,
        titles: None,
        created_at: now,
    });
    Ok(empty(200))
}
