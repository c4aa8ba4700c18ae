//! A repository a forge answers for under another name: what the client
//! notes when a request is redirected, for the caller to tell the user.
//! Which redirect names another repository is the forge crate's to read
//! (its paths), through the [`Mover`] it gives the client.

use std::sync::Arc;

/// A repository the forge says has moved: `to` is its new path when the
/// redirect named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedRepo {
    /// The forge's name, as the user reads it ("GitHub").
    pub forge: &'static str,
    pub from: String,
    pub to: Option<String>,
}

/// Reads a followed redirect's path (relative to the API base): the move
/// it shows, or `None` when it names no other repository.
pub type Mover = Arc<dyn Fn(&str) -> Option<MovedRepo> + Send + Sync>;

impl MovedRepo {
    /// What to tell the user, who should switch to the new name.
    pub fn warning(&self) -> String {
        let forge = self.forge;
        match &self.to {
            Some(to) => format!("{forge} moved {} to {to}; use --repo {to}", self.from),
            None => format!(
                "{forge} moved {} (it answers under a repository id); \
                 find its new name on {forge} and use --repo with it",
                self.from
            ),
        }
    }
}
