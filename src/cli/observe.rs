//! `helm observe <TARGET>`: look, print what came back, put it on the slate.
//! The target syntax is shared with `helm slate erase`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{Context, VoyageArg};
use crate::error::Result;
use crate::model::{IssueFocus, Observe, PullRequestFocus, RepositoryFocus};
use crate::observe::{self, target};
use crate::output::Report;
use crate::output::observe::Observed;
use crate::output::progress::Progress;

#[derive(Debug, Args)]
pub struct ObserveArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,

    /// Look at GitHub with this identity's credentials ($HELM_HOME/gh-config/<ID>/),
    /// as `steer --as` does. Observations record no identity; this only picks the token.
    #[arg(long = "as", value_name = "ID", global = true)]
    pub identity: Option<String>,

    #[command(subcommand)]
    pub target: TargetArgs,
}

/// What to look at.
#[derive(Debug, Clone, Subcommand)]
pub enum TargetArgs {
    /// One or more files, read whole (text as text, anything else as base64).
    FileContents {
        /// Files to read.
        #[arg(value_name = "PATH", required = true)]
        paths: Vec<PathBuf>,
    },
    /// A folder's tree, honouring .gitignore; .git is always skipped.
    DirectoryTree {
        /// The folder to walk.
        #[arg(value_name = "ROOT")]
        root: PathBuf,
        /// A file or folder name to leave out, e.g. target (repeatable).
        #[arg(long, value_name = "NAME")]
        skip: Vec<String>,
        /// How many levels below ROOT to descend (1 = its direct children).
        #[arg(long, value_name = "N")]
        max_depth: Option<u32>,
    },
    /// A Rust project: tree, Cargo manifests, READMEs and docs, crate docs.
    RustProject {
        /// The folder holding the top Cargo.toml.
        #[arg(value_name = "ROOT")]
        root: PathBuf,
    },
    /// A GitHub issue: its summary and comments.
    GithubIssue {
        /// The issue number.
        #[arg(value_name = "NUMBER")]
        number: u64,
        /// Which parts to fetch (default: all).
        #[arg(long, value_delimiter = ',', value_name = "PART")]
        focus: Vec<IssueFocus>,
        #[command(flatten)]
        repo: RepoArg,
    },
    /// A GitHub pull request: summary, comments, files, diff, checks, reviews.
    GithubPr {
        /// The pull request number.
        #[arg(value_name = "NUMBER")]
        number: u64,
        /// Which parts to fetch (default: all).
        #[arg(long, value_delimiter = ',', value_name = "PART")]
        focus: Vec<PullRequestFocus>,
        #[command(flatten)]
        repo: RepoArg,
    },
    /// A GitHub repository: its open issues and open pull requests.
    GithubRepo {
        /// Which parts to fetch (default: all).
        #[arg(long, value_delimiter = ',', value_name = "PART")]
        focus: Vec<RepositoryFocus>,
        #[command(flatten)]
        repo: RepoArg,
    },
}

/// `--repo`, for commands that talk to GitHub.
#[derive(Debug, Clone, Args)]
pub struct RepoArg {
    /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[arg(long, value_name = "OWNER/NAME")]
    pub repo: Option<String>,
}

impl TargetArgs {
    /// The canonical target: the same thing spelled differently gives the same value.
    pub fn resolve(&self, ctx: &Context) -> Result<Observe> {
        Ok(match self {
            TargetArgs::FileContents { paths } => Observe::FileContents {
                paths: target::canonical_paths(paths, &ctx.cwd)?,
            },
            TargetArgs::DirectoryTree {
                root,
                skip,
                max_depth,
            } => Observe::DirectoryTree {
                root: target::canonical_path(root, &ctx.cwd)?,
                skip: target::skip_names(skip)?,
                max_depth: *max_depth,
            },
            TargetArgs::RustProject { root } => Observe::RustProject {
                root: target::canonical_path(root, &ctx.cwd)?,
            },
            TargetArgs::GithubIssue {
                number,
                focus,
                repo,
            } => Observe::GitHubIssue {
                repo: ctx.repository(repo.repo.as_deref())?.to_string(),
                number: *number,
                focus: target::focus(focus, IssueFocus::ALL),
            },
            TargetArgs::GithubPr {
                number,
                focus,
                repo,
            } => Observe::GitHubPullRequest {
                repo: ctx.repository(repo.repo.as_deref())?.to_string(),
                number: *number,
                focus: target::focus(focus, PullRequestFocus::ALL),
            },
            TargetArgs::GithubRepo { focus, repo } => Observe::GitHubRepository {
                repo: ctx.repository(repo.repo.as_deref())?.to_string(),
                focus: target::focus(focus, RepositoryFocus::ALL),
            },
        })
    }
}

pub fn run(args: ObserveArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    // Resolve everything before looking: a bad voyage fails fast and cheaply.
    let file = ctx.voyage_file(&args.voyage)?;
    let target = args.target.resolve(ctx)?;
    let observed_at = crate::model::now();
    let (mut conn, looked) = match target {
        Observe::GitHubIssue { .. }
        | Observe::GitHubPullRequest { .. }
        | Observe::GitHubRepository { .. } => {
            // Fail before talking to GitHub; the write transaction checks again.
            let conn = super::context::open_named(&file)?;
            crate::storage::voyage::ensure_active(&conn)?;
            (
                conn,
                crate::github::observe::look(target, ctx, args.identity.as_deref())?,
            )
        }
        local => {
            let conn = super::context::open_writer(&file)?;
            let progress = Progress::new(ctx.stderr_tty && !ctx.json, &local);
            (
                conn,
                progress.run(|tally| observe::look_local(local, tally))?,
            )
        }
    };
    observe::put_on_slate(&mut conn, &looked, &observed_at)?;
    Ok(Box::new(Observed {
        artifact: looked.packed.hash.clone(),
        target: looked.target,
        observed_at,
        compressed: looked.packed.data,
        summary: looked.summary,
        terminal: ctx.stdout_tty,
    }))
}
