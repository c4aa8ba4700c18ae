//! People, labels and teams as a payload names them: by their login, name and
//! slug alone, so a payload says who and what without a forge's objects.

use serde::{Deserialize, Serialize};

/// A person, by login.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct User {
    pub login: String,
}

/// A label, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Label {
    pub name: String,
}

/// A team, by slug.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Team {
    pub slug: String,
}
