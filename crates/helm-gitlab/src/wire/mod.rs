//! GitLab's answers as REST v4 documents them, read strictly: only the fields
//! helm reads, each required unless GitLab's documentation says it may be
//! missing or null. Request bodies are in [`bodies`]. Nothing here knows
//! helm's shapes; `look/` turns these into them.

pub(crate) mod bodies;

use serde::Deserialize;

/// A user as GitLab embeds one (`author`, `assignees[]`, `merge_user`).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct GitLabUser {
    pub(crate) id: u64,
    pub(crate) username: String,
}

/// `GET /projects/:id`: what a merge and a new merge request need.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabProject {
    #[serde(default)]
    pub(crate) default_branch: Option<String>,
    /// `merge`, `rebase_merge` or `ff`.
    pub(crate) merge_method: String,
    /// `never`, `always`, `default_on` or `default_off`; older servers omit it.
    #[serde(default)]
    pub(crate) squash_option: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabIssue {
    pub(crate) iid: u64,
    pub(crate) title: String,
    #[serde(default)]
    pub(crate) description: Option<String>,
    /// `opened` or `closed`.
    pub(crate) state: String,
    pub(crate) author: GitLabUser,
    pub(crate) labels: Vec<String>,
    #[serde(default)]
    pub(crate) assignees: Vec<GitLabUser>,
    #[serde(default)]
    pub(crate) user_notes_count: u64,
    #[serde(default)]
    pub(crate) discussion_locked: Option<bool>,
    pub(crate) created_at: Option<String>,
    pub(crate) updated_at: Option<String>,
    #[serde(default)]
    pub(crate) closed_at: Option<String>,
    pub(crate) web_url: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabDiffRefs {
    pub(crate) base_sha: Option<String>,
    pub(crate) head_sha: Option<String>,
}

/// A merge request, as one (`GET …/merge_requests/:iid`) or listed.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabMr {
    pub(crate) iid: u64,
    pub(crate) title: String,
    #[serde(default)]
    pub(crate) description: Option<String>,
    /// `opened`, `closed`, `locked` or `merged`.
    pub(crate) state: String,
    pub(crate) author: GitLabUser,
    pub(crate) labels: Vec<String>,
    #[serde(default)]
    pub(crate) assignees: Vec<GitLabUser>,
    #[serde(default)]
    pub(crate) reviewers: Vec<GitLabUser>,
    #[serde(default)]
    pub(crate) draft: bool,
    pub(crate) source_branch: String,
    pub(crate) target_branch: String,
    /// The head; `diff_refs.head_sha` says it too.
    #[serde(default)]
    pub(crate) sha: Option<String>,
    #[serde(default)]
    pub(crate) diff_refs: Option<GitLabDiffRefs>,
    #[serde(default)]
    pub(crate) detailed_merge_status: Option<String>,
    /// A count as text, `"1000+"` when GitLab capped it.
    #[serde(default)]
    pub(crate) changes_count: Option<String>,
    pub(crate) created_at: Option<String>,
    pub(crate) updated_at: Option<String>,
    #[serde(default)]
    pub(crate) closed_at: Option<String>,
    #[serde(default)]
    pub(crate) merged_at: Option<String>,
    #[serde(default)]
    pub(crate) merge_commit_sha: Option<String>,
    #[serde(default)]
    pub(crate) squash_commit_sha: Option<String>,
    #[serde(default)]
    pub(crate) merge_user: Option<GitLabUser>,
    #[serde(default)]
    pub(crate) merged_by: Option<GitLabUser>,
    pub(crate) web_url: String,
}

impl GitLabMr {
    /// The head sha: `sha`, else `diff_refs.head_sha`.
    pub(crate) fn head(&self) -> Option<&str> {
        self.sha
            .as_deref()
            .or_else(|| self.diff_refs.as_ref()?.head_sha.as_deref())
    }

    /// Who merged it: `merge_user`, else the deprecated `merged_by`.
    pub(crate) fn merger(&self) -> Option<&GitLabUser> {
        self.merge_user.as_ref().or(self.merged_by.as_ref())
    }
}

