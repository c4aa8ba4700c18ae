//! Which forge: [`ForgeName`], the one word each forge has in targets, messages,
//! `--forge` and `HELM_FORGE`. Its own file because everything else in the seam
//! names it (the capability tables, the registry, the `Forge` trait).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which forge: the name in targets (`"forge": "gitlab"`), messages and `--forge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ForgeName {
    GitHub,
    GitLab,
    Forgejo,
}

impl ForgeName {
    /// Every forge helm knows, in the order messages list them.
    pub const ALL: [ForgeName; 3] = [ForgeName::GitHub, ForgeName::GitLab, ForgeName::Forgejo];

    /// The name as `--forge`, `HELM_FORGE` and targets spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ForgeName::GitHub => "github",
            ForgeName::GitLab => "gitlab",
            ForgeName::Forgejo => "forgejo",
        }
    }

    /// The forge a name spells, in any ASCII case; `None` for another word.
    pub fn parse(text: &str) -> Option<ForgeName> {
        let text = text.trim();
        ForgeName::ALL
            .into_iter()
            .find(|name| name.as_str().eq_ignore_ascii_case(text))
    }

    /// The kind of a failure on this forge: GitHub's stay `github`, as they
    /// always were; every other forge's are `forge` (ADR 0023).
    pub fn failure_kind(self) -> helm_model::error::Kind {
        match self {
            ForgeName::GitHub => helm_model::error::Kind::GitHub,
            ForgeName::GitLab | ForgeName::Forgejo => helm_model::error::Kind::Forge,
        }
    }

    /// Whether a steer's entry names the forge and its host beside `repo`:
    /// every forge's but GitHub's, whose entries were written before helm
    /// knew another forge and keep their bytes (ADR 0006).
    pub fn entries_name_place(self) -> bool {
        self != ForgeName::GitHub
    }
}

impl fmt::Display for ForgeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForgeName::GitHub => "GitHub",
            ForgeName::GitLab => "GitLab",
            ForgeName::Forgejo => "Forgejo",
        })
    }
}
