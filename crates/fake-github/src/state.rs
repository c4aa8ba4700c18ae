//! The fake's stored world (repositories, issues, comments, checks) and its clock.
//! Knows nothing about HTTP: the handlers in `reads`/`writes` turn it into answers.

use super::*;

pub(super) struct State {
    pub(super) repos: HashMap<String, RepoState>,
    pub(super) next_id: u64,
    /// The latest time stamped, in seconds since the Unix epoch: strictly increasing.
    pub(super) clock: i64,
    /// How far GitHub's clock runs ahead of this machine's, in seconds (behind when negative).
    pub(super) clock_offset: i64,
    pub(super) per_page_cap: usize,
    pub(super) latency: Duration,
    pub(super) faults: Vec<Fault>,
    pub(super) requests: Vec<RecordedRequest>,
    /// Answers that counted against the rate limit (not 304s, not 401s).
    pub(super) rate_used: u64,
    pub(super) switches: Switches,
    pub(super) actions: actions::Actions,
    /// The fake GitLab's world, served under `/api/v4` with the same clock and faults.
    pub(super) gitlab: gitlab::GitLabWorld,
    /// The fake Forgejo's world, served under `/api/v1`.
    pub(super) forgejo: forgejo::ForgejoWorld,
}

/// One repository's issues, pulls, comments and checks on the fake server.
#[derive(Default)]
pub(super) struct RepoState {
    pub(super) issues: BTreeMap<u64, IssueRecord>,
    pub(super) comments: Vec<IssueCommentRecord>,
    pub(super) review_comments: Vec<ReviewCommentRecord>,
    pub(super) reviews: Vec<ReviewRecord>,
    pub(super) check_runs: Vec<CheckRunRecord>,
    pub(super) statuses: Vec<CommitStatus>,
    pub(super) events: Vec<IssueEvent>,
    /// The first comments of the review threads that are resolved, and who resolved each
    /// (GraphQL's `resolvedBy`). GitHub keeps nothing of who unresolved one.
    pub(super) resolved: BTreeMap<u64, String>,
    /// Logins (lower case) a test gave a standing; see `standing`.
    pub(super) associations: BTreeMap<String, String>,
    /// The default branch a test set; `main` otherwise.
    pub(super) default_branch: Option<String>,
}

pub(super) struct IssueCommentRecord {
    pub(super) issue: u64,
    pub(super) comment: CommentRecord,
    pub(super) created_at: String,
    pub(super) updated_at: String,
}

pub(super) struct ReviewCommentRecord {
    pub(super) id: u64,
    pub(super) pr: u64,
    pub(super) path: String,
    pub(super) line: u64,
    pub(super) commit_id: String,
    pub(super) in_reply_to: Option<u64>,
    /// The review it was submitted with (`pull_request_review_id`), if any.
    pub(super) review: Option<u64>,
    pub(super) user: String,
    pub(super) body: String,
    pub(super) created_at: String,
    pub(super) updated_at: String,
}

pub(super) struct ReviewRecord {
    pub(super) id: u64,
    pub(super) pr: u64,
    pub(super) user: String,
    pub(super) state: String,
    pub(super) body: String,
    pub(super) commit_id: String,
    pub(super) submitted_at: String,
}

pub(super) struct CheckRunRecord {
    pub(super) id: u64,
    pub(super) sha: String,
    pub(super) name: String,
    pub(super) status: String,
    pub(super) conclusion: Option<String>,
    pub(super) started_at: String,
}

pub(super) struct CommitStatus {
    pub(super) id: u64,
    pub(super) sha: String,
    pub(super) context: String,
    pub(super) state: String,
    pub(super) created_at: String,
}

impl State {
    pub(super) fn new() -> Self {
        State {
            repos: HashMap::new(),
            next_id: 1000,
            clock: 0,
            clock_offset: 0,
            per_page_cap: 100,
            latency: Duration::ZERO,
            faults: Vec::new(),
            requests: Vec::new(),
            rate_used: 0,
            switches: Switches::default(),
            actions: Default::default(),
            gitlab: Default::default(),
            forgejo: Default::default(),
        }
    }

    pub(super) fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// GitHub's clock: the wall clock, as GitHub stamps what it records
    /// (helm compares these with its own times when it settles an attempt),
    /// moved on by a second when two events would share one, so that every
    /// change moves `updated_at`.
    pub(super) fn now(&mut self) -> String {
        self.clock = (self.clock + 1).max(self.unix_now());
        super::clock::rfc3339(self.clock)
    }

