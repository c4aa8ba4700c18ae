//! Changes a test makes between two of helm's calls, as other people would on GitHub: close
//! or reopen, edit a comment, push a commit, ask for a review. Each moves the issue's or
//! PR's `updated_at`, as GitHub does, so that conditional requests see the change.

use super::*;

impl FakeGitHub {
    /// Closes an issue or PR as someone else ([`SEED_AUTHOR`]) would (`state_reason:
    /// completed`).
    pub fn close_issue(&self, repo: &str, number: u64) {
        let now = self.state().now();
        self.edit_issue(repo, number, |issue| {
            issue.state = "closed".into();
            issue.state_reason = Some("completed".into());
            issue.closed_at = Some(now.clone());
            issue.updated_at = now;
        });
    }

    pub fn reopen_issue(&self, repo: &str, number: u64) {
        self.edit_issue(repo, number, |issue| {
            issue.state = "open".into();
            issue.state_reason = Some("reopened".into());
            issue.closed_at = None;
        });
    }

    /// Edits a conversation comment's body. Panics if there is no such comment.
    pub fn edit_issue_comment(&self, repo: &str, comment_id: u64, body: &str) {
        let mut state = self.state();
        let now = state.now();
        let comment = state
            .repo(repo)
            .comments
            .iter_mut()
            .find(|c| c.comment.id == comment_id)
            .unwrap_or_else(|| panic!("no comment {comment_id} in {repo}"));
        comment.comment.body = body.to_owned();
        comment.updated_at = now;
        let issue = comment.issue;
        state.touch(repo, issue);
    }

    /// Pushes a commit to the PR's head branch: a new head sha (returned). The PR, its
    /// files (their URLs name the commit) and its checks (none yet on the new sha) change;
    /// the diff keeps its text, as after an empty commit. [`FakeGitHub::push_file`] also
    /// changes the content.
    pub fn push_commit(&self, repo: &str, pr: u64) -> String {
        let sha = self.state().sha();
        let pushed = sha.clone();
        self.edit_pr(repo, pr, move |pull| {
            pull.head_sha = pushed;
            pull.commits += 1;
        });
        sha
    }

    /// Pushes a commit that adds or replaces `filename` with `patch`; returns the new head.
    pub fn push_file(&self, repo: &str, pr: u64, filename: &str, patch: &str) -> String {
        let sha = self.push_commit(repo, pr);
        self.edit_pr(repo, pr, |pull| {
            pull.files.retain(|f| f.filename != filename);
            pull.files.push(PrFile {
                filename: filename.to_owned(),
                status: "modified".into(),
                patch: patch.to_owned(),
            });
        });
        sha
    }

    /// Someone ([`SEED_AUTHOR`]) requests a review from `reviewer` on the PR.
    pub fn request_review(&self, repo: &str, pr: u64, reviewer: &str) {
        let mut added = false;
        self.edit_pr(repo, pr, |pull| {
            if !pull.requested_reviewers.iter().any(|r| r == reviewer) {
                pull.requested_reviewers.push(reviewer.to_owned());
                added = true;
            }
        });
        if added {
            let event = json!({
                "requested_reviewer": user_json(reviewer),
                "review_requester": user_json(SEED_AUTHOR),
            });
            self.state()
                .add_event(repo, pr, "review_requested", SEED_AUTHOR, event);
        }
    }

    /// Moves a conversation comment's creation and last update back by `seconds`, as if it
    /// was written that long ago. Panics if there is no such comment.
    pub fn backdate_comment(&self, repo: &str, comment_id: u64, seconds: i64) {
        let mut state = self.state();
        let comment = state
            .repo(repo)
            .comments
            .iter_mut()
            .find(|c| c.comment.id == comment_id)
            .unwrap_or_else(|| panic!("no comment {comment_id} in {repo}"));
        let back = |at: &str| {
            super::clock::rfc3339(super::clock::parse_rfc3339(at).unwrap_or_default() - seconds)
        };
        comment.created_at = back(&comment.created_at);
        comment.updated_at = back(&comment.updated_at);
    }

    /// Every event of an issue's or PR's timeline as `(event, actor)`, oldest first.
    pub fn events(&self, repo: &str, number: u64) -> Vec<(String, String)> {
        let state = self.state();
        let events = state.repos.get(repo).map(|r| r.events.iter());
        events
            .into_iter()
            .flatten()
            .filter(|e| e.issue == number)
            .map(|e| (e.kind.clone(), e.actor.clone()))
            .collect()
    }
}
