//! The CLI front end: the clap command tree, and the dispatch from a parsed
//! command to the core operation (`ops`) it asks for. Each verb module turns
//! its arguments into the operation's inputs and its value into a `Report`;
//! nothing here reads or writes a voyage by itself.

pub(crate) mod artifact;
pub(crate) mod context;
pub mod current;
pub(crate) mod flags;
pub(crate) mod interrupted;
pub(crate) mod lazy;
pub(crate) mod log;
pub(crate) mod man_sections;
pub(crate) mod observe;
pub(crate) mod proposals;
pub(crate) mod search;
pub(crate) mod shell;
pub(crate) mod slate;
pub(crate) mod steer;
pub(crate) mod sync;
pub mod terminal;
pub(crate) mod verify;
pub(crate) mod voyage;

use clap::{Args, Parser, Subcommand};

pub use context::Context;
use lazy::Lazy;

use crate::error::Result;
use crate::output::Report;

const AFTER_HELP: &str = "\
A voyage, start to finish: advancing issue #42 through PR #45 to merge.
  V=$(helm voyage new \"Advance #42: fix widget crash\")    # prints the voyage id
  export HELM_VOYAGE=$V                                    # or pass --voyage V each time
  helm observe github-issue 42                             # observations land on the slate
  helm observe rust-project .
  WHO=\"--as alice --role coder --method human\"
  helm steer $WHO --summary \"plan: bounds check\" comment --issue 42 --body \"Plan: …\"
  helm log $WHO --summary \"asked for feedback on the plan\" waiting
  helm observe github-issue 42 --focus comments
  helm steer $WHO --summary \"plan agreed\" create-pr --title \"Fix widget crash\" \\
      --head fix-42 --base main
  helm steer $WHO --summary \"ready for review\" request-review --pr 45 --reviewer bob
  helm observe github-pr 45 --focus reviews
  helm steer $WHO --summary \"bob is right\" reply-inline --pr 45 --comment-id 901 --body \"Done.\"
  helm steer $WHO --summary \"approved, checks green\" merge-pr --pr 45 --squash
  helm voyage show $V                                      # the logbook, as a story
  helm voyage end $V --status merged

Every steer and log seals the slate into the entry's bearing. Secrets found in
what helm observes are redacted before it is stored; a steer posting one is refused.
Environment: HELM_HOME (default ~/.helm), HELM_VOYAGE (stands in for --voyage),
HELM_DISCLOSE=1 (a disclosure footer on every body steer posts), HELM_PAGER, PAGER,
NO_COLOR, CLICOLOR_FORCE; every variable, exit status and file: `helm man | man -l -`.";

/// helm: structured collaborative software work.
///
/// Observe what you look at, steer what you change, log where you stand. Every
/// voyage keeps a logbook in one SQLite file under $HELM_HOME/voyages.
#[derive(Debug, Parser)]
#[command(
    name = "helm",
    version,
    disable_version_flag = true,
    after_help = AFTER_HELP,
    max_term_width = 100
)]
pub struct Cli {
    /// Print version.
    // `--version` only: `-V` is `--voyage` everywhere, as in every subcommand.
    #[arg(long, action = clap::ArgAction::Version)]
    pub version: (),

    /// Print one JSON document on stdout (errors as JSON on stderr).
    #[arg(long, global = true, help_heading = SHARED)]
    pub json: bool,

    /// Print nothing on stderr but errors: no progress, notes or summary lines.
    #[arg(long, short = 'q', global = true, conflicts_with = "verbose", help_heading = SHARED)]
    pub quiet: bool,

    /// Trace on stderr each forge request (method, URL, status, time, cache,
    /// rate limit left) and each git command helm runs; never a token. Also
    /// HELM_LOG=debug.
    #[arg(long, short = 'v', global = true, help_heading = SHARED)]
    pub verbose: bool,

