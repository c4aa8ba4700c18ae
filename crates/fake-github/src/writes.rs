//! Handlers of the write operations helm uses: they change the state, then answer.

use super::*;

impl State {
    // ----- writes --------------------------------------------------------------------------

    pub(super) fn create_issue(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let title = title_of(cx).ok_or_else(|| missing("Issue", "title"))?;
        let mut issue = self.new_issue(&cx.repo, &title, cx.text("body"), VIEWER);
        issue.labels = permitted(self.switches.labels.as_ref(), cx.strings("labels"));
        issue.assignees = permitted(self.switches.assignees.as_ref(), cx.strings("assignees"));
        self.insert(&cx.repo, issue.clone());
        Ok(Reply::json(201, self.issue_json(cx, &issue)))
    }

    pub(super) fn update_issue(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let title = match cx.field("title") {
            Some(_) => Some(title_of(cx).ok_or_else(|| missing("Issue", "title"))?),
            None => None,
        };
        let now = self.now();
        let labels = permitted(self.switches.labels.as_ref(), cx.strings("labels"));
        let assignees = permitted(self.switches.assignees.as_ref(), cx.strings("assignees"));
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let before = issue.clone();
        if let Some(title) = title {
            issue.title = title;
        }
        if let Some(body) = cx.body.get("body") {
            issue.body = body.as_str().map(str::to_owned);
        }
        if cx.body.get("labels").is_some() {
            issue.labels = labels;
        }
        if cx.body.get("assignees").is_some() {
            issue.assignees = assignees;
        }
        let reason = cx.text("state_reason").map(str::to_owned);
        match cx.text("state") {
            Some("closed") if issue.state != "closed" => {
                issue.state = "closed".into();
                issue.closed_at = Some(now.clone());
                issue.state_reason = reason.or(Some("completed".into()));
            }
            Some("open") if issue.state != "open" => {
                issue.state = "open".into();
                issue.closed_at = None;
                issue.state_reason = Some("reopened".into());
            }
            Some("open" | "closed") | None => {
                if reason.is_some() {
                    issue.state_reason = reason;
                }
            }
            Some(_) => {
                return Err(Reply::invalid(
                    json!({ "resource": "Issue", "code": "invalid", "field": "state" }),
                ));
            }
        }
        issue.updated_at = now;
        let issue = issue.clone();
        self.add_change_events(&cx.repo, &before, &issue, VIEWER);
        Ok(Reply::json(200, self.issue_json(cx, &issue)))
    }

    pub(super) fn create_issue_comment(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let body = cx
            .text("body")
            .filter(|b| !b.trim().is_empty())
            .ok_or_else(|| missing("IssueComment", "body"))?;
        let id = self.add_comment(&cx.repo, number, VIEWER, body);
        let issue = self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self.repos.get(&cx.repo).map(|r| r.comments.as_slice());
        let comment = comments.into_iter().flatten().find(|c| c.comment.id == id);
        let json = comment
            .map(|c| with_association(comment_json(cx, issue, c), self.association(cx, VIEWER)));
        Ok(Reply::json(201, json.unwrap_or_default()))
    }

    pub(super) fn create_pull(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let title = title_of(cx).ok_or_else(|| missing("PullRequest", "title"))?;
        let head = cx
            .text("head")
            .filter(|h| !h.is_empty())
            .ok_or_else(|| missing("PullRequest", "head"))?;
        let head = head.rsplit(':').next().unwrap_or(head); // "owner:branch"
        let base = cx
            .text("base")
            .filter(|b| !b.is_empty())
            .ok_or_else(|| missing("PullRequest", "base"))?;
        if head == base {
            return Err(custom_invalid(&format!(
                "No commits between {base} and {head}"
            )));
        }
        let open = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten();
        if open
            .filter(|i| i.state == "open")
            .filter_map(|i| i.pull.as_ref())
            .any(|p| p.head == head && p.base == base)
        {
            let owner = cx.repo.split('/').next().unwrap_or_default();
            return Err(custom_invalid(&format!(
                "A pull request already exists for {owner}:{head}."
            )));
        }
        let mut issue = self.new_issue(&cx.repo, &title, cx.text("body"), VIEWER);
        issue.pull =
            Some(self.new_pull(head, base, cx.body.get("draft") == Some(&Value::Bool(true))));
        self.insert(&cx.repo, issue.clone());
        let pull = issue.pull.as_ref().ok_or_else(Reply::not_found)?;
        Ok(Reply::json(201, self.pull_json(cx, &issue, pull)))
    }

    pub(super) fn update_pull(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let now = self.now();
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let issue = self
            .issue_mut(&cx.repo, number)
            .ok_or_else(Reply::not_found)?;
        let before = issue.clone();
        if let Some(title) = cx.text("title") {
            if title.trim().is_empty() {
                return Err(missing("PullRequest", "title"));
            }
            issue.title = title.to_owned();
        }
        if let Some(body) = cx.body.get("body") {
            issue.body = body.as_str().map(str::to_owned);
        }
        match cx.text("state") {
            Some("closed") if issue.state == "open" => {
                issue.state = "closed".into();
                issue.closed_at = Some(now.clone());
            }
            Some("open") if issue.state == "closed" => {
                if issue.pull.as_ref().is_some_and(|p| p.merged_at.is_some()) {
                    return Err(custom_invalid(
                        "state cannot be changed. The pull request cannot be reopened.",
                    ));
                }
                issue.state = "open".into();
                issue.closed_at = None;
            }
            _ => {}
        }
        if let (Some(base), Some(pull)) = (cx.text("base"), issue.pull.as_mut()) {
            pull.base = base.to_owned();
        }
        issue.updated_at = now;
        let issue = issue.clone();
        self.add_change_events(&cx.repo, &before, &issue, VIEWER);
        let pull = issue.pull.as_ref().ok_or_else(Reply::not_found)?;
        Ok(Reply::json(200, self.pull_json(cx, &issue, pull)))
    }

