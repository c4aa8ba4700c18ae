//! What a test (or the tour, through the `fake-github forgejo ...` subcommands) does to the
//! fake Forgejo between a client's calls: seed repositories, labels, issues and pull
//! requests, and act as teammates (comment, review, push, report a status or an Actions
//! run), or keep mergeability pending for a few merge attempts.

use super::*;

/// The fake Forgejo of a running fake server ([`FakeGitHub::forgejo`]).
pub struct Forgejo<'a> {
    fake: &'a FakeGitHub,
}

impl FakeGitHub {
    /// The fake Forgejo served by this same server under `/api/v1`.
    pub fn forgejo(&self) -> Forgejo<'_> {
        Forgejo { fake: self }
    }
}

impl Forgejo<'_> {
    /// The API URL to give a client, e.g. `http://127.0.0.1:41234/api/v1`.
    pub fn url(&self) -> String {
        format!("{}/api/v1", self.fake.url())
    }

    pub fn token(&self) -> &'static str {
        FORGEJO_TOKEN
    }

    fn repo<T>(&self, full_name: &str, act: impl FnOnce(&mut State, usize) -> T) -> T {
        let mut state = self.fake.state();
        let r = (state.forgejo.repo_index(full_name))
            .unwrap_or_else(|| panic!("the fake Forgejo has no repository {full_name}"));
        act(&mut state, r)
    }

    /// Adds a repository `owner/name` with labels `bug` and `ready`, allowing every merge
    /// style; the token's user is an admin collaborator.
    pub fn add_repo(&self, full_name: &str) {
        let mut state = self.fake.state();
        let (id, bug, ready) = (state.next_id(), state.next_id(), state.next_id());
        let styles = [
            "merge",
            "rebase",
            "rebase-merge",
            "squash",
            "fast-forward-only",
        ];
        state.forgejo.repos.push(Repo {
            id,
            full_name: full_name.to_owned(),
            labels: vec![(bug, "bug".to_owned()), (ready, "ready".to_owned())],
            collaborators: vec![(1, "admin".to_owned())],
            merge_styles: styles.map(str::to_owned).to_vec(),
            items: BTreeMap::new(),
            comments: Vec::new(),
            reviews: Vec::new(),
            statuses: Vec::new(),
            runs: Vec::new(),
            timeline: Vec::new(),
        });
    }

    /// The server's `MAX_RESPONSE_ITEMS` (50 unless set): a page asked larger is cut to it.
    pub fn max_response_items(&self, max: usize) {
        self.fake.state().forgejo.max_response_items = max;
    }

    /// The id of a label of the repository.
    pub fn label_id(&self, repo: &str, name: &str) -> u64 {
        self.repo(repo, |s, r| {
            s.forgejo.repos[r].label(name).expect("a label")
        })
    }

    /// The merge styles (`Do`) the repository allows.
    pub fn allow_merge_styles(&self, repo: &str, styles: &[&str]) {
        let styles: Vec<String> = styles.iter().map(|s| (*s).to_owned()).collect();
        self.repo(repo, |s, r| s.forgejo.repos[r].merge_styles = styles);
    }

    /// Makes `login` a collaborator with `permission` (`read`, `write`, `admin`).
    pub fn add_collaborator(&self, repo: &str, login: &str, permission: &str) {
        self.repo(repo, |s, r| {
            let user = s.forgejo.user(login);
            let collaborators = &mut s.forgejo.repos[r].collaborators;
            collaborators.retain(|(u, _)| *u != user);
            collaborators.push((user, permission.to_owned()));
        });
    }

    /// Opens an issue by `SEED_AUTHOR`; returns its number.
    pub fn add_issue(&self, repo: &str, title: &str, body: &str) -> u64 {
        self.repo(repo, |s, r| {
            let (now, id, author) = (s.now(), s.next_id(), s.forgejo.user(SEED_AUTHOR));
            let repo = &mut s.forgejo.repos[r];
            let number = repo.items.keys().last().map_or(1, |n| n + 1);
            repo.items.insert(
                number,
                issues::new_item(id, number, title, body, author, now),
            );
            number
        })
    }

    /// Opens a pull request by `SEED_AUTHOR` from `head` into `base`, changing one file;
    /// returns its number.
    pub fn add_pull(&self, repo: &str, title: &str, head: &str, base: &str) -> u64 {
        self.repo(repo, |s, r| {
            let (now, id, author) = (s.now(), s.next_id(), s.forgejo.user(SEED_AUTHOR));
            let (head_sha, base_sha) = (s.sha(), s.sha());
            let repo = &mut s.forgejo.repos[r];
            let number = repo.items.keys().last().map_or(1, |n| n + 1);
            let mut item = issues::new_item(id, number, title, "", author, now);
            let mut pull = pulls::new_pull(head, base, head_sha, base_sha);
            pull.files.push(PrFile {
                filename: "src/lib.rs".to_owned(),
                status: "modified".to_owned(),
                patch: "@@ -1 +1,2 @@\n pub fn feature() {}\n+pub fn more() {}\n".to_owned(),
            });
            item.pull = Some(pull);
            repo.items.insert(number, item);
            number
        })
    }

    /// `user` comments on an issue or pull request; returns the comment's id.
    pub fn comment(&self, repo: &str, number: u64, user: &str, body: &str) -> u64 {
        self.repo(repo, |s, r| {
            let user = s.forgejo.user(user);
            issues::add_comment(s, r, number, user, body)
        })
    }

    /// `user` reviews a pull request (`APPROVED`, `REQUEST_CHANGES`, `COMMENT`), with an
    /// inline comment on `src/lib.rs` when `inline` is given; returns the review's id.
    pub fn review(
        &self,
        repo: &str,
        number: u64,
        user: &str,
        event: &str,
        inline: Option<&str>,
    ) -> u64 {
        self.repo(repo, |s, r| {
            let user = s.forgejo.user(user);
            let id = pulls::add_review(s, r, number, user, event, "");
            if let Some(body) = inline {
                let comment = s.next_id();
                let reviews = &mut s.forgejo.repos[r].reviews;
                if let Some(review) = reviews.iter_mut().find(|v| v.id == id) {
                    review
                        .comments
                        .push((comment, "src/lib.rs".to_owned(), 2, body.to_owned()));
                }
            }
            id
        })
    }

    /// Someone pushed to the head branch: a new head sha, returned.
    pub fn push(&self, repo: &str, number: u64) -> String {
        self.repo(repo, |s, r| {
            let (sha, now) = (s.sha(), s.now());
            let item = s.forgejo.repos[r]
                .items
                .get_mut(&number)
                .expect("a pull request");
            item.updated_at = now;
            let pull = item.pull.as_mut().expect("a pull request");
            pull.head_sha = sha.clone();
            sha
        })
    }

    /// A commit status `state` of `context` on the pull request's head, and an Actions run
    /// of one job with `log`; returns the job's id.
    pub fn set_status(
        &self,
        repo: &str,
        number: u64,
        context: &str,
        state: &str,
        log: &str,
    ) -> u64 {
        self.repo(repo, |s, r| {
            let (now, id, run, job) = (s.now(), s.next_id(), s.next_id(), s.next_id());
            let repo = &mut s.forgejo.repos[r];
            let pull = repo.items[&number].pull.as_ref().expect("a pull request");
            let (sha, git_ref) = (pull.head_sha.clone(), pull.head_ref.clone());
            let status = Status {
                id,
                sha: sha.clone(),
                context: context.to_owned(),
                state: state.to_owned(),
                created_at: now.clone(),
            };
            repo.statuses.push(status);
            let index = repo.runs.len() as u64 + 1;
            let run_status = if state == "pending" { "running" } else { state };
            repo.runs.push(Run {
                id: run,
                index,
                sha,
                git_ref,
                status: run_status.to_owned(),
                job_id: job,
                log: log.to_owned(),
                created: now,
            });
            job
        })
    }

    /// The next `attempts` merges of the pull request are answered 405 "Please try again
    /// later", as while Forgejo computes mergeability.
    pub fn keep_checking(&self, repo: &str, number: u64, attempts: usize) {
        self.repo(repo, |s, r| {
            let item = s.forgejo.repos[r]
                .items
                .get_mut(&number)
                .expect("a pull request");
            item.pull.as_mut().expect("a pull request").checking = attempts;
        });
    }

    /// How many approvals a merge needs.
    pub fn require_approvals(&self, repo: &str, number: u64, count: usize) {
        self.repo(repo, |s, r| {
            let item = s.forgejo.repos[r]
                .items
                .get_mut(&number)
                .expect("a pull request");
            item.pull
                .as_mut()
                .expect("a pull request")
                .approvals_required = count;
        });
    }

    /// An item's state (`merged` for a merged pull request), label names and comment bodies.
    pub fn item(&self, repo: &str, number: u64) -> (String, Vec<String>, Vec<String>) {
        self.repo(repo, |s, r| {
            let repo = &s.forgejo.repos[r];
            let item = &repo.items[&number];
            let merged = item.pull.as_ref().is_some_and(|p| p.merged.is_some());
            let state = if merged {
                "merged".to_owned()
            } else {
                item.state.clone()
            };
            let names = (repo.labels.iter()).filter(|(id, _)| item.labels.contains(id));
            let comments = repo.comments.iter().filter(|c| c.number == number);
            (
                state,
                names.map(|(_, n)| n.clone()).collect(),
                comments.map(|c| c.body.clone()).collect(),
            )
        })
    }
}
