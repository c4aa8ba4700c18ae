//! The body of a REST write in GitHub's field names, one struct for every
//! action's request: the fields an action leaves `None` are not sent, so each
//! planned write carries exactly the bytes GitHub has always been sent.

use helm_forge::ForgeWrite;
use helm_model::error::Result;
use serde::Serialize;

use super::write::planned;
use crate::client::Client;

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
    /// The write of this body to the repository's `tail` (`/issues/42`):
    /// the one REST write most actions make.
    pub(super) fn write(
        &self,
        client: &Client,
        method: &'static str,
        tail: &str,
    ) -> Result<ForgeWrite> {
        planned(method, client.repo_path(tail), self)
    }
}
