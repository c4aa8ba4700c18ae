//! `helm voyage push|pull` and `voyage list --remote`: sharing voyages
//! through a git remote (ADR 0015).

use clap::Args;

use super::Context;
use crate::error::Result;
use crate::output::Report;
use crate::output::push_all::PushedAllReport;
use crate::output::sync::{Direction, PulledAllReport, SyncReport};
use crate::output::voyage::VoyageList;
use helm_core::ListFilter;

#[derive(Debug, Args)]
pub(crate) struct PushArgs {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(
        value_name = "VOYAGE",
        env = "HELM_VOYAGE",
        required_unless_present = "all"
    )]
    pub(crate) voyage: Option<String>,
    /// Push every voyage here that has news for the remote, in one git
    /// push: each ref by its own compare-and-swap, so a voyage whose ref
    /// moved on the remote is refused and named while the others land.
    #[arg(long)]
    pub(crate) all: bool,
    /// The git remote: a remote name of the repository here, a URL or a path.
    #[arg(long, value_name = "NAME|URL|PATH", default_value = "origin")]
    pub(crate) remote: String,
    /// Sign every commit pushed with your own key, by git itself (git's
    /// user.signingKey and gpg.format: ssh, OpenPGP or X.509). Without it,
    /// helm signs when git is configured to (user.signingKey with
    /// gpg.format, or commit.gpgSign).
    #[arg(long)]
    pub(crate) sign: bool,
}

#[derive(Debug, Args)]
pub(crate) struct PullArgs {
    /// The voyage: a full id or any unambiguous prefix, here or on the remote.
    #[arg(
        value_name = "VOYAGE",
        env = "HELM_VOYAGE",
        required_unless_present = "all"
    )]
    pub(crate) voyage: Option<String>,
    /// Pull every voyage on the remote.
    #[arg(long)]
    pub(crate) all: bool,
    /// The git remote: a remote name of the repository here, a URL or a path.
    #[arg(long, value_name = "NAME|URL|PATH", default_value = "origin")]
    pub(crate) remote: String,
    /// Refuse (kind bad-signature, nothing written) any new commit that is
    /// unsigned or signed by a key not in git's allowed signers
    /// (gpg.ssh.allowedSignersFile). Also on when git's configuration sets
    /// helm.verifySignatures.
    #[arg(long)]
    pub(crate) verify_signatures: bool,
}

pub(crate) fn push(args: PushArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    match (args.all, &args.voyage) {
        (false, Some(voyage)) => Ok(Box::new(SyncReport {
            synced: helm.voyage_push(voyage, Some(&args.remote), args.sign)?,
            direction: Direction::Push,
        })),
        _ => Ok(Box::new(PushedAllReport {
            pushed: helm.voyage_push_all(Some(&args.remote), args.sign)?,
            words: |words| words.render(&crate::error::CommandLine),
        })),
    }
}

pub(crate) fn pull(args: PullArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    match (args.all, &args.voyage) {
        (false, Some(voyage)) => Ok(Box::new(SyncReport {
            synced: helm.voyage_pull(voyage, Some(&args.remote), args.verify_signatures)?,
            direction: Direction::Pull,
        })),
        _ => Ok(Box::new(PulledAllReport {
            pulled: helm.voyage_pull_all(Some(&args.remote), args.verify_signatures)?,
        })),
    }
}

/// `voyage list --remote`.
pub(crate) fn list(remote: &str, filter: ListFilter, ctx: &Context) -> Result<Box<dyn Report>> {
    Ok(Box::new(VoyageList {
        current: None,
        listing: ctx.helm.voyage_list_remote(Some(remote), filter)?,
    }))
}
