//! `helm steer <ACTION>`: change shared state on a forge. One transaction seals
//! the slate into a bearing, performs the action, records one entry and clears
//! the slate; if the forge refuses, nothing is recorded and the slate is
//! untouched.

use clap::Args;

use super::flags::{FlagArgs, FlagSubcommands};
use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::entry::Recorded;
use crate::output::rehearsal::Rehearsed;
use helm_core::ActionArgs;
use helm_core::SteerRequest;
use helm_core::{ProvenanceSpec, Surface};

#[derive(Debug, Args)]
pub struct SteerArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) provenance: FlagArgs<ProvenanceSpec>,
    /// The repository: OWNER/NAME on GitHub, HOST/PATH or its URL on any forge
    /// (default: GH_REPO, then the git remote `origin` of the current directory).
    #[arg(long, short = 'R', value_name = "OWNER/NAME", global = true, help_heading = super::SHARED)]
    pub(crate) repo: Option<String>,
    /// The forge of the repository's host, for a host helm does not know (default:
    /// HELM_FORGE, then git config helm.forge.<HOST>, then the host). An action the
    /// forge cannot do exactly is refused as unsupported before anything is sent.
    #[arg(long, value_name = "github|gitlab|forgejo", global = true, help_heading = super::SHARED)]
    pub(crate) forge: Option<String>,
    /// Act even if the issue or PR changed on its forge since the slate's
    /// observations of it. Without it, a steer on an issue or PR first asks
    /// the forge whether the slate's observations of that issue or PR (not
    /// those of other targets) are still current, the newest look at each
    /// part speaking for it (conditional requests on GitHub; GitLab and
    /// Forgejo are read again and compared), and refuses if anything
    /// changed. The entry's freshness lists each observation checked and
    /// each one on the slate not checked, with why; it records what had
    /// changed.
    #[arg(long, global = true, help_heading = super::SHARED)]
    pub(crate) allow_stale: bool,
    /// Refuse (kind not-observed) when the slate holds no observation of
    /// the issue or PR the steer acts on. Without it such a steer acts, with
    /// a warning on stderr (and in --json's `warnings`).
    #[arg(long, global = true, help_heading = super::SHARED)]
    pub(crate) require_observed: bool,
    /// Do everything up to the request and stop: check the inputs, the
    /// freshness of the slate, a merge's readiness and the head it would be
    /// pinned to, and print the request it would send (method, path, body).
    /// Nothing is acted on, recorded or cleared. Exit 0 if it would act, 1
    /// with the refusal's kind if it would be refused.
    #[arg(long, global = true, help_heading = super::SHARED)]
    pub(crate) dry_run: bool,
    /// If the steer or its dry run is refused (stale, not-ready,
    /// not-observed, secret, already-merged, unsupported, or by the forge), record a log
    /// entry saying what was considered and why it was refused, sealing the
    /// slate it was judged on into its bearing. It still exits 1 with the
    /// refusal, whose hint names the entry.
    #[arg(long, global = true, help_heading = super::SHARED)]
    pub(crate) record_refusal: bool,
    /// Post a title or body although it holds a secret that RULE found (a
    /// gitleaks rule id, e.g. github-pat, named by the refusal); repeatable.
    /// Without it, a steer whose text holds a token or key is refused with
    /// kind `secret` and nothing done. The entry records the rules allowed.
    #[arg(long, value_name = "RULE", global = true, help_heading = super::SHARED)]
    pub(crate) allow_secret: Vec<String>,
    /// End every body this steer posts (comments, issue and PR bodies,
    /// inline replies) with a footer saying who posted it, in what role, by
    /// what method, through helm, with the voyage id and the request id.
    /// HELM_DISCLOSE=1 turns it on for every steer.
    #[arg(long, global = true, help_heading = super::SHARED)]
    pub(crate) disclose: bool,
    /// Do everything a dry run does, then record a proposal entry instead
    /// of sending: the exact request (method, path, body) and its SHA-256
    /// digest, sealing the slate. Nothing is sent; `helm approve ENTRY`
    /// by someone else performs it, `helm reject ENTRY` turns it down.
    #[arg(long, global = true, help_heading = super::SHARED, conflicts_with = "dry_run")]
    pub(crate) propose: bool,
    /// How long a proposal waits for approval (30m, 2h, 3d; default 24h).
    #[arg(long, value_name = "DURATION", global = true, help_heading = super::SHARED)]
    pub(crate) expires: Option<String>,
    #[command(subcommand)]
    pub(crate) action: FlagSubcommands<ActionArgs>,
}

pub(crate) fn run(args: SteerArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    if let Some(method) = &args.provenance.method {
        args.action.misread_method(method.trim())?;
    }
    let provenance = args.provenance.resolve(Surface::Cli)?;
    let request_id = args.provenance.request_id(Surface::Cli)?;
    let voyage = args.voyage.name()?;
    let repo = args.action.repo(args.repo.as_deref())?;
    let request = SteerRequest {
        provenance: &provenance,
        request_id,
        action: &args.action,
        repo: repo.as_deref(),
        forge: args.forge.as_deref(),
        allow_stale: args.allow_stale,
        require_observed: args.require_observed,
        allow_secret: &args.allow_secret,
        disclose: args.disclose,
        // A person stops the CLI with a signal; the protocol covers that.
        cancel: &helm_core::Cancel::default(),
    };
    // A refusal goes on the record when asked, and is still the answer.
    let refused = |error| match args.record_refusal {
        true => ctx
            .helm
            .record_refusal(voyage, &request, args.dry_run, error),
        false => error,
    };
    if args.dry_run {
        let rehearsal = ctx.helm.rehearse(voyage, &request).map_err(refused)?;
        return Ok(Box::new(Rehearsed::said(rehearsal, |w| w.to_string())));
    }
    if args.expires.is_some() && !args.propose {
        return Err(
            crate::error::Error::usage("--expires is how long a proposal waits")
                .hint("add --propose to propose the steer, or leave out --expires"),
        );
    }
    if args.propose {
        let sealed = ctx
            .helm
            .propose(voyage, &request, args.expires.as_deref())
            .map_err(refused)?;
        return Ok(Box::new(Recorded {
            sealed,
            warnings: Vec::new(),
        }));
    }
    let steered = ctx.helm.steer(voyage, &request).map_err(refused)?;
    Ok(Box::new(Recorded::said(
        steered.sealed,
        &steered.warnings,
        |w| w.to_string(),
    )))
}
