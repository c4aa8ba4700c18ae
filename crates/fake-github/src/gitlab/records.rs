//! The fake GitLab's stored world: users, projects and what each holds. Knows no HTTP.

use super::*;

pub(in crate::gitlab) struct User {
    pub(in crate::gitlab) id: u64,
    pub(in crate::gitlab) username: String,
}

/// Where a note or an event belongs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::gitlab) enum Noteable {
    Issue,
    Mr,
}

pub(in crate::gitlab) struct Project {
    pub(in crate::gitlab) id: u64,
    /// `group/sub/project`.
    pub(in crate::gitlab) path: String,
    /// `merge`, `rebase_merge` or `ff`: how the project merges.
    pub(in crate::gitlab) merge_method: String,
    /// (user id, access level: 10 guest, 20 reporter, 30 developer, 40 maintainer, 50 owner).
    pub(in crate::gitlab) members: Vec<(u64, u32)>,
    pub(in crate::gitlab) issues: BTreeMap<u64, Issue>,
    pub(in crate::gitlab) mrs: BTreeMap<u64, Mr>,
    pub(in crate::gitlab) notes: Vec<Note>,
    pub(in crate::gitlab) pipelines: Vec<Pipeline>,
    pub(in crate::gitlab) jobs: Vec<Job>,
    pub(in crate::gitlab) events: Vec<Event>,
}

pub(in crate::gitlab) struct Issue {
    pub(in crate::gitlab) id: u64,
    pub(in crate::gitlab) iid: u64,
    pub(in crate::gitlab) title: String,
    pub(in crate::gitlab) description: String,
    /// `opened` or `closed`.
    pub(in crate::gitlab) state: String,
    pub(in crate::gitlab) labels: Vec<String>,
    pub(in crate::gitlab) author: u64,
    pub(in crate::gitlab) created_at: String,
    pub(in crate::gitlab) updated_at: String,
    pub(in crate::gitlab) closed_at: Option<String>,
}

pub(in crate::gitlab) struct Mr {
    pub(in crate::gitlab) issue: Issue,
    pub(in crate::gitlab) source_branch: String,
    pub(in crate::gitlab) target_branch: String,
    pub(in crate::gitlab) sha: String,
    pub(in crate::gitlab) base_sha: String,
    pub(in crate::gitlab) reviewers: Vec<u64>,
    pub(in crate::gitlab) approved_by: Vec<u64>,
    pub(in crate::gitlab) approvals_required: usize,
    /// The target moved on: the source must be rebased before it can merge.
    pub(in crate::gitlab) need_rebase: bool,
    /// A transient status GitLab is still computing (`checking`, `approvals_syncing`), for
    /// as many reads as `checking_reads` says.
    pub(in crate::gitlab) transient: Option<(String, usize)>,
    pub(in crate::gitlab) files: Vec<PrFile>,
    pub(in crate::gitlab) merged_by: Option<u64>,
    pub(in crate::gitlab) merged_at: Option<String>,
    pub(in crate::gitlab) merge_commit_sha: Option<String>,
}

pub(in crate::gitlab) struct Note {
    pub(in crate::gitlab) id: u64,
    pub(in crate::gitlab) on: Noteable,
    pub(in crate::gitlab) iid: u64,
    /// The discussion (thread) it belongs to: 40 hex digits.
    pub(in crate::gitlab) discussion: String,
    /// A note that opened its own discussion (`individual_note`).
    pub(in crate::gitlab) individual: bool,
    pub(in crate::gitlab) body: String,
    pub(in crate::gitlab) author: u64,
    pub(in crate::gitlab) created_at: String,
    pub(in crate::gitlab) updated_at: String,
    pub(in crate::gitlab) system: bool,
    /// A diff note: (path, line); its discussion is resolvable.
    pub(in crate::gitlab) position: Option<(String, u64)>,
    pub(in crate::gitlab) resolved_by: Option<u64>,
}

pub(in crate::gitlab) struct Pipeline {
    pub(in crate::gitlab) id: u64,
    pub(in crate::gitlab) iid: u64,
    pub(in crate::gitlab) sha: String,
    pub(in crate::gitlab) git_ref: String,
    pub(in crate::gitlab) status: String,
    pub(in crate::gitlab) created_at: String,
    pub(in crate::gitlab) updated_at: String,
}

