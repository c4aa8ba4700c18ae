//! The fake Forgejo's stored world: users, repositories and what each holds. Knows no HTTP.

use super::*;

pub(in crate::forgejo) struct Repo {
    pub(in crate::forgejo) id: u64,
    /// `owner/name`.
    pub(in crate::forgejo) full_name: String,
    /// (id, name) of the repository's labels.
    pub(in crate::forgejo) labels: Vec<(u64, String)>,
    /// (user id, `read`/`write`/`admin`).
    pub(in crate::forgejo) collaborators: Vec<(u64, String)>,
    /// The merge styles (`Do`) the repository allows.
    pub(in crate::forgejo) merge_styles: Vec<String>,
    pub(in crate::forgejo) items: BTreeMap<u64, Item>,
    pub(in crate::forgejo) comments: Vec<Comment>,
    pub(in crate::forgejo) reviews: Vec<Review>,
    pub(in crate::forgejo) statuses: Vec<Status>,
    pub(in crate::forgejo) runs: Vec<Run>,
    pub(in crate::forgejo) timeline: Vec<Happening>,
}

/// An issue, or a pull request when `pull` is set (one number sequence, as on Forgejo).
pub(in crate::forgejo) struct Item {
    pub(in crate::forgejo) id: u64,
    pub(in crate::forgejo) number: u64,
    pub(in crate::forgejo) title: String,
    pub(in crate::forgejo) body: String,
    /// `open` or `closed`.
    pub(in crate::forgejo) state: String,
    pub(in crate::forgejo) labels: Vec<u64>,
    pub(in crate::forgejo) user: u64,
    pub(in crate::forgejo) created_at: String,
    pub(in crate::forgejo) updated_at: String,
    pub(in crate::forgejo) closed_at: Option<String>,
    pub(in crate::forgejo) pull: Option<Pull>,
}

pub(in crate::forgejo) struct Pull {
    pub(in crate::forgejo) head_ref: String,
    pub(in crate::forgejo) head_sha: String,
    pub(in crate::forgejo) base_ref: String,
    pub(in crate::forgejo) base_sha: String,
    pub(in crate::forgejo) merged: Option<(u64, String, String)>,
    pub(in crate::forgejo) requested: Vec<u64>,
    pub(in crate::forgejo) files: Vec<PrFile>,
    /// Merge attempts still answered 405 "Please try again later" (mergeability pending).
    pub(in crate::forgejo) checking: usize,
    pub(in crate::forgejo) approvals_required: usize,
}

pub(in crate::forgejo) struct Comment {
    pub(in crate::forgejo) id: u64,
    pub(in crate::forgejo) number: u64,
    pub(in crate::forgejo) user: u64,
    pub(in crate::forgejo) body: String,
    pub(in crate::forgejo) created_at: String,
    pub(in crate::forgejo) updated_at: String,
}

pub(in crate::forgejo) struct Review {
    pub(in crate::forgejo) id: u64,
    pub(in crate::forgejo) number: u64,
    pub(in crate::forgejo) user: u64,
    /// `APPROVED`, `REQUEST_CHANGES`, `COMMENT` or `REQUEST_REVIEW`.
    pub(in crate::forgejo) state: String,
    pub(in crate::forgejo) body: String,
    pub(in crate::forgejo) commit_id: String,
    pub(in crate::forgejo) submitted_at: String,
    /// (id, path, line, body) of its inline comments.
    pub(in crate::forgejo) comments: Vec<(u64, String, u64, String)>,
}

pub(in crate::forgejo) struct Status {
    pub(in crate::forgejo) id: u64,
    pub(in crate::forgejo) sha: String,
    pub(in crate::forgejo) context: String,
    /// `pending`, `success`, `error`, `failure` or `warning`.
    pub(in crate::forgejo) state: String,
    pub(in crate::forgejo) created_at: String,
}

/// An Actions run of one job, with that job's log.
pub(in crate::forgejo) struct Run {
    pub(in crate::forgejo) id: u64,
    pub(in crate::forgejo) index: u64,
    pub(in crate::forgejo) sha: String,
    pub(in crate::forgejo) git_ref: String,
    pub(in crate::forgejo) status: String,
    pub(in crate::forgejo) job_id: u64,
    pub(in crate::forgejo) log: String,
    pub(in crate::forgejo) created: String,
}

