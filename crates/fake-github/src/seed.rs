//! Seeding and editing the fake's state from a test (the `FakeGitHub` methods that add or
//! change issues, PRs, comments, reviews and checks). No HTTP here.

use super::*;

impl FakeGitHub {
    // ----- seeding -------------------------------------------------------------------------

    /// Adds an open issue by [`SEED_AUTHOR`]; an empty body is stored as `null`, as GitHub does.
    pub fn add_issue(&self, repo: &str, title: &str, body: &str) -> u64 {
        let mut state = self.state();
        let issue = state.new_issue(repo, title, Some(body), SEED_AUTHOR);
        state.insert(repo, issue)
    }

    /// Adds an open, mergeable pull request from branch `head` into `base`.
    pub fn add_pr(&self, repo: &str, title: &str, head: &str, base: &str) -> u64 {
        let mut state = self.state();
        let mut issue = state.new_issue(repo, title, None, SEED_AUTHOR);
        issue.pull = Some(state.new_pull(head, base, false));
        state.insert(repo, issue)
    }

    /// Makes `branch` the repository's default branch (`main` until then), as
    /// `GET /repos/{owner}/{repo}` answers it.
    pub fn set_default_branch(&self, repo: &str, branch: &str) {
        self.state().repo(repo).default_branch = Some(branch.to_owned());
    }

    /// A copy of an issue or PR as currently stored.
    pub fn issue(&self, repo: &str, number: u64) -> Option<IssueRecord> {
        self.state().issue(repo, number).cloned()
    }

    /// Changes a stored issue or PR in place and moves its `updated_at` (unless `edit` set
    /// it), as any change on GitHub does; a new title, a close or a reopen goes on its
    /// timeline as done by [`SEED_AUTHOR`]. Panics if there is no such number.
    pub fn edit_issue(&self, repo: &str, number: u64, edit: impl FnOnce(&mut IssueRecord)) {
        let mut state = self.state();
        let now = state.now();
        let issue = state
            .issue_mut(repo, number)
            .unwrap_or_else(|| panic!("no issue {repo}#{number}"));
        let before = issue.clone();
        edit(issue);
        if issue.updated_at == before.updated_at {
            issue.updated_at = now;
        }
        let after = issue.clone();
        state.add_change_events(repo, &before, &after, SEED_AUTHOR);
    }

    /// Changes the pull-request half of a stored PR. Panics if `number` is not a PR.
    pub fn edit_pr(&self, repo: &str, number: u64, edit: impl FnOnce(&mut PullRecord)) {
        self.edit_issue(repo, number, |issue| {
            edit(
                issue
                    .pull
                    .as_mut()
                    .unwrap_or_else(|| panic!("{repo}#{number} is not a pull request")),
            )
        });
    }

    /// The head commit of a PR, e.g. to seed checks on it or to merge with `sha`.
    pub fn head_sha(&self, repo: &str, pr: u64) -> String {
        self.issue(repo, pr)
            .and_then(|i| i.pull)
            .map(|p| p.head_sha)
            .unwrap_or_else(|| panic!("no PR {repo}#{pr}"))
    }

    /// Makes merging the PR fail with 405 ("Pull Request is not mergeable") when `false`.
    pub fn set_mergeable(&self, repo: &str, pr: u64, mergeable: bool) {
        self.edit_pr(repo, pr, |p| p.mergeable = Some(mergeable));
    }

    pub fn set_diff(&self, repo: &str, pr: u64, text: &str) {
        self.edit_pr(repo, pr, |p| p.diff = Diff::Text(text.to_owned()));
    }

    /// Makes the diff media type answer 406, as GitHub does past 20,000 lines.
    pub fn set_diff_too_large(&self, repo: &str, pr: u64) {
        self.edit_pr(repo, pr, |p| p.diff = Diff::TooLarge);
    }

    /// Adds a modified file with a unified-diff `patch` (hunks only, no file header).
    pub fn add_pr_file(&self, repo: &str, pr: u64, filename: &str, patch: &str) {
        let file = PrFile {
            filename: filename.to_owned(),
            status: "modified".into(),
            patch: patch.to_owned(),
        };
        self.edit_pr(repo, pr, |p| p.files.push(file));
    }

    /// Adds a comment to the conversation of an issue or PR. Panics if there is no such number.
    pub fn add_issue_comment(&self, repo: &str, number: u64, user: &str, body: &str) -> u64 {
        let mut state = self.state();
        assert!(
            state.issue(repo, number).is_some(),
            "no issue {repo}#{number}"
        );
        state.add_comment(repo, number, user, body)
    }

