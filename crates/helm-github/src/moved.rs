//! A repository GitHub answers for under another name: what the client
//! notes when a request is redirected, for the caller to tell the user.

/// A repository GitHub says has moved: `to` is `OWNER/NAME` when its
/// redirect named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedRepo {
    pub(crate) from: String,
    pub to: Option<String>,
}

impl MovedRepo {
    /// What to tell the user, who should switch to the new name.
    pub fn warning(&self) -> String {
        match &self.to {
            Some(to) => format!("GitHub moved {} to {to}; use --repo {to}", self.from),
            None => format!(
                "GitHub moved {} (it answers under a repository id); \
                 find its new name on GitHub and use --repo with it",
                self.from
            ),
        }
    }
}