/// One entry of an issue's timeline other than a comment: `label` (with the label and
/// whether it was added), `close`, `reopen`, `change_title` (with the titles), `merge_pull`,
/// `review_request` (with the reviewer).
pub(in crate::forgejo) struct Happening {
    pub(in crate::forgejo) id: u64,
    pub(in crate::forgejo) number: u64,
    pub(in crate::forgejo) kind: &'static str,
    pub(in crate::forgejo) user: u64,
    pub(in crate::forgejo) label: Option<(u64, bool)>,
    /// The reviewer a `review_request` asked (the timeline's `assignee`).
    pub(in crate::forgejo) assignee: Option<u64>,
    /// The title before and after a `change_title`.
    pub(in crate::forgejo) titles: Option<(String, String)>,
    pub(in crate::forgejo) created_at: String,
}

/// The fake Forgejo's world.
pub(crate) struct ForgejoWorld {
    /// Logins; a user's id is its place here plus one (the token's user is 1).
    pub(in crate::forgejo) users: Vec<String>,
    pub(in crate::forgejo) repos: Vec<Repo>,
}

impl Default for ForgejoWorld {
    fn default() -> Self {
        ForgejoWorld {
            users: vec![FORGEJO_VIEWER.to_owned()],
            repos: Vec::new(),
        }
    }
}

impl ForgejoWorld {
    pub(in crate::forgejo) fn viewer(&self) -> u64 {
        1
    }

    pub(in crate::forgejo) fn user(&mut self, login: &str) -> u64 {
        match self.find_user(login) {
            Some(id) => id,
            None => {
                self.users.push(login.to_owned());
                self.users.len() as u64
            }
        }
    }

    pub(in crate::forgejo) fn find_user(&self, login: &str) -> Option<u64> {
        let at = self
            .users
            .iter()
            .position(|u| u.eq_ignore_ascii_case(login))?;
        Some(at as u64 + 1)
    }

    pub(in crate::forgejo) fn login(&self, id: u64) -> &str {
        let at = usize::try_from(id.saturating_sub(1)).unwrap_or(usize::MAX);
        self.users.get(at).map_or("Ghost", String::as_str)
    }

    pub(in crate::forgejo) fn repo_index(&self, full_name: &str) -> Option<usize> {
        self.repos
            .iter()
            .position(|r| r.full_name.eq_ignore_ascii_case(full_name))
    }
}

impl Repo {
    pub(in crate::forgejo) fn item(&self, number: u64) -> Result<&Item, Reply> {
        self.items.get(&number).ok_or_else(not_found)
    }

    pub(in crate::forgejo) fn pull(&self, number: u64) -> Result<(&Item, &Pull), Reply> {
        let item = self.item(number)?;
        Ok((item, item.pull.as_ref().ok_or_else(not_found)?))
    }

    /// A label by id or by name, as the API's `identifier` and `labels` allow.
    pub(in crate::forgejo) fn label(&self, identifier: &str) -> Option<u64> {
        let by_id = identifier.parse::<u64>().ok();
        let found = self
            .labels
            .iter()
            .find(|(id, name)| Some(*id) == by_id || name == identifier);
        found.map(|(id, _)| *id)
    }

    /// The combined state of `sha`'s statuses, the latest per context: any failure or
    /// error wins, then pending; empty when there are none.
    pub(in crate::forgejo) fn combined(&self, sha: &str) -> (String, Vec<&Status>) {
        let mut latest: Vec<&Status> = Vec::new();
        for status in self.statuses.iter().rev().filter(|s| s.sha == sha) {
            if !latest.iter().any(|s| s.context == status.context) {
                latest.push(status);
            }
        }
        let has = |state: &str| latest.iter().any(|s| s.state == state);
        let state = if latest.is_empty() {
            ""
        } else if has("error") {
            "error"
        } else if has("failure") {
            "failure"
        } else if has("pending") {
            "pending"
        } else if has("warning") {
            "warning"
        } else {
            "success"
        };
        (state.to_owned(), latest)
    }
}