    /// Record this W3C traceparent (the caller's trace) on the entry the
    /// command makes, and parent its spans on it; also TRACEPARENT, with
    /// TRACESTATE. A malformed one is ignored with a warning.
    #[arg(long, global = true, value_name = "TRACEPARENT", help_heading = SHARED)]
    pub traceparent: Option<String>,
    #[command(flatten)]
    pub terminal: terminal::TerminalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start, list, show and end voyages.
    #[command(subcommand)]
    Voyage(Lazy<voyage::VoyageCommand>),
    /// Look at something and put the observation on the voyage's slate.
    ///
    /// Prints a screen for reading: the target, the artifact's hash, a digest
    /// line and each part (conversation, reviews, diff, checks with failed log
    /// tails, a file's first lines, a tree), then how much was left out and
    /// how to see all of it. --json prints the whole observation as one document.
    Observe(Lazy<observe::ObserveArgs>),
    /// See or tidy the observations gathered since the last entry.
    #[command(subcommand)]
    Slate(Lazy<slate::SlateCommand>),
    /// Change shared state on a forge (GitHub, GitLab, Forgejo), recording one
    /// logbook entry.
    Steer(Lazy<steer::SteerArgs>),
    /// Record a state (waiting, blocked, ready, or your own words) without changing anything.
    Log(Lazy<log::LogArgs>),
    /// List a voyage's proposals (steer --propose) and their state.
    Proposals(Lazy<proposals::ProposalsArgs>),
    /// Perform a proposal exactly as proposed, recording one steer entry.
    ///
    /// Refused, with nothing sent or recorded, when the approver is the
    /// proposer (same-identity, unless --allow-self), the proposal expired
    /// (expired) or was rejected (conflict), its stored request no longer
    /// has its digest (bad-proposal), its target changed since (stale), or
    /// a merge is not ready (not-ready, unless --override). A second
    /// approval prints the first one's entry and sends nothing.
    Approve(Lazy<proposals::ApproveArgs>),
    /// Turn a proposal down, recording a rejection entry; nothing is sent.
    Reject(Lazy<proposals::RejectArgs>),
    /// List, settle or discard steers whose outcome was never recorded.
    #[command(subcommand)]
    Interrupted(Lazy<interrupted::InterruptedCommand>),
    /// Inspect stored payloads, or lighten them: reduce to a summary, jettison.
    #[command(subcommand)]
    Artifact(Lazy<artifact::ArtifactCommand>),
    /// Find what was said, done and seen across every voyage, best first.
    ///
    /// Full-text search (ranked by BM25) of entries' summaries and states,
    /// what steers posted, and observations' text as stored (secrets
    /// redacted), through an index at $HELM_HOME/search.sqlite brought up
    /// to date before each search; deleting it loses nothing.
    Search(Lazy<search::SearchArgs>),
    /// Print a shell completion script for helm (see SHELL for where it goes).
    Completions(Lazy<shell::CompletionsArgs>),
    /// Print helm's man page (roff), e.g. `helm man | man -l -`.
    Man,
    /// Serve the Model Context Protocol on stdin/stdout, for AI agents.
    ///
    /// One long-lived process offering helm's operations as MCP tools, e.g.
    /// `claude mcp add helm -- helm mcp`; the client lists the tools, with
    /// their arguments and result schemas, from the server itself. HELM_VOYAGE
    /// in its environment stands in for the tools' `voyage` argument.
    ///
    /// By default it serves the core toolset, what a voyage's ordinary flow
    /// uses, to keep the tools list every session pays for small; the rest
    /// is one flag away: --toolsets core,sync,lifecycle,recovery or all.
    // Its own hidden `json` keeps the global one out of its help; main
    // refuses it when given. The forges' variables close the long help: a
    // host's MCP settings are where a configurer sets them.
    #[command(after_long_help = helm_core::described_configuration())]
    #[command(arg(
        clap::Arg::new("json")
            .long("json")
            .help("Refused: MCP answers are JSON-RPC already")
            .hide(true)
            .action(clap::ArgAction::SetTrue)
    ))]
    Mcp(McpArgs),
}

