//! `helm voyage verify [VOYAGE | --all]`: check voyages end to end; exit 1
//! with a report when anything is wrong.

use clap::Args;

use super::Context;
use crate::error::{Error, Result, arg};
use crate::output::Report;
use crate::output::verification::Verification;
use crate::words;

#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The voyage to check: a full id or any unambiguous prefix.
    #[arg(
        value_name = "VOYAGE",
        env = "HELM_VOYAGE",
        required_unless_present = "all"
    )]
    pub(crate) voyage: Option<String>,
    /// Check every voyage in $HELM_HOME (then VOYAGE and HELM_VOYAGE are not used).
    #[arg(long)]
    pub(crate) all: bool,
    /// Also check that every commit of the voyage synced through a git
    /// remote (as helm last fetched or pushed it) is signed by a key in
    /// git's allowed signers (gpg.ssh.allowedSignersFile).
    #[arg(long)]
    pub(crate) signatures: bool,
}

pub(crate) fn run(args: VerifyArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let voyage = match (args.all, args.voyage.as_deref()) {
        (true, _) => None,
        (false, Some(prefix)) => Some(prefix),
        (false, None) => return Err(Error::usage(words!["name a voyage or pass ", arg("all")])),
    };
    Ok(Box::new(Verification {
        results: ctx.helm.voyage_verify(voyage, args.signatures)?,
    }))
}
