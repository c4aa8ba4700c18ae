//! The MCP tools' arguments, one type per tool, from which both the input
//! schemas (`schemars`) and the parsing (`serde`) come. Targets and actions
//! are the CLI's own types (`inputs`), so a new one reaches both front ends.
//! Field names are camelCase, as in the contract's table; unknown fields are
//! refused so a misspelt argument is an error, not silently ignored. Each
//! is named after its tool with `Input` (MCP's `inputSchema`), so none is
//! mistaken for the CLI's `…Args` of the same command.

use schemars::JsonSchema;
use serde::Deserialize;

use helm_core::ActionArgs;
use helm_core::TargetArgs;
use helm_core::{ProvenanceSpec, SteerOptions};

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
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
}

/// `voyage_end`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyageEndInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// A closing status, e.g. "merged" or "abandoned: superseded by #50".
    #[serde(default)]
    pub(crate) status: Option<String>,
}

/// `observe`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ObserveInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// What to look at, as `observe` and `slate_list` print targets;
    /// relative paths from the server's working directory.
    pub(crate) target: TargetArgs,
    /// OWNER/NAME, HOST/PATH or the repository's URL (default: GH_REPO, then git remote `origin`).
    #[serde(default)]
    pub(crate) repo: Option<String>,
    /// The forge of an unknown host: github, gitlab, forgejo.
    #[serde(default)]
    pub(crate) forge: Option<String>,
}

/// `slate_erase`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SlateEraseInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// The targets to take off the slate, as `observe` takes them.
    pub(crate) targets: Vec<TargetArgs>,
}

/// `steer`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SteerInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// `{"kind": "<steer subcommand>", ...}`, its flags as camelCase fields.
    pub(crate) action: ActionArgs,
    #[serde(flatten)]
    pub(crate) options: SteerOptions,
}

/// `log`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct LogInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// The state: waiting, blocked, ready, or your own words ("waiting for
    /// review from bob").
    pub(crate) state: String,
}

/// `artifact_show`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ArtifactShowInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
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
    /// Voyage id or prefix (default: HELM_VOYAGE).
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
    /// Voyage id or prefix (default: HELM_VOYAGE).
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
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// The artifacts to jettison: SHA-256 hashes or unique prefixes.
    #[schemars(length(min = 1))]
    pub(crate) hashes: Vec<String>,
}

/// `search`. (`--reindex` and `--lockdown` are the CLI's: the server's
/// `--lockdown` applies here as to every tool.)
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SearchInput {
    /// Words, "phrases", prefix*, AND, OR, NOT.
    pub(crate) query: String,
    /// One voyage's id or prefix.
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<SearchKind>,
    /// Recorded by this identity.
    #[serde(default, rename = "as")]
    pub(crate) identity: Option<String>,
    /// A date or time.
    #[serde(default)]
    pub(crate) since: Option<String>,
    /// Default 20.
    #[serde(default)]
    #[schemars(range(min = 1, max = 10000))]
    pub(crate) limit: Option<u32>,
}
/// The kinds of result `search` may be narrowed to.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SearchKind {
    Steer,
    Log,
    Proposal,
    Observation,
}

impl SearchKind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SearchKind::Steer => "steer",
            SearchKind::Log => "log",
            SearchKind::Proposal => "proposal",
            SearchKind::Observation => "observation",
        }
    }
}
