//! How a steer is to be carried out, beside its action and who acts: the
//! options both front ends give (`helm steer --allow-stale …`, MCP `steer`
//! with `allowStale`), declared once. Serde reads them from an MCP call, its
//! `///` lines being the tool schema's short descriptions; [`Flags`] writes
//! them as the command line's global flags, with the longer help a person
//! reads in `helm steer --help`.

use serde::Deserialize;

use super::flags::{Flag, Flags};
use crate::actions::ActionArgs;
use crate::cancel::Cancel;
use crate::model::Provenance;
use crate::ops::logbook::SteerRequest;

/// The options of a steer, the same on every front end.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SteerOptions {
    /// As `observe`'s.
    #[serde(default)]
    pub repo: Option<String>,
    /// As `observe`'s.
    #[serde(default)]
    pub forge: Option<String>,
    /// Act even if the issue or PR changed since observed; the entry says
    /// what changed.
    #[serde(default)]
    pub allow_stale: bool,
    /// Refuse (kind not-observed) unless the slate observed the issue or PR;
    /// else act and warn.
    #[serde(default)]
    pub require_observed: bool,
    /// Check everything and return the request it would send; act, record
    /// and clear nothing.
    #[serde(default)]
    pub dry_run: bool,
    /// Record a proposal to approve; send nothing.
    #[serde(default)]
    pub propose: bool,
    /// Proposal lifetime (default 24h).
    #[serde(default)]
    pub expires: Option<String>,
    /// On a refusal, log what was considered and why.
    #[serde(default)]
    pub record_refusal: bool,
    /// Post text holding secrets of these rules (as a refusal names them);
    /// the entry records them.
    #[serde(default)]
    pub allow_secret: Vec<String>,
    /// End every body posted with a footer saying who posted it through
    /// helm (always with HELM_DISCLOSE=1).
    #[serde(default)]
    pub disclose: bool,
}

impl Flags for SteerOptions {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("repo", "OWNER/NAME").short('R').global().help(
                "The repository: OWNER/NAME on GitHub, HOST/PATH or its URL on any forge \
                 (default: GH_REPO, then the git remote `origin` of the current directory).",
            ),
            Flag::option("forge", "github|gitlab|forgejo").global().help(
                "The forge of the repository's host, for a host helm does not know (default: \
                 HELM_FORGE, then git config helm.forge.<HOST>, then the host). An action the \
                 forge cannot do exactly is refused as unsupported before anything is sent.",
            ),
            Flag::switch("allowStale").global().help(
                "Act even if the issue or PR changed on its forge since the slate's \
                 observations of it. Without it, a steer on an issue or PR first asks the forge \
                 whether the slate's observations of that issue or PR (not those of other \
                 targets) are still current, the newest look at each part speaking for it \
                 (conditional requests on GitHub; GitLab and Forgejo are read again and \
                 compared), and refuses if anything changed. The entry's freshness lists each \
                 observation checked and each one on the slate not checked, with why; it \
                 records what had changed.",
            ),
            Flag::switch("requireObserved").global().help(
                "Refuse (kind not-observed) when the slate holds no observation of the issue or \
                 PR the steer acts on. Without it such a steer acts, with a warning on stderr \
                 (and in --json's `warnings`).",
            ),
            Flag::switch("dryRun").global().help(
                "Do everything up to the request and stop: check the inputs, the freshness of \
                 the slate, a merge's readiness and the head it would be pinned to, and print \
                 the request it would send (method, path, body). Nothing is acted on, recorded \
                 or cleared. Exit 0 if it would act, 1 with the refusal's kind if it would be \
                 refused.",
            ),
            Flag::switch("recordRefusal").global().help(
                "If the steer or its dry run is refused (stale, not-ready, not-observed, secret, \
                 already-merged, unsupported, or by the forge), record a log entry saying what \
                 was considered and why it was refused, sealing the slate it was judged on into \
                 its bearing. It still exits 1 with the refusal, whose hint names the entry.",
            ),
            Flag::option("allowSecret", "RULE").global().help(
                "Post a title or body although it holds a secret that RULE found (a gitleaks \
                 rule id, e.g. github-pat, named by the refusal); repeatable. Without it, a \
                 steer whose text holds a token or key is refused with kind `secret` and nothing \
                 done. The entry records the rules allowed.",
            ),
            Flag::switch("disclose").global().help(
                "End every body this steer posts (comments, issue and PR bodies, inline \
                 replies) with a footer saying who posted it, in what role, by what method, \
                 through helm, with the voyage id and the request id. HELM_DISCLOSE=1 turns it \
                 on for every steer.",
            ),
            Flag::switch("propose").global().conflicts(&["dryRun"]).help(
                "Do everything a dry run does, then record a proposal entry instead of sending: \
                 the exact request (method, path, body) and its SHA-256 digest, sealing the \
                 slate. Nothing is sent; `helm approve ENTRY` by someone else performs it, \
                 `helm reject ENTRY` turns it down.",
            ),
            Flag::option("expires", "DURATION")
                .global()
                .help("How long a proposal waits for approval (30m, 2h, 3d; default 24h)."),
        ]
    }
}

impl SteerOptions {
    /// The request for `action` with these options, as the core takes it;
    /// `repo` is the repository the front end settled on.
    pub fn request<'a>(
        &'a self,
        provenance: &'a Provenance,
        request_id: Option<&'a str>,
        action: &'a ActionArgs,
        repo: Option<&'a str>,
        cancel: &'a Cancel,
    ) -> SteerRequest<'a> {
        SteerRequest {
            provenance,
            request_id,
            action,
            repo,
            forge: self.forge.as_deref(),
            allow_stale: self.allow_stale,
            require_observed: self.require_observed,
            allow_secret: &self.allow_secret,
            disclose: self.disclose,
            cancel,
        }
    }
}