    pub(super) fn request_reviewers(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let reviewers = permitted(self.switches.reviewers.as_ref(), cx.strings("reviewers"));
        let teams = cx.strings("team_reviewers");
        let now = self.now();
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        if reviewers.contains(&issue.user) {
            return Err(custom_invalid(
                "Review cannot be requested from pull request author.",
            ));
        }
        let pull = issue.pull.as_mut().ok_or_else(Reply::not_found)?;
        let mut requested = Vec::new();
        for reviewer in reviewers {
            if !pull.requested_reviewers.contains(&reviewer) {
                requested.push(json!({ "requested_reviewer": user_json(&reviewer) }));
                pull.requested_reviewers.push(reviewer);
            }
        }
        for team in teams {
            if !pull.requested_teams.contains(&team) {
                requested.push(json!({ "requested_team": team_json(cx, &team) }));
                pull.requested_teams.push(team);
            }
        }
        issue.updated_at = now;
        let issue = issue.clone();
        for mut event in requested {
            set(&mut event, json!({ "review_requester": user_json(VIEWER) }));
            self.add_event(&cx.repo, issue.number, "review_requested", VIEWER, event);
        }
        let pull = issue.pull.as_ref().ok_or_else(Reply::not_found)?;
        Ok(Reply::json(201, self.pull_json(cx, &issue, pull)))
    }

    pub(super) fn reply_to_review_comment(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let pr = cx.number.unwrap_or_default();
        let parent_id = cx.comment_id.unwrap_or_default();
        let parent = self.repos.get(&cx.repo).and_then(|r| {
            r.review_comments
                .iter()
                .find(|c| c.pr == pr && c.id == parent_id)
        });
        let parent = parent.ok_or_else(Reply::not_found)?;
        let body = cx
            .text("body")
            .filter(|b| !b.trim().is_empty())
            .ok_or_else(|| missing("PullRequestReviewComment", "body"))?;
        let (path, line, commit_id) = (parent.path.clone(), parent.line, parent.commit_id.clone());
        // Replies hang off the thread's first comment, as on GitHub.
        let in_reply_to = Some(parent.in_reply_to.unwrap_or(parent.id));
        let now = self.now();
        // GitHub files each inline reply in a review of its own: COMMENTED,
        // no body, on the pull request's head.
        let head = self.pull(&cx.repo, pr).map(|(_, p)| p.head_sha.clone());
        let container = ReviewRecord {
            id: self.next_id(),
            pr,
            user: VIEWER.to_owned(),
            state: "COMMENTED".to_owned(),
            body: String::new(),
            commit_id: head.unwrap_or_else(|| commit_id.clone()),
            submitted_at: now.clone(),
        };
        let review = container.id;
        self.repo(&cx.repo).reviews.push(container);
        let reply = ReviewCommentRecord {
            id: self.next_id(),
            pr,
            path,
            line,
            commit_id,
            in_reply_to,
            review: Some(review),
            user: VIEWER.to_owned(),
            body: body.to_owned(),
            created_at: now.clone(),
            updated_at: now,
        };
        let json = with_association(
            review_comment_json(cx, &reply),
            self.association(cx, VIEWER),
        );
        self.repo(&cx.repo).review_comments.push(reply);
        self.touch(&cx.repo, pr);
        Ok(Reply::json(201, json))
    }

    pub(super) fn merge(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let now = self.now();
        let merge_sha = self.sha();
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let open = issue.state == "open";
        let pull = issue.pull.as_mut().ok_or_else(Reply::not_found)?;
        if let Some(method) = cx.text("merge_method")
            && !["merge", "squash", "rebase"].contains(&method)
        {
            return Err(Reply::invalid(
                json!({ "resource": "PullRequest", "code": "invalid", "field": "merge_method" }),
            ));
        }
        if pull.draft {
            return Err(Reply::error(405, "Pull Request is still a draft"));
        }
        if !open || pull.merged_at.is_some() || pull.mergeable == Some(false) {
            return Err(Reply::error(405, "Pull Request is not mergeable"));
        }
        if cx.text("sha").is_some_and(|sha| sha != pull.head_sha) {
            return Err(Reply::error(
                409,
                "Head branch was modified. Review and try the merge again.",
            ));
        }
        pull.merged_at = Some(now.clone());
        pull.merge_commit_sha = Some(merge_sha.clone());
        issue.state = "closed".into();
        issue.closed_at = Some(now.clone());
        issue.updated_at = now;
        let number = issue.number;
        let merged = json!({ "commit_id": merge_sha });
        self.add_event(&cx.repo, number, "merged", VIEWER, merged);
        self.add_event(
            &cx.repo,
            number,
            "closed",
            VIEWER,
            json!({ "state_reason": null }),
        );
        let mut answer = shape("PUT", MERGE).clone();
        set(
            &mut answer,
            json!({ "sha": merge_sha, "merged": true, "message": "Pull Request successfully merged" }),
        );
        Ok(Reply::json(200, answer))
    }
}
