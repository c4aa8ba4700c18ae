//! Who the token acts as: `GET /user`, GitHub's own word for the account
//! (the steer's `actor`, and the author a lost answer's trace must have).
//! Its path is GitHub's, so it lives here, not in the core that asks.

use serde::Deserialize;

use crate::client::Client;
use crate::error::GitHubError;

#[derive(Deserialize)]
struct Viewer {
    login: String,
}

impl Client {
    /// The login of the account the token acts as. The answer's `Date` is
    /// GitHub's clock, which the client keeps as for every answer.
    pub async fn viewer(&self) -> Result<String, GitHubError> {
        let viewer: Viewer = self.get_json("/user").await?;
        Ok(viewer.login)
    }
}