/// `helm mcp`'s options: which tools it serves.
#[derive(Debug, Args)]
pub struct McpArgs {
    /// Serve these groups of tools: core (the default: voyage_new,
    /// voyage_list, voyage_brief, voyage_show, voyage_end, observe,
    /// slate_list, steer, log, search, proposals), sync (voyage_push, voyage_pull), lifecycle
    /// (voyage_verify, voyage_compact, slate_erase, slate_clear,
    /// artifact_*), recovery (interrupted), or all; approvals (approve,
    /// reject) only when named.
    #[arg(long, value_name = "SET,...", value_delimiter = ',')]
    pub toolsets: Vec<String>,
    /// Serve these tools too, e.g. --tools artifact_show; without
    /// --toolsets, only these. A tool not served is not listed, and
    /// calling it is an error.
    #[arg(long, value_name = "NAME,...", value_delimiter = ',')]
    pub tools: Vec<String>,
    /// Of those, serve only the tools that change nothing (lists, shows,
    /// brief, verify, slate_list, artifact_show, artifact_list, and
    /// interrupted's list).
    #[arg(long)]
    pub read_only: bool,
    /// Serve steer as propose-only: every steer records a proposal (the
    /// exact request, for a person to approve with `helm approve`) and
    /// sends nothing. Refused beside --toolsets approvals.
    #[arg(long)]
    pub propose_only: bool,

    /// Withhold observed text by authors without push access (GitHub's
    /// author_association other than OWNER, MEMBER, COLLABORATOR; GitLab's
    /// Developer and above; a Forgejo collaborator with write): results
    /// say "[withheld: LOGIN has no push access; helm artifact show HASH to
    /// read it]" in its place. Without it, such text is marked untrusted.
    #[arg(long)]
    pub lockdown: bool,
}

/// The heading of the flags many commands share (who acted, the voyage,
/// the repository, `--json`): each command's own flags come first.
pub(crate) const SHARED: &str = "Shared options";

/// `--voyage`, shared by every voyage-scoped command.
#[derive(Debug, Args)]
pub(crate) struct VoyageArg {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(
        long,
        short = 'V',
        env = "HELM_VOYAGE",
        value_name = "VOYAGE",
        global = true,
        help_heading = SHARED
    )]
    pub(crate) voyage: Option<String>,
}

impl Command {
    /// The command's name, as its span is named (`helm log`).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Voyage(_) => "voyage",
            Command::Observe(_) => "observe",
            Command::Slate(_) => "slate",
            Command::Steer(_) => "steer",
            Command::Log(_) => "log",
            Command::Interrupted(_) => "interrupted",
            Command::Proposals(_) => "proposals",
            Command::Approve(_) => "approve",
            Command::Reject(_) => "reject",
            Command::Artifact(_) => "artifact",
            Command::Search(_) => "search",
            Command::Completions(_) => "completions",
            Command::Man => "man",
            Command::Mcp(_) => "mcp",
        }
    }
}

pub fn run(cli: Cli, ctx: &Context) -> Result<Box<dyn Report>> {
    match cli.command {
        Command::Voyage(Lazy(command)) => voyage::run(command, ctx),
        Command::Observe(Lazy(args)) => observe::run(args, ctx),
        Command::Slate(Lazy(command)) => slate::run(command, ctx),
        Command::Steer(Lazy(args)) => steer::run(args, ctx),
        Command::Log(Lazy(args)) => log::run(args, ctx),
        Command::Interrupted(Lazy(command)) => interrupted::run(command, ctx),
        Command::Proposals(Lazy(args)) => proposals::list(args, ctx),
        Command::Approve(Lazy(args)) => proposals::approve(args, ctx),
        Command::Reject(Lazy(args)) => proposals::reject(args, ctx),
        Command::Artifact(Lazy(command)) => artifact::run(command, ctx),
        Command::Search(Lazy(args)) => search::run(args, ctx),
        Command::Completions(Lazy(args)) => shell::completions(args, ctx),
        Command::Man => shell::man(ctx),
        // main serves MCP itself, before any report could be printed.
        Command::Mcp(_) => Err(crate::error::Error::usage(
            "helm mcp is a server, not a command with a report",
        )
        .hint(crate::words![
            "run ",
            crate::error::cmd("mcp"),
            " from an MCP client"
        ])),
    }
}

impl VoyageArg {
    /// The voyage named, or the usage error that says how to name one.
    pub(crate) fn name(&self) -> Result<&str> {
        helm_core::named_voyage(self.voyage.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_tree_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
