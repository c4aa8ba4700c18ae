//! The client's JSON side: a GET or a write that must succeed, read as
//! the type the caller asks for, and every page of a listing. An answer
//! that is not a success becomes GitHub's error, with its status and words.

use http::Method;
use serde::de::DeserializeOwned;

use super::{Answer, Client, JSON};
use crate::error::GitHubError;

impl Client {
    /// GET that must succeed, parsed as `T`.
    pub async fn get_json<T: DeserializeOwned>(&self, path: &str) -> Result<T, GitHubError> {
        let answer = self.send(Method::GET, path, JSON, None).await?;
        parse(answer)
    }

    /// GET every page of a listing, up to [`MAX_PAGES`](super::MAX_PAGES). Returns the items
    /// and whether the listing was cut.
    pub async fn get_all<T: DeserializeOwned>(
        &self,
        path: &str,
    ) -> Result<(Vec<T>, bool), GitHubError> {
        let (items, cut, _) =
            crate::conditional::get_listing(self, path, crate::conditional::whole).await?;
        Ok((items, cut))
    }
}

/// Parses a successful answer, or turns an unsuccessful one into an error.
pub fn parse<T: DeserializeOwned>(answer: Answer) -> Result<T, GitHubError> {
    if !answer.status.is_success() {
        return Err(GitHubError::from_answer(&answer));
    }
    let body = if answer.body.is_empty() {
        b"null".as_slice()
    } else {
        &answer.body
    };
    serde_json::from_slice(body).map_err(GitHubError::shape)
}
