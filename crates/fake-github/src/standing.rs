//! Who an author is to a repository, as GitHub says it in `author_association` on every
//! issue, pull request, comment, review and review comment: the repository's owner is
//! `OWNER`; a login a test gave a standing ([`FakeGitHub::set_association`]) has it; anyone
//! else is a `COLLABORATOR`, so tests that never think about standing see trusted text.

use super::*;

/// The values GitHub documents for `author_association`.
pub const ASSOCIATIONS: [&str; 8] = [
    "COLLABORATOR",
    "CONTRIBUTOR",
    "FIRST_TIMER",
    "FIRST_TIME_CONTRIBUTOR",
    "MANNEQUIN",
    "MEMBER",
    "NONE",
    "OWNER",
];

impl FakeGitHub {
    /// Gives `login` the standing `association` (one of [`ASSOCIATIONS`]) in `repo`, for
    /// everything it wrote there, before and after.
    pub fn set_association(&self, repo: &str, login: &str, association: &str) {
        assert!(
            ASSOCIATIONS.contains(&association),
            "{association} is not an author_association GitHub documents"
        );
        let mut state = self.state();
        state
            .repo(repo)
            .associations
            .insert(login.to_ascii_lowercase(), association.to_owned());
    }
}

impl State {
    /// `login`'s `author_association` in the repository of `cx`.
    pub(super) fn association(&self, cx: &Cx, login: &str) -> String {
        let owner = cx.repo.split('/').next().unwrap_or_default();
        let set = self
            .repos
            .get(&cx.repo)
            .and_then(|r| r.associations.get(&login.to_ascii_lowercase()));
        match set {
            Some(association) => association.clone(),
            None if login.eq_ignore_ascii_case(owner) => "OWNER".to_owned(),
            None => "COLLABORATOR".to_owned(),
        }
    }
}

/// Sets `author_association` on an answer (every shape helm reads it from carries it).
pub(super) fn with_association(mut json: Value, association: String) -> Value {
    if let Some(fields) = json.as_object_mut() {
        fields.insert("author_association".into(), Value::String(association));
    }
    json
}