/// A diff note's place in the diff.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabPosition {
    pub(crate) new_path: Option<String>,
    #[serde(default)]
    pub(crate) old_path: Option<String>,
    #[serde(default)]
    pub(crate) new_line: Option<u64>,
    #[serde(default)]
    pub(crate) old_line: Option<u64>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabNote {
    pub(crate) id: u64,
    pub(crate) body: String,
    pub(crate) author: GitLabUser,
    pub(crate) created_at: Option<String>,
    #[serde(default)]
    pub(crate) updated_at: Option<String>,
    pub(crate) system: bool,
    /// `DiffNote`, `DiscussionNote` or null.
    #[serde(default, rename = "type")]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) resolvable: bool,
    #[serde(default)]
    pub(crate) resolved: Option<bool>,
    #[serde(default)]
    pub(crate) resolved_by: Option<GitLabUser>,
    #[serde(default)]
    pub(crate) position: Option<GitLabPosition>,
}

impl GitLabNote {
    /// A note on a line of the diff: a review thread's, not the conversation's.
    pub(crate) fn on_the_diff(&self) -> bool {
        self.position.is_some() || self.kind.as_deref() == Some("DiffNote")
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabDiscussion {
    pub(crate) id: String,
    pub(crate) notes: Vec<GitLabNote>,
}

impl GitLabDiscussion {
    /// Resolved when every resolvable note is (GitLab resolves them together).
    pub(crate) fn resolved(&self) -> bool {
        let mut resolvable = self.notes.iter().filter(|n| n.resolvable).peekable();
        resolvable.peek().is_some() && resolvable.all(|n| n.resolved == Some(true))
    }

    pub(crate) fn resolver(&self) -> Option<&GitLabUser> {
        self.notes.iter().find_map(|n| n.resolved_by.as_ref())
    }
}

/// One file of `GET …/merge_requests/:iid/diffs`.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabFileDiff {
    pub(crate) old_path: String,
    pub(crate) new_path: String,
    pub(crate) diff: String,
    pub(crate) new_file: bool,
    pub(crate) renamed_file: bool,
    pub(crate) deleted_file: bool,
    #[serde(default)]
    pub(crate) too_large: Option<bool>,
    #[serde(default)]
    pub(crate) collapsed: Option<bool>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabApprover {
    pub(crate) user: GitLabUser,
}

/// `GET …/merge_requests/:iid/approvals`.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabApprovals {
    pub(crate) approved_by: Vec<GitLabApprover>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabPipeline {
    pub(crate) id: u64,
    pub(crate) sha: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabJob {
    pub(crate) id: u64,
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) stage: Option<String>,
    pub(crate) status: String,
    #[serde(default)]
    pub(crate) allow_failure: bool,
    #[serde(default)]
    pub(crate) started_at: Option<String>,
    #[serde(default)]
    pub(crate) finished_at: Option<String>,
    pub(crate) web_url: Option<String>,
}

/// One of `GET /projects/:id/members/all`.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabMember {
    pub(crate) id: u64,
    pub(crate) access_level: u32,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GitLabLabelName {
    pub(crate) name: String,
}

/// One of `GET …/resource_label_events`.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabLabelEvent {
    pub(crate) user: Option<GitLabUser>,
    pub(crate) created_at: Option<String>,
    /// `add` or `remove`.
    pub(crate) action: String,
    pub(crate) label: Option<GitLabLabelName>,
}

/// One of `GET …/resource_state_events`.
#[derive(Debug, Deserialize)]
pub(crate) struct GitLabStateEvent {
    pub(crate) user: Option<GitLabUser>,
    pub(crate) created_at: Option<String>,
    /// `closed`, `reopened`, `merged`, …
    pub(crate) state: String,
}

/// GitLab's error document: `{"message": …}` (text, a list, or fields with
/// their problems) or `{"error": "…"}`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct GitLabRefusal {
    #[serde(default)]
    pub(crate) message: Option<serde_json::Value>,
    #[serde(default)]
    pub(crate) error: Option<String>,
}

impl GitLabRefusal {
    /// What GitLab said, on one line.
    pub(crate) fn said(&self) -> Option<String> {
        fn flat(value: &serde_json::Value, out: &mut Vec<String>) {
            match value {
                serde_json::Value::String(s) => out.push(s.clone()),
                serde_json::Value::Array(items) => items.iter().for_each(|v| flat(v, out)),
                serde_json::Value::Object(fields) => {
                    for (name, v) in fields {
                        let mut inner = Vec::new();
                        flat(v, &mut inner);
                        out.push(format!("{name} {}", inner.join(", ")));
                    }
                }
                serde_json::Value::Null => {}
                other => out.push(other.to_string()),
            }
        }
        let mut out = Vec::new();
        if let Some(message) = &self.message {
            flat(message, &mut out);
        }
        out.extend(self.error.clone());
        let text = out.join("; ");
        let text: String = text.chars().filter(|c| !c.is_control()).take(300).collect();
        (!text.trim().is_empty()).then_some(text)
    }
}
