//! `helm observe <TARGET>`: look, print what came back, put it on the slate.

use clap::Args;

use super::flags::FlagSubcommands;
use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::observe::ObservedReport;
use crate::output::progress::Progress;
use helm_core::TargetArgs;

#[derive(Debug, Args)]
pub(crate) struct ObserveArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,

    /// Look at GitHub with this identity's credentials ($HELM_HOME/gh-config/<ID>/),
    /// as `steer --as` does. Observations record no identity; this only picks the token.
    #[arg(long = "as", value_name = "ID", global = true, help_heading = super::SHARED)]
    pub(crate) identity: Option<String>,

    /// The repository as OWNER/NAME (GitHub), HOST/PATH or its URL, for a forge's
    /// targets (also accepted after the target; default: GH_REPO, then the git remote
    /// `origin`).
    #[arg(long, short = 'R', value_name = "OWNER/NAME", help_heading = super::SHARED)]
    pub(crate) repo: Option<String>,

    /// The forge of the repository's host, for a host helm does not know
    /// (default: HELM_FORGE, then git config helm.forge.<HOST>, then the host:
    /// github.com, gitlab.com, codeberg.org).
    #[arg(long, value_name = "github|gitlab|forgejo", help_heading = super::SHARED)]
    pub(crate) forge: Option<String>,

    /// Withhold text by authors without push access (GitHub's
    /// author_association other than OWNER, MEMBER, COLLABORATOR; GitLab's
    /// Developer and above; a Forgejo collaborator with write), for a
    /// script that feeds an agent: the payload printed says "[withheld: LOGIN
    /// has no push access; helm artifact show HASH to read it]" in its place,
    /// marks such parts "untrusted": true and writes invisible characters out
    /// as <U+XXXX>. The artifact stored keeps everything.
    #[arg(long, global = true)]
    pub(crate) lockdown: bool,

    /// Show everything of a forge's look on the screen (every comment,
    /// review, thread, file, check and diff line; long lines wrapped, not
    /// cut), paged on a terminal. --json and `helm artifact show` give the
    /// payload itself.
    #[arg(long, global = true)]
    pub(crate) all: bool,

    #[command(subcommand)]
    pub(crate) target: FlagSubcommands<TargetArgs>,
}

pub(crate) fn run(args: ObserveArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    // --lockdown is this command's disclosure: the core withholds, and
    // every line, digest and screen of the look is made from what it shows.
    let mut locked;
    let helm = match args.lockdown {
        true => {
            locked = ctx.helm.clone();
            locked.disclosure = helm_core::Disclosure::Lockdown;
            &locked
        }
        false => &ctx.helm,
    };
    // Resolve everything before looking: a bad voyage or target fails fast.
    let voyage = args.voyage.name()?;
    helm.voyage_file(voyage)?;
    let target =
        helm.target_to_observe(&args.target, args.repo.as_deref(), args.forge.as_deref())?;
    if args.all && !crate::output::observe::heeds_all(&target) {
        return Err(crate::error::Error::usage(
            "--all shows the whole of a GitHub look; a local look's screen stays a summary",
        )
        .hint("drop --all: the screen's last line names `helm artifact show HASH`, which prints all of it (or pass --json)"));
    }
    let progress = Progress::new(ctx.stderr_tty && !ctx.json && !ctx.quiet, &target);
    let observed = progress
        .run(|tally| helm.observe(voyage, target.clone(), args.identity.as_deref(), tally))?;
    Ok(Box::new(ObservedReport {
        observed,
        terminal: ctx.stdout_tty,
        all: args.all,
    }))
}
