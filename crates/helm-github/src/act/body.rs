//! The body of a REST write in GitHub's field names, one struct for every
//! action's request: the fields an action leaves `None` are not sent, so each
//! request carries exactly the bytes GitHub has always been sent.

use http::Method;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::client::Client;
use crate::error::GitHubError;

#[derive(Default, Serialize)]
pub(super) struct WriteBody<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) body: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) state: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) state_reason: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) labels: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) assignees: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) head: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) base: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) draft: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reviewers: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) team_reviewers: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) merge_method: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) sha: Option<&'a str>,
}

impl WriteBody<'_> {
    /// The body as the client sends it.
    pub(super) fn json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Sends the body to the repository's `tail` (`/issues/42`) and reads
    /// GitHub's answer as `T`: the one REST write most actions make.
    pub(super) async fn send<T: DeserializeOwned>(
        &self,
        client: &Client,
        method: Method,
        tail: &str,
    ) -> Result<T, GitHubError> {
        client
            .write(method, &client.repo_path(tail), &self.json())
            .await
    }
}