    /// The conversation comments of an issue or PR, oldest first.
    pub fn comments(&self, repo: &str, number: u64) -> Vec<CommentRecord> {
        let state = self.state();
        let comments = state
            .repos
            .get(repo)
            .map(|r| r.comments.iter())
            .into_iter()
            .flatten();
        comments
            .filter(|c| c.issue == number)
            .map(|c| c.comment.clone())
            .collect()
    }

    /// Adds a review comment by [`SEED_AUTHOR`] on `line` of `path` at the PR's head.
    pub fn add_review_comment(
        &self,
        repo: &str,
        pr: u64,
        path: &str,
        line: u64,
        body: &str,
    ) -> u64 {
        self.add_review_comment_by(repo, pr, SEED_AUTHOR, None, (path, line), body)
    }

    /// Submits a review by `user` (`state` and `body` as in [`FakeGitHub::add_review`])
    /// with one inline comment on `line` of `path`, as GitHub's review form does; returns
    /// the comment's id (the one a reply names).
    pub fn add_inline_review(
        &self,
        repo: &str,
        pr: u64,
        user: &str,
        (state, body): (&str, &str),
        at: (&str, u64),
        comment: &str,
    ) -> u64 {
        let review = self.add_review(repo, pr, user, state, body);
        self.add_review_comment_by(repo, pr, user, Some(review), at, comment)
    }

    /// Adds a review comment by `user` on `line` of `path` at the PR's head, part of
    /// `review` when given.
    fn add_review_comment_by(
        &self,
        repo: &str,
        pr: u64,
        user: &str,
        review: Option<u64>,
        (path, line): (&str, u64),
        body: &str,
    ) -> u64 {
        let mut state = self.state();
        let sha = state
            .pull(repo, pr)
            .map(|(_, p)| p.head_sha.clone())
            .unwrap_or_else(|| panic!("no PR {repo}#{pr}"));
        let now = state.now();
        let comment = ReviewCommentRecord {
            id: state.next_id(),
            pr,
            path: path.to_owned(),
            line,
            commit_id: sha,
            in_reply_to: None,
            review,
            user: user.to_owned(),
            body: body.to_owned(),
            created_at: now.clone(),
            updated_at: now,
        };
        let id = comment.id;
        state.repo(repo).review_comments.push(comment);
        state.touch(repo, pr);
        id
    }

    /// Adds a submitted review; `state` is GitHub's (`APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`).
    pub fn add_review(&self, repo: &str, pr: u64, user: &str, state: &str, body: &str) -> u64 {
        let mut st = self.state();
        let sha = st
            .pull(repo, pr)
            .map(|(_, p)| p.head_sha.clone())
            .unwrap_or_else(|| panic!("no PR {repo}#{pr}"));
        let review = ReviewRecord {
            id: st.next_id(),
            pr,
            user: user.to_owned(),
            state: state.to_owned(),
            body: body.to_owned(),
            commit_id: sha,
            submitted_at: st.now(),
        };
        let id = review.id;
        st.repo(repo).reviews.push(review);
        st.touch(repo, pr);
        id
    }

    /// Adds a check run on `git_ref` (a sha, or a PR's head branch name). `status` is
    /// `queued`/`in_progress`/`completed`; `conclusion` is set once completed.
    pub fn add_check_run(
        &self,
        repo: &str,
        git_ref: &str,
        name: &str,
        status: &str,
        conclusion: Option<&str>,
    ) -> u64 {
        let mut state = self.state();
        let run = CheckRunRecord {
            id: state.next_id(),
            sha: state.resolve_ref(repo, git_ref),
            name: name.to_owned(),
            status: status.to_owned(),
            conclusion: conclusion.map(str::to_owned),
            started_at: state.now(),
        };
        let id = run.id;
        state.repo(repo).check_runs.push(run);
        id
    }

    /// Adds a commit status (`error`/`failure`/`pending`/`success`) for `context` on `git_ref`.
    pub fn add_status(&self, repo: &str, git_ref: &str, context: &str, state: &str) -> u64 {
        let mut st = self.state();
        let status = CommitStatus {
            id: st.next_id(),
            sha: st.resolve_ref(repo, git_ref),
            context: context.to_owned(),
            state: state.to_owned(),
            created_at: st.now(),
        };
        let id = status.id;
        st.repo(repo).statuses.push(status);
        id
    }
}
