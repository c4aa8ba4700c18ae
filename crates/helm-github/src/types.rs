//! GitHub's answers, read into helm's own types. Each type deserialises from
//! GitHub's snake_case JSON and serialises, for payloads, as helm's camelCase
//! with people as logins and labels as names.
//!
//! Reads are strict where GitHub's OpenAPI description is: a field it marks
//! required (in every operation helm reads the type from) must be present,
//! so a malformed answer is an error rather than a record of zeros and empty
//! strings. Required fields GitHub may set to null are `Option`s read with
//! [`present`]; fields it marks optional are defaulted.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A required field that may be null: present, with a value or null.
/// (serde would otherwise read a missing `Option` as `None`.)
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d)
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct User {
    pub login: String,
}

/// An issue's labels are objects whose `name` GitHub does not promise, or
/// plain strings; both are read.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(from = "LabelForm")]
pub struct Label {
    pub name: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum LabelForm {
    Name(String),
    Object {
        #[serde(default)]
        name: Option<String>,
    },
}

impl From<LabelForm> for Label {
    fn from(form: LabelForm) -> Label {
        let name = match form {
            LabelForm::Name(name) => name,
            LabelForm::Object { name } => name.unwrap_or_default(),
        };
        Label { name }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct Team {
    pub slug: String,
}

fn login<S: Serializer>(user: &Option<User>, s: S) -> Result<S::Ok, S::Error> {
    match user {
        Some(user) => s.serialize_str(&user.login),
        None => s.serialize_none(),
    }
}

fn logins<S: Serializer>(users: &[User], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(users.iter().map(|u| &u.login))
}

fn label_names<S: Serializer>(labels: &[Label], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(labels.iter().map(|l| &l.name))
}

fn team_slugs<S: Serializer>(teams: &[Team], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(teams.iter().map(|t| &t.slug))
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Issue {
    pub number: u64,
    pub title: String,
    pub state: String,
    #[serde(default)]
    pub state_reason: Option<String>,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    #[serde(deserialize_with = "present")]
    pub author: Option<User>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    #[serde(serialize_with = "label_names")]
    pub labels: Vec<Label>,
    #[serde(serialize_with = "logins")]
    #[serde(default)]
    pub assignees: Vec<User>,
    pub(crate) comments: u64,
    pub(crate) locked: bool,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) updated_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) closed_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(default)]
    pub(crate) body: Option<String>,
    /// Present when the "issue" is a pull request (the issues API returns both).
    #[serde(skip_serializing)]
    #[serde(default)]
    pub pull_request: Option<serde_json::Value>,
}

/// A comment on an issue or a pull request's conversation (GitHub's "issue
/// comment"), not a review's line comment.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct IssueComment {
    pub id: u64,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    #[serde(deserialize_with = "present")]
    pub author: Option<User>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) updated_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(default)]
    pub body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Branch {
    #[serde(rename = "ref")]
    pub name: String,
    pub sha: String,
    #[serde(deserialize_with = "present")]
    pub(crate) label: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Pull {
    pub number: u64,
    pub title: String,
    pub state: String,
    #[serde(default)]
    pub draft: Option<bool>,
    #[serde(default)]
    pub(crate) merged: Option<bool>,
    #[serde(default)]
    pub(crate) mergeable: Option<bool>,
    #[serde(default)]
    pub(crate) mergeable_state: Option<String>,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    #[serde(deserialize_with = "present")]
    pub author: Option<User>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    #[serde(serialize_with = "label_names")]
    pub labels: Vec<Label>,
    #[serde(serialize_with = "logins")]
    #[serde(default)]
    pub(crate) assignees: Vec<User>,
    #[serde(serialize_with = "logins")]
    #[serde(default)]
    pub requested_reviewers: Vec<User>,
    #[serde(serialize_with = "team_slugs")]
    #[serde(default)]
    pub requested_teams: Vec<Team>,
    pub head: Branch,
    pub base: Branch,
    #[serde(default)]
    pub(crate) additions: Option<u64>,
    #[serde(default)]
    pub(crate) deletions: Option<u64>,
    #[serde(default)]
    pub(crate) changed_files: Option<u64>,
    #[serde(default)]
    pub(crate) commits: Option<u64>,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub updated_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) closed_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) merged_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) merge_commit_sha: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PullFile {
    pub(crate) filename: String,
    pub(crate) status: String,
    pub(crate) additions: u64,
    pub(crate) deletions: u64,
    pub(crate) changes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default)]
    pub(crate) previous_filename: Option<String>,
    /// Kept only where a payload asks for patches.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default)]
    pub patch: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct App {
    #[serde(default)]
    pub slug: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CheckRun {
    pub id: u64,
    pub(crate) name: String,
    pub status: String,
    #[serde(deserialize_with = "present")]
    pub conclusion: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) started_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) completed_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub(crate) url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub app: Option<App>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Status {
    pub(crate) context: String,
    pub(crate) state: String,
    #[serde(deserialize_with = "present")]
    pub(crate) description: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) target_url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) updated_at: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CombinedStatus {
    pub state: String,
    pub statuses: Vec<Status>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Review {
    pub(crate) id: u64,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    #[serde(deserialize_with = "present")]
    pub(crate) author: Option<User>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    pub(crate) state: String,
    #[serde(default)]
    pub(crate) submitted_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) commit_id: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ReviewComment {
    pub id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default)]
    pub in_reply_to_id: Option<u64>,
    #[serde(deserialize_with = "present")]
    pub(crate) pull_request_review_id: Option<u64>,
    pub path: String,
    #[serde(default)]
    pub line: Option<u64>,
    #[serde(default)]
    pub original_line: Option<u64>,
    #[serde(default)]
    pub(crate) side: Option<String>,
    #[serde(deserialize_with = "present")]
    pub diff_hunk: Option<String>,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    #[serde(deserialize_with = "present")]
    pub author: Option<User>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub body: Option<String>,
}

/// The answer to a merge.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct MergeResult {
    #[serde(deserialize_with = "present")]
    pub sha: Option<String>,
    pub merged: bool,
    #[serde(deserialize_with = "present")]
    pub message: Option<String>,
}
