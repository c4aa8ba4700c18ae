//! GitHub's answers, read into helm's own types. Each type deserialises from
//! GitHub's snake_case JSON and serialises, for payloads, as helm's camelCase
//! with people as logins and labels as names. Every field is optional or
//! defaulted, so a missing or null field in an answer never fails a read.

use serde::{Deserialize, Serialize, Serializer};

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct User {
    pub login: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Label {
    pub name: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
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
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct Issue {
    pub number: u64,
    pub title: String,
    pub state: String,
    pub state_reason: Option<String>,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    pub author: Option<User>,
    #[serde(serialize_with = "label_names")]
    pub labels: Vec<Label>,
    #[serde(serialize_with = "logins")]
    pub assignees: Vec<User>,
    pub comments: u64,
    pub locked: bool,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub closed_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    pub url: Option<String>,
    pub body: Option<String>,
    /// Present when the "issue" is a pull request (the issues API returns both).
    #[serde(skip_serializing)]
    pub pull_request: Option<serde_json::Value>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct Comment {
    pub id: u64,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    pub author: Option<User>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    pub url: Option<String>,
    pub body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct Branch {
    #[serde(rename = "ref")]
    pub name: String,
    pub sha: String,
    pub label: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct Pull {
    pub number: u64,
    pub title: String,
    pub state: String,
    pub draft: Option<bool>,
    pub merged: Option<bool>,
    pub mergeable: Option<bool>,
    pub mergeable_state: Option<String>,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    pub author: Option<User>,
    #[serde(serialize_with = "label_names")]
    pub labels: Vec<Label>,
    #[serde(serialize_with = "logins")]
    pub assignees: Vec<User>,
    #[serde(serialize_with = "logins")]
    pub requested_reviewers: Vec<User>,
    #[serde(serialize_with = "team_slugs")]
    pub requested_teams: Vec<Team>,
    pub head: Branch,
    pub base: Branch,
    pub additions: Option<u64>,
    pub deletions: Option<u64>,
    pub changed_files: Option<u64>,
    pub commits: Option<u64>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub closed_at: Option<String>,
    pub merged_at: Option<String>,
    pub merge_commit_sha: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    pub url: Option<String>,
    pub body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct PullFile {
    pub filename: String,
    pub status: String,
    pub additions: u64,
    pub deletions: u64,
    pub changes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_filename: Option<String>,
    /// Kept only where a payload asks for patches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patch: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct App {
    pub slug: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct CheckRun {
    pub id: u64,
    pub name: String,
    pub status: String,
    pub conclusion: Option<String>,
    pub started_at: Option<String>,
    pub completed_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    pub url: Option<String>,
    pub app: Option<App>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct Status {
    pub context: String,
    pub state: String,
    pub description: Option<String>,
    pub target_url: Option<String>,
    pub updated_at: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct CombinedStatus {
    pub state: String,
    pub statuses: Vec<Status>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct Review {
    pub id: u64,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    pub author: Option<User>,
    pub state: String,
    pub submitted_at: Option<String>,
    pub commit_id: Option<String>,
    pub body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all(serialize = "camelCase"))]
pub struct ReviewComment {
    pub id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_id: Option<u64>,
    pub pull_request_review_id: Option<u64>,
    pub path: String,
    pub line: Option<u64>,
    pub original_line: Option<u64>,
    pub side: Option<String>,
    pub diff_hunk: Option<String>,
    #[serde(rename(deserialize = "user"), serialize_with = "login")]
    pub author: Option<User>,
    pub created_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    pub url: Option<String>,
    pub body: Option<String>,
}

/// The answer to a merge.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct MergeResult {
    pub sha: Option<String>,
    pub merged: bool,
    pub message: Option<String>,
}