pub(in crate::gitlab) struct Job {
    pub(in crate::gitlab) id: u64,
    pub(in crate::gitlab) pipeline: u64,
    pub(in crate::gitlab) name: String,
    pub(in crate::gitlab) status: String,
    pub(in crate::gitlab) trace: String,
    pub(in crate::gitlab) created_at: String,
}

/// A resource label event (`label`: `add`/`remove`) or state event (`state`).
pub(in crate::gitlab) struct Event {
    pub(in crate::gitlab) id: u64,
    pub(in crate::gitlab) on: Noteable,
    pub(in crate::gitlab) iid: u64,
    pub(in crate::gitlab) user: u64,
    pub(in crate::gitlab) created_at: String,
    pub(in crate::gitlab) label: Option<(String, String)>,
    pub(in crate::gitlab) state: Option<String>,
}

/// The fake GitLab's world.
pub(crate) struct GitLabWorld {
    pub(in crate::gitlab) users: Vec<User>,
    pub(in crate::gitlab) projects: Vec<Project>,
    /// Notes a user may create in a minute of the fake's clock (GitLab's default: 300).
    pub(in crate::gitlab) note_limit: usize,
    /// (user, when, in seconds) of each note created: the limit's window.
    pub(in crate::gitlab) noted: Vec<(u64, i64)>,
}

impl Default for GitLabWorld {
    fn default() -> Self {
        GitLabWorld {
            users: vec![User {
                id: 1,
                username: GITLAB_VIEWER.to_owned(),
            }],
            projects: Vec::new(),
            note_limit: 300,
            noted: Vec::new(),
        }
    }
}

impl GitLabWorld {
    pub(in crate::gitlab) fn viewer(&self) -> u64 {
        1
    }

    /// The user named `username`, made on first mention (ids follow on from the viewer's).
    pub(in crate::gitlab) fn user(&mut self, username: &str) -> u64 {
        if let Some(user) = self.users.iter().find(|u| u.username == username) {
            return user.id;
        }
        let id = self.users.len() as u64 + 1;
        self.users.push(User {
            id,
            username: username.to_owned(),
        });
        id
    }

    pub(in crate::gitlab) fn username(&self, id: u64) -> &str {
        self.users
            .iter()
            .find(|u| u.id == id)
            .map_or("ghost", |u| u.username.as_str())
    }

    /// A project by numeric id or by (decoded) path, as GitLab addresses them.
    pub(in crate::gitlab) fn project_index(&self, id_or_path: &str) -> Option<usize> {
        self.projects
            .iter()
            .position(|p| p.path.eq_ignore_ascii_case(id_or_path) || p.id.to_string() == id_or_path)
    }
}

impl Project {
    pub(in crate::gitlab) fn issue(&self, iid: u64) -> Result<&Issue, Reply> {
        self.issues.get(&iid).ok_or_else(|| not_found("Issue"))
    }

    pub(in crate::gitlab) fn mr(&self, iid: u64) -> Result<&Mr, Reply> {
        self.mrs.get(&iid).ok_or_else(|| not_found("Merge Request"))
    }

    pub(in crate::gitlab) fn next_iid(&self, on: Noteable) -> u64 {
        match on {
            Noteable::Issue => self.issues.keys().last().map_or(1, |n| n + 1),
            Noteable::Mr => self.mrs.keys().last().map_or(1, |n| n + 1),
        }
    }

    /// The issue or the merge request's issue-like part, to change.
    pub(in crate::gitlab) fn item_mut(&mut self, on: Noteable, iid: u64) -> Option<&mut Issue> {
        match on {
            Noteable::Issue => self.issues.get_mut(&iid),
            Noteable::Mr => self.mrs.get_mut(&iid).map(|mr| &mut mr.issue),
        }
    }
}

/// A discussion id as GitLab writes one: 40 hex digits.
pub(in crate::gitlab) fn discussion_id(seed: u64) -> String {
    format!("{:040x}", seed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}