    /// Seconds since the Unix epoch on GitHub's clock.
    pub(super) fn unix_now(&self) -> i64 {
        super::clock::unix_now() + self.clock_offset
    }

    /// GitHub's clock as an answer's `Date` tells it: never behind a time already stamped.
    pub(super) fn date(&self) -> String {
        super::clock::http_date(self.unix_now().max(self.clock))
    }

    /// A fresh, deterministic 40-hex-digit commit sha.
    pub(super) fn sha(&mut self) -> String {
        let seed = self.next_id();
        format!(
            "{:016x}{:016x}{:08x}",
            mix(seed),
            mix(seed ^ 0xa5a5),
            mix(seed ^ 0x5a5a) as u32
        )
    }

    pub(super) fn repo(&mut self, repo: &str) -> &mut RepoState {
        self.repos.entry(repo.to_owned()).or_default()
    }

    pub(super) fn issue(&self, repo: &str, number: u64) -> Option<&IssueRecord> {
        self.repos.get(repo)?.issues.get(&number)
    }

    pub(super) fn issue_mut(&mut self, repo: &str, number: u64) -> Option<&mut IssueRecord> {
        self.repos.get_mut(repo)?.issues.get_mut(&number)
    }

    pub(super) fn pull(&self, repo: &str, number: u64) -> Option<(&IssueRecord, &PullRecord)> {
        let issue = self.issue(repo, number)?;
        Some((issue, issue.pull.as_ref()?))
    }

    pub(super) fn new_issue(
        &mut self,
        repo: &str,
        title: &str,
        body: Option<&str>,
        user: &str,
    ) -> IssueRecord {
        let now = self.now();
        IssueRecord {
            number: self
                .repos
                .get(repo)
                .and_then(|r| r.issues.keys().max())
                .map_or(1, |n| n + 1),
            id: self.next_id(),
            title: title.to_owned(),
            body: body.filter(|b| !b.is_empty()).map(str::to_owned),
            user: user.to_owned(),
            state: "open".into(),
            state_reason: None,
            labels: Vec::new(),
            assignees: Vec::new(),
            created_at: now.clone(),
            updated_at: now,
            closed_at: None,
            pull: None,
        }
    }

    pub(super) fn new_pull(&mut self, head: &str, base: &str, draft: bool) -> PullRecord {
        PullRecord {
            id: self.next_id(),
            head: head.to_owned(),
            base: base.to_owned(),
            head_sha: self.sha(),
            base_sha: self.sha(),
            draft,
            mergeable: Some(true),
            mergeable_state: None,
            merged_at: None,
            merge_commit_sha: None,
            requested_reviewers: Vec::new(),
            requested_teams: Vec::new(),
            diff: Diff::default(),
            files: Vec::new(),
            commits: 1,
        }
    }

    pub(super) fn insert(&mut self, repo: &str, issue: IssueRecord) -> u64 {
        let number = issue.number;
        self.repo(repo).issues.insert(number, issue);
        number
    }

    pub(super) fn add_comment(&mut self, repo: &str, issue: u64, user: &str, body: &str) -> u64 {
        let id = self.next_id();
        let created_at = self.now();
        let comment = CommentRecord {
            id,
            user: user.to_owned(),
            body: body.to_owned(),
        };
        self.repo(repo).comments.push(IssueCommentRecord {
            issue,
            comment,
            updated_at: created_at.clone(),
            created_at,
        });
        self.touch(repo, issue);
        id
    }

    /// Moves an issue's or PR's `updated_at` to now, as GitHub does on any change to it.
    pub(super) fn touch(&mut self, repo: &str, number: u64) {
        let now = self.now();
        if let Some(issue) = self.issue_mut(repo, number) {
            issue.updated_at = now;
        }
    }

    /// GitHub accepts a sha or a branch for `{ref}`: map a PR head (or base) branch to its sha.
    pub(super) fn resolve_ref(&self, repo: &str, git_ref: &str) -> String {
        let branch = git_ref.strip_prefix("refs/heads/").unwrap_or(git_ref);
        let pulls = self
            .repos
            .get(repo)
            .map(|r| r.issues.values().rev())
            .into_iter()
            .flatten();
        let shas = pulls.filter_map(|i| i.pull.as_ref()).find_map(|p| {
            (p.head == branch)
                .then(|| p.head_sha.clone())
                .or_else(|| (p.base == branch).then(|| p.base_sha.clone()))
        });
        shas.unwrap_or_else(|| git_ref.to_owned())
    }
}
