//! Handlers of the read operations (GETs) helm uses.

use super::*;

impl State {
    pub(super) fn get_issue(&self, cx: &Cx) -> Result<Reply, Reply> {
        let issue = self
            .issue(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        Ok(modified(
            Reply::json(200, self.issue_json(cx, issue)),
            issue,
        ))
    }

    /// Conversation comments, oldest first; `since` keeps those updated at or after it.
    pub(super) fn list_issue_comments(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        let issue = self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self
            .repos
            .get(&cx.repo)
            .map(|r| r.comments.iter())
            .into_iter()
            .flatten();
        let items = comments
            .filter(|c| c.issue == number && since_ok(cx, &c.updated_at))
            .map(|c| {
                with_association(
                    comment_json(cx, issue, c),
                    self.association(cx, &c.comment.user),
                )
            })
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_issues(&self, cx: &Cx) -> Reply {
        let items = self
            .listed(cx)
            .into_iter()
            .filter(|i| {
                let creator = cx.query("creator");
                creator.is_none_or(|c| i.user.eq_ignore_ascii_case(c))
                    && since_ok(cx, &i.updated_at)
                    && labelled(cx, i)
                    && assigned(cx, i)
            })
            .map(|issue| self.issue_json(cx, issue))
            .collect();
        self.page(cx, items)
    }

    /// `head` is `owner:branch`, as GitHub wants it; a bare branch is matched leniently.
    pub(super) fn list_pulls(&self, cx: &Cx) -> Reply {
        let keys: Vec<String> = match shape("GET", PULLS)[0].as_object() {
            Some(item) => item.keys().cloned().collect(),
            None => Vec::new(),
        };
        let owner = cx.repo.split('/').next().unwrap_or_default();
        let head = cx.query("head").map(|h| match h.split_once(':') {
            Some((who, branch)) => (who.eq_ignore_ascii_case(owner), branch),
            None => (true, h),
        });
        let items = self
            .listed(cx)
            .into_iter()
            .filter_map(|issue| Some((issue, issue.pull.as_ref()?)))
            .filter(|(_, pull)| {
                head.is_none_or(|(same_owner, h)| same_owner && pull.head == h)
                    && cx.query("base").is_none_or(|b| pull.base == b)
            })
            .map(|(issue, pull)| {
                // The list answers GitHub's "pull-request-simple": a subset of the full PR.
                let mut full = self.pull_json(cx, issue, pull);
                if let Some(fields) = full.as_object_mut() {
                    fields.retain(|key, _| keys.contains(key));
                }
                full
            })
            .collect();
        self.page(cx, items)
    }

    /// Issues (PRs included) filtered by `state` and ordered by `sort` (`created`, `updated`)
    /// and `direction`: newest first, except that PRs sorted otherwise than by creation
    /// default to ascending, as on GitHub.
    pub(super) fn listed(&self, cx: &Cx) -> Vec<&IssueRecord> {
        let state = cx.query("state").unwrap_or("open");
        let sort = cx.query("sort").unwrap_or("created");
        let pulls = cx.path.ends_with("/pulls");
        let ascending = match cx.query("direction") {
            Some(direction) => direction == "asc",
            None => pulls && sort != "created",
        };
        let mut issues: Vec<&IssueRecord> = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten()
            .collect();
        issues.retain(|i| state == "all" || i.state == state);
        match sort {
            "updated" => issues.sort_by(|a, b| a.updated_at.cmp(&b.updated_at)),
            "comments" => issues.sort_by_key(|i| self.comment_count(cx, i.number)),
            _ => {}
        }
        if !ascending {
            issues.reverse();
        }
        issues
    }

    /// The users and teams a review is still requested from.
    pub(super) fn list_requested_reviewers(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (_, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let users: Vec<Value> = pull
            .requested_reviewers
            .iter()
            .map(|r| user_json(r))
            .collect();
        let teams: Vec<Value> = pull
            .requested_teams
            .iter()
            .map(|t| team_json(cx, t))
            .collect();
        let mut json = shape("GET", REQUESTED_REVIEWERS).clone();
        set(&mut json, json!({ "users": users, "teams": teams }));
        Ok(Reply::json(200, json))
    }

    pub(super) fn get_pull(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (issue, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        if !cx.accept.contains("diff") {
            let json = self.pull_json(cx, issue, pull);
            return Ok(modified(Reply::json(200, json), issue));
        }
        let text = match &pull.diff {
            Diff::Text(text) => text.clone(),
            Diff::FromFiles => diff_from_files(&pull.files),
            Diff::TooLarge => {
                let mut body = error_body(
                    406,
                    "Sorry, the diff exceeded the maximum number of lines (20000)",
                );
                set(
                    &mut body,
                    json!({ "errors": [{ "resource": "PullRequest", "field": "diff", "code": "too_large" }] }),
                );
                return Err(Reply::json(406, body));
            }
        };
        let content_type = "application/vnd.github.diff; charset=utf-8";
        Ok(modified(
            Reply {
                status: 200,
                json: None,
                text,
                content_type,
                headers: Vec::new(),
            },
            issue,
        ))
    }

    pub(super) fn list_files(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (_, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let items = pull
            .files
            .iter()
            .map(|file| file_json(cx, pull, file))
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_reviews(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let reviews = self
            .repos
            .get(&cx.repo)
            .map(|r| r.reviews.iter())
            .into_iter()
            .flatten();
        let items = reviews
            .filter(|r| r.pr == number)
            .map(|r| with_association(review_json(cx, r), self.association(cx, &r.user)))
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_review_comments(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self
            .repos
            .get(&cx.repo)
            .map(|r| r.review_comments.iter())
            .into_iter()
            .flatten();
        let mut items: Vec<Value> = comments
            .filter(|c| c.pr == number && since_ok(cx, &c.updated_at))
            .map(|c| with_association(review_comment_json(cx, c), self.association(cx, &c.user)))
            .collect();
        // `direction` counts only with `sort`; oldest first otherwise.
        if cx.query("sort").is_some() && cx.query("direction") == Some("desc") {
            items.reverse();
        }
        Ok(self.page(cx, items))
    }
}

/// Adds `Last-Modified`, as GitHub does on a single issue or pull request.
fn modified(reply: Reply, issue: &IssueRecord) -> Reply {
    match clock::last_modified(&issue.updated_at) {
        Some(date) => reply.header("Last-Modified", date),
        None => reply,
    }
}

/// GitHub's `since`: only what was updated at or after that time.
pub(super) fn since_ok(cx: &Cx, updated_at: &str) -> bool {
    let since = cx.query("since").and_then(clock::parse_rfc3339);
    let updated = clock::parse_rfc3339(updated_at);
    match (since, updated) {
        (Some(since), Some(updated)) => updated >= since,
        _ => true,
    }
}

/// `labels=a,b`: issues carrying every one of them.
fn labelled(cx: &Cx, issue: &IssueRecord) -> bool {
    cx.query("labels").is_none_or(|wanted| {
        wanted
            .split(',')
            .filter(|l| !l.is_empty())
            .all(|l| issue.labels.iter().any(|have| have.eq_ignore_ascii_case(l)))
    })
}

/// `assignee`: a login, `none` (unassigned) or `*` (assigned to anyone).
fn assigned(cx: &Cx, issue: &IssueRecord) -> bool {
    match cx.query("assignee") {
        None => true,
        Some("none") => issue.assignees.is_empty(),
        Some("*") => !issue.assignees.is_empty(),
        Some(login) => issue
            .assignees
            .iter()
            .any(|a| a.eq_ignore_ascii_case(login)),
    }
}
