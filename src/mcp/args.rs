//! The MCP tools' arguments, one type per tool, from which both the input
//! schemas (`schemars`) and the parsing (`serde`) come. Targets and actions
//! are the CLI's own types (`inputs`), so a new one reaches both front ends.
//! Field names are camelCase, as in the contract's table; unknown fields are
//! refused so a misspelt argument is an error, not silently ignored. Each
//! is named after its tool with `Input` (MCP's `inputSchema`), so none is
//! mistaken for the CLI's `…Args` of the same command.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::actions::ActionArgs;
use crate::inputs::ProvenanceSpec;
use crate::observe::TargetArgs;

/// `voyage_new`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageNewInput {
    /// What the voyage is for, e.g. "Advance #42: fix widget crash".
    pub(crate) intent: String,
}

/// `voyage_list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageListInput {
    /// List every voyage, active and ended.
    #[serde(default)]
    pub(crate) all: bool,
    /// List only ended voyages.
    #[serde(default)]
    pub(crate) ended: bool,
}

/// The tools that take only a voyage: `voyage_show`, `voyage_brief`,
/// `voyage_compact`, `slate_list`, `slate_clear`, `artifact_list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
}

/// `voyage_end`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageEndInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// A freeform closing status, e.g. "merged" or "abandoned: superseded by #50".
    #[serde(default)]
    pub(crate) status: Option<String>,
}

/// `observe`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ObserveInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// What to look at, the target JSON that `observe` and `slate_list` print.
    /// Relative paths resolve against the server's working directory.
    pub(crate) target: TargetArgs,
    /// The GitHub repository as OWNER/NAME, for GitHub targets (default: GH_REPO,
    /// then the git remote `origin` of the server's working directory).
    #[serde(default)]
    pub(crate) repo: Option<String>,
}

/// `slate_erase`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SlateEraseInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// The targets to take off the slate, as `observe` takes them.
    pub(crate) targets: Vec<TargetArgs>,
}

/// `steer`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SteerInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// What to do on GitHub: `{"kind": "<steer subcommand>", ...}` with the
    /// subcommand's flags as camelCase fields.
    pub(crate) action: ActionArgs,
    /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
    /// remote `origin` of the server's working directory).
    #[serde(default)]
    pub(crate) repo: Option<String>,
    /// Act even if an observed issue or PR changed since it was observed;
    /// the entry records that the bearing was stale and what had changed.
    #[serde(default)]
    pub(crate) allow_stale: bool,
}

/// `log`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct LogInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// The state to record: waiting, blocked, ready, or your own words
    /// ("waiting for review from bob").
    pub(crate) state: String,
}

/// `artifact_show`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ArtifactShowInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// The artifact's SHA-256, or a unique prefix of it.
    pub(crate) hash: String,
}

/// `voyage_verify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageVerifyInput {
    /// The voyage to check: a full id or an unambiguous prefix (default: the server's HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// Check every voyage instead (then leave out voyage).
    #[serde(default)]
    pub(crate) all: bool,
}

/// `interrupted`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct InterruptedInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// list: the interrupted steers; settle: record what one did; discard:
    /// drop one's record, recording nothing.
    pub(crate) operation: InterruptedOperation,
    /// For settle and discard: the steer's requestId, or the `attempt-…`
    /// id that list shows.
    #[serde(default)]
    pub(crate) attempt: Option<String>,
}

/// What `interrupted` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum InterruptedOperation {
    List,
    Settle,
    Discard,
}

/// `artifact_reduce`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ArtifactReduceInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// The artifacts to reduce: SHA-256 hashes or unique prefixes.
    #[schemars(length(min = 1))]
    pub(crate) hashes: Vec<String>,
    /// How the summary was made, e.g. "human" or "llm: sonnet 4-6".
    pub(crate) method: String,
    /// The summary text that replaces each payload.
    pub(crate) summary: String,
}

/// `artifact_jettison`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ArtifactJettisonInput {
    /// Voyage id or unambiguous prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// The artifacts to jettison: SHA-256 hashes or unique prefixes.
    #[schemars(length(min = 1))]
    pub(crate) hashes: Vec<String>,
}
