//! [`ProvenanceSpec`]: who acted and why, as a `steer` or `log` gives it on
//! either front end (command-line flags, MCP tool fields), and the one place that
//! checks it. All four are required, with no defaults and no environment
//! variable (seed 000, "Identity"); only the names in an error differ.

use schemars::JsonSchema;
use serde::Deserialize;

use super::flags::{Flag, Flags};
use crate::error::{Error, Result};
use crate::model::Provenance;

/// Who acted and why. The fields are optional to serde only so
/// that a missing one is reported as helm reports it (naming every one
/// missing), not as a parse failure. On the command line they are global ([`Flags`]):
/// accepted before the action and after it, and listed in its `--help`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvenanceSpec {
    /// Who is acting: a person's or an agent's name (required).
    #[serde(rename = "as")]
    #[schemars(required)]
    pub(crate) identity: Option<String>,
    /// The framing adopted, e.g. coder, reviewer, planner (required).
    #[schemars(required)]
    pub(crate) role: Option<String>,
    /// How the thinking was done, e.g. human, "claude opus 4, thinking high" (required).
    #[schemars(required)]
    pub method: Option<String>,
    /// Your reading of the bearing: why this entry, now (required).
    #[schemars(required)]
    pub(crate) summary: Option<String>,
    /// An idempotency key: a repeat on the same voyage does nothing and
    /// returns its entry.
    #[serde(default)]
    pub(crate) request_id: Option<String>,
}

impl Flags for ProvenanceSpec {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("as", "ID").global(),
            Flag::option("role", "ROLE").global(),
            Flag::option("method", "METHOD").global(),
            Flag::option("summary", "TEXT").global(),
            Flag::option("requestId", "ID").global(),
        ]
    }
}

/// Which front end gave the provenance: errors name its flags or fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    Cli,
    Mcp,
}

impl ProvenanceSpec {
    /// All four present and non-blank; the error names every one missing,
    /// as the surface spells it.
    pub fn resolve(&self, surface: Surface) -> Result<Provenance> {
        Provenance::given(
            self.identity.as_deref(),
            self.role.as_deref(),
            self.method.as_deref(),
            self.summary.as_deref(),
        )
        .map_err(|missing| {
            let names: Vec<String> = missing
                .iter()
                .map(|name| match surface {
                    Surface::Cli => format!("--{name}"),
                    Surface::Mcp => name.to_string(),
                })
                .collect();
            let hint = match surface {
                Surface::Cli => {
                    "e.g. --as alice --role coder --method human --summary \"tests pass, ready for review\""
                }
                Surface::Mcp => {
                    "pass e.g. \"as\": \"claude\", \"role\": \"coder\", \"method\": \"claude opus 4\", \
                     \"summary\": \"tests pass, ready for review\""
                }
            };
            Error::usage(crate::model::entry::missing_provenance(&names)).hint(hint)
        })
    }

    /// The request id, if given; a blank one is a usage error.
    pub fn request_id(&self, surface: Surface) -> Result<Option<&str>> {
        match self.request_id.as_deref().map(str::trim) {
            Some("") => Err(Error::usage(match surface {
                Surface::Cli => "--request-id is empty",
                Surface::Mcp => "requestId is empty",
            })),
            other => Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_surface_names_what_is_missing_its_own_way() {
        let given = ProvenanceSpec {
            identity: Some("alice".into()),
            role: Some("  ".into()),
            ..ProvenanceSpec::default()
        };
        let cli = given.resolve(Surface::Cli).unwrap_err().to_string();
        assert!(cli.contains("--role, --method, --summary"), "{cli}");
        let mcp = given.resolve(Surface::Mcp).unwrap_err().to_string();
        assert!(mcp.contains("missing role, method, summary"), "{mcp}");
    }
}
