//! What a test (or the tour, through the `fake-github gitlab ...` subcommands) does to the
//! fake GitLab between a client's calls: seed projects, issues and merge requests, and act
//! as teammates (comment, open a diff thread, approve, push, run a pipeline), or make GitLab
//! slow to decide (`checking`) or strict (note limits).

use super::*;

/// The fake GitLab of a running fake server ([`FakeGitHub::gitlab`]).
pub struct GitLab<'a> {
    pub(in crate::gitlab) fake: &'a FakeGitHub,
}

impl FakeGitHub {
    /// The fake GitLab served by this same server under `/api/v4`.
    pub fn gitlab(&self) -> GitLab<'_> {
        GitLab { fake: self }
    }
}

impl GitLab<'_> {
    /// The API URL to give a client, e.g. `http://127.0.0.1:41234/api/v4`.
    pub fn url(&self) -> String {
        format!("{}/api/v4", self.fake.url())
    }

    pub fn token(&self) -> &'static str {
        GITLAB_TOKEN
    }

    fn with<T>(&self, act: impl FnOnce(&mut State) -> T) -> T {
        act(&mut self.fake.state())
    }

    /// Adds a project at `path` (`group/sub/project`), merging with merge commits; returns
    /// its numeric id. The token's user is a maintainer of it.
    pub fn add_project(&self, path: &str) -> u64 {
        self.with(|state| {
            let id = state.next_id();
            state.gitlab.projects.push(Project {
                id,
                path: path.to_owned(),
                merge_method: "merge".to_owned(),
                members: vec![(1, 40)],
                issues: BTreeMap::new(),
                mrs: BTreeMap::new(),
                notes: Vec::new(),
                pipelines: Vec::new(),
                jobs: Vec::new(),
                events: Vec::new(),
            });
            id
        })
    }

    fn project<T>(&self, path: &str, act: impl FnOnce(&mut State, usize) -> T) -> T {
        self.with(|state| {
            let p = (state.gitlab.project_index(path))
                .unwrap_or_else(|| panic!("the fake GitLab has no project {path}"));
            act(state, p)
        })
    }

    /// How the project merges: `merge`, `rebase_merge` or `ff`.
    pub fn set_merge_method(&self, project: &str, method: &str) {
        self.project(project, |s, p| {
            s.gitlab.projects[p].merge_method = method.to_owned()
        });
    }

    /// Makes `username` a member with `access_level` (10 guest ... 30 developer, 40
    /// maintainer, 50 owner); returns the user's id.
    pub fn add_member(&self, project: &str, username: &str, access_level: u32) -> u64 {
        self.project(project, |s, p| {
            let user = s.gitlab.user(username);
            let members = &mut s.gitlab.projects[p].members;
            members.retain(|(id, _)| *id != user);
            members.push((user, access_level));
            user
        })
    }

    /// Opens an issue by `SEED_AUTHOR`; returns its iid.
    pub fn add_issue(&self, project: &str, title: &str, description: &str) -> u64 {
        self.project(project, |s, p| {
            let (now, id) = (s.now(), s.next_id());
            let author = s.gitlab.user(SEED_AUTHOR);
            let project = &mut s.gitlab.projects[p];
            let iid = project.next_iid(Noteable::Issue);
            let issue = new_issue(id, iid, title, description, author, now);
            project.issues.insert(iid, issue);
            iid
        })
    }

    /// Opens a merge request by `SEED_AUTHOR` from `source` into `target`, changing one
    /// file; returns its iid.
    pub fn add_mr(&self, project: &str, title: &str, source: &str, target: &str) -> u64 {
        self.project(project, |s, p| {
            let (now, id, sha, base_sha) = (s.now(), s.next_id(), s.sha(), s.sha());
            let author = s.gitlab.user(SEED_AUTHOR);
            let project = &mut s.gitlab.projects[p];
            let iid = project.next_iid(Noteable::Mr);
            let mr = Mr {
                issue: new_issue(id, iid, title, "", author, now),
                source_branch: source.to_owned(),
                target_branch: target.to_owned(),
                sha,
                base_sha,
                reviewers: Vec::new(),
                approved_by: Vec::new(),
                approvals_required: 0,
                need_rebase: false,
                transient: None,
                files: vec![PrFile {
                    filename: "src/lib.rs".to_owned(),
                    status: "modified".to_owned(),
                    patch: "@@ -1 +1,2 @@\n pub fn feature() {}\n+pub fn more() {}\n".to_owned(),
                }],
                merged_by: None,
                merged_at: None,
                merge_commit_sha: None,
            };
            project.mrs.insert(iid, mr);
            iid
        })
    }

    /// `user` comments on an issue; returns the note's id.
    pub fn comment_on_issue(&self, project: &str, iid: u64, user: &str, body: &str) -> u64 {
        self.note(project, Noteable::Issue, iid, user, body, None)
    }

    /// `user` comments on a merge request (not on a line); returns the note's id.
    pub fn comment_on_mr(&self, project: &str, iid: u64, user: &str, body: &str) -> u64 {
        self.note(project, Noteable::Mr, iid, user, body, None)
    }

    /// `user` opens a resolvable thread on `path`:`line` of a merge request's diff;
    /// returns the discussion's id.
    pub fn open_thread(
        &self,
        project: &str,
        iid: u64,
        user: &str,
        path: &str,
        line: u64,
    ) -> String {
        let position = Some((path.to_owned(), line));
        let id = self.note(
            project,
            Noteable::Mr,
            iid,
            user,
            "Please look at this line.",
            position,
        );
        self.project(project, |s, p| {
            let notes = &s.gitlab.projects[p].notes;
            notes
                .iter()
                .find(|n| n.id == id)
                .map(|n| n.discussion.clone())
        })
        .unwrap_or_default()
    }

    fn note(
        &self,
        project: &str,
        on: Noteable,
        iid: u64,
        user: &str,
        body: &str,
        position: Option<(String, u64)>,
    ) -> u64 {
        self.project(project, |s, p| {
            let author = s.gitlab.user(user);
            issues::add_note(s, p, on, iid, author, body, None, position)
        })
    }

    /// Whether a thread is resolved now.
    pub fn thread_resolved(&self, project: &str, discussion: &str) -> bool {
        self.project(project, |s, p| {
            s.gitlab.thread_resolver(p, discussion).is_some()
        })
    }

    /// `user` approves a merge request.
    pub fn approve(&self, project: &str, iid: u64, user: &str) {
        self.mr(
            project,
            iid,
            |mr, user_id| {
                if !mr.approved_by.contains(&user_id) {
                    mr.approved_by.push(user_id);
                }
            },
            user,
        );
    }

    /// How many approvals the merge request needs.
    pub fn require_approvals(&self, project: &str, iid: u64, count: usize) {
        self.mr(
            project,
            iid,
            |mr, _| mr.approvals_required = count,
            SEED_AUTHOR,
        );
    }

    /// The target moved on: the merge request must be rebased (on a project that does not
    /// merge with merge commits).
    pub fn set_need_rebase(&self, project: &str, iid: u64, needed: bool) {
        self.mr(project, iid, |mr, _| mr.need_rebase = needed, SEED_AUTHOR);
    }

    /// GitLab is still computing: `status` (`checking`, `approvals_syncing`) for the next
    /// `reads` reads of the merge request, and merges are refused meanwhile.
    pub fn set_transient(&self, project: &str, iid: u64, status: &str, reads: usize) {
        let transient = Some((status.to_owned(), reads.max(1)));
        self.mr(project, iid, |mr, _| mr.transient = transient, SEED_AUTHOR);
    }

    /// Someone pushed to the source branch: a new head sha, returned.
    pub fn push(&self, project: &str, iid: u64) -> String {
        self.project(project, |s, p| {
            let (sha, now) = (s.sha(), s.now());
            let mr = s.gitlab.projects[p]
                .mrs
                .get_mut(&iid)
                .expect("a merge request");
            mr.sha = sha.clone();
            mr.issue.updated_at = now;
            sha
        })
    }

    /// A pipeline for the merge request's head with one job `test` of `status` (`running`,
    /// `success`, `failed`) and its `trace`; returns the pipeline's id.
    pub fn set_pipeline(&self, project: &str, iid: u64, status: &str, trace: &str) -> u64 {
        self.project(project, |s, p| {
            let (now, id, job) = (s.now(), s.next_id(), s.next_id());
            let project = &mut s.gitlab.projects[p];
            let mr = project.mrs.get(&iid).expect("a merge request");
            let (sha, git_ref) = (mr.sha.clone(), mr.source_branch.clone());
            let number = project.pipelines.len() as u64 + 1;
            project.pipelines.push(Pipeline {
                id,
                iid: number,
                sha,
                git_ref,
                status: status.to_owned(),
                created_at: now.clone(),
                updated_at: now.clone(),
            });
            project.jobs.push(Job {
                id: job,
                pipeline: id,
                name: "test".to_owned(),
                status: status.to_owned(),
                trace: trace.to_owned(),
                created_at: now,
            });
            id
        })
    }

    /// Notes a user may create in a minute (GitLab's default: 300).
    pub fn set_note_limit(&self, per_minute: usize) {
        self.with(|s| s.gitlab.note_limit = per_minute);
    }

    /// An issue's or merge request's (`mr`) state, labels and note bodies, as stored.
    pub fn item(&self, project: &str, mr: bool, iid: u64) -> (String, Vec<String>, Vec<String>) {
        let on = if mr { Noteable::Mr } else { Noteable::Issue };
        self.project(project, |s, p| {
            let project = &mut s.gitlab.projects[p];
            let item = project
                .item_mut(on, iid)
                .expect("an issue or merge request");
            let (state, labels) = (item.state.clone(), item.labels.clone());
            let notes = project.notes.iter().filter(|n| n.on == on && n.iid == iid);
            (state, labels, notes.map(|n| n.body.clone()).collect())
        })
    }

    fn mr(&self, project: &str, iid: u64, act: impl FnOnce(&mut Mr, u64), user: &str) {
        self.project(project, |s, p| {
            let (user, now) = (s.gitlab.user(user), s.now());
            let mr = s.gitlab.projects[p]
                .mrs
                .get_mut(&iid)
                .expect("a merge request");
            act(mr, user);
            mr.issue.updated_at = now;
        });
    }
}

fn new_issue(id: u64, iid: u64, title: &str, description: &str, author: u64, now: String) -> Issue {
    Issue {
        id,
        iid,
        title: title.to_owned(),
        description: description.to_owned(),
        state: "opened".to_owned(),
        labels: Vec::new(),
        author,
        created_at: now.clone(),
        updated_at: now,
        closed_at: None,
    }
}
