//! The JSON error document, `{"error": {kind, message, hint?, …facts}}`:
//! what `--json` prints on stderr and an MCP tool error carries, one type
//! for both so they cannot drift. A program reads the error's facts here
//! rather than from its sentence: the voyage, what GitHub answered
//! (`githubStatus`, byte for byte what scripts read before other forges),
//! what GitLab or Forgejo answered (`forge`, `forgeStatus`), and what a
//! forge cannot do (`forge`, `action`, `missing`). Front ends render the
//! words; this file only places them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Fact};

/// `{"error": {kind, message, hint?, voyage?, githubStatus?, forge?, forgeStatus?, action?, missing?}}`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ErrorDoc<'a> {
    pub(crate) error: ErrorBody<'a>,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ErrorBody<'a> {
    pub(crate) kind: &'a str,
    pub(crate) message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hint: Option<&'a str>,
    /// The voyage it is about, as given (a prefix) or as its id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) voyage: Option<&'a str>,
    /// GitHub's HTTP status, when GitHub answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) github_status: Option<u16>,
    /// The forge that failed or cannot do the action (`gitlab`, `forgejo`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) forge: Option<&'a str>,
    /// That forge's HTTP status, when it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) forge_status: Option<u16>,
    /// The action the forge cannot do exactly (`unsupported`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) action: Option<&'a str>,
    /// The part of it the forge lacks (`unsupported`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) missing: Option<&'a str>,
}

impl<'a> ErrorBody<'a> {
    /// The body of an error whose facts are not this document's to give
    /// (one voyage's refusal inside a larger document).
    pub(crate) fn words(kind: &'a str, message: &'a str, hint: Option<&'a str>) -> Self {
        ErrorBody {
            kind,
            message,
            hint,
            voyage: None,
            github_status: None,
            forge: None,
            forge_status: None,
            action: None,
            missing: None,
        }
    }
}

impl<'a> ErrorDoc<'a> {
    /// The document of `err`, its words as a front end rendered them; each
    /// field from the first fact that gives it.
    pub(crate) fn of(err: &'a Error, message: &'a str, hint: Option<&'a str>) -> Self {
        let facts = err.facts();
        let first = |give: fn(&'a Fact) -> Option<&'a str>| facts.iter().find_map(give);
        let status = |give: fn(&Fact) -> Option<u16>| facts.iter().find_map(give);
        ErrorDoc {
            error: ErrorBody {
                voyage: first(|fact| match fact {
                    Fact::Voyage(voyage) => Some(voyage.as_str()),
                    _ => None,
                }),
                github_status: status(|fact| match fact {
                    Fact::GitHub { status } => *status,
                    _ => None,
                }),
                forge: first(|fact| match fact {
                    Fact::Forge { forge, .. } | Fact::Unsupported { forge, .. } => {
                        Some(forge.as_str())
                    }
                    _ => None,
                }),
                forge_status: status(|fact| match fact {
                    Fact::Forge { status, .. } => *status,
                    _ => None,
                }),
                action: first(|fact| match fact {
                    Fact::Unsupported { action, .. } => Some(action.as_str()),
                    _ => None,
                }),
                missing: first(|fact| match fact {
                    Fact::Unsupported { missing, .. } => Some(missing.as_str()),
                    _ => None,
                }),
                ..ErrorBody::words(err.kind().as_str(), message, hint)
            },
        }
    }
}

#[cfg(test)]
mod tests;
