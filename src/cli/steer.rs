//! `helm steer <ACTION>`: change shared state on GitHub. One transaction seals
//! the slate into a bearing, performs the action, records one entry and clears
//! the slate; if GitHub refuses, nothing is recorded and the slate is untouched.

use std::io::Read;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::log::ProvenanceArgs;
use super::{Context, VoyageArg};
use crate::error::{Error, Result};
use crate::model::Action;
use crate::model::steer::{CloseReason, MergeMethod, Steer, Thread};
use crate::output::Report;
use crate::output::entry::Recorded;
use crate::storage::logbook;
use crate::storage::pending::{self, Pending};

#[derive(Debug, Args)]
pub struct SteerArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    #[command(flatten)]
    pub provenance: ProvenanceArgs,
    /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[arg(long, value_name = "OWNER/NAME", global = true)]
    pub repo: Option<String>,
    #[command(subcommand)]
    pub action: ActionArgs,
}

/// Text for a comment or description: inline, from a file, or from stdin.
#[derive(Debug, Args)]
pub struct BodyArgs {
    /// The text, in GitHub Markdown.
    #[arg(long, value_name = "TEXT", conflicts_with = "body_file")]
    pub body: Option<String>,
    /// Read the text from a file, or from stdin with `-`.
    #[arg(long, value_name = "PATH")]
    pub body_file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum ActionArgs {
    /// Comment on an issue or on a pull request's conversation.
    Comment {
        /// The issue to comment on.
        #[arg(
            long,
            value_name = "N",
            conflicts_with = "pr",
            required_unless_present = "pr"
        )]
        issue: Option<u64>,
        /// The pull request to comment on.
        #[arg(long, value_name = "N")]
        pr: Option<u64>,
        #[command(flatten)]
        body: BodyArgs,
    },
    /// Open a new issue.
    CreateIssue {
        /// The issue's title.
        #[arg(long, value_name = "TITLE")]
        title: String,
        #[command(flatten)]
        body: BodyArgs,
        /// A label to add (repeatable).
        #[arg(long = "label", value_name = "LABEL")]
        labels: Vec<String>,
        /// A user to assign (repeatable).
        #[arg(long = "assignee", value_name = "LOGIN")]
        assignees: Vec<String>,
    },
    /// Change an issue's title or body.
    EditIssue {
        /// The issue to edit.
        #[arg(long, value_name = "N")]
        issue: u64,
        /// The new title.
        #[arg(long, value_name = "TITLE")]
        title: Option<String>,
        #[command(flatten)]
        body: BodyArgs,
    },
    /// Close an issue.
    CloseIssue {
        /// The issue to close.
        #[arg(long, value_name = "N")]
        issue: u64,
        /// Why it is closed.
        #[arg(long, value_enum, default_value = "completed")]
        reason: CloseReason,
    },
    /// Open a pull request from HEAD into BASE.
    CreatePr {
        /// The pull request's title.
        #[arg(long, value_name = "TITLE")]
        title: String,
        /// The branch with the changes (OWNER:BRANCH for a fork).
        #[arg(long, value_name = "BRANCH")]
        head: String,
        /// The branch to merge into.
        #[arg(long, value_name = "BRANCH")]
        base: String,
        #[command(flatten)]
        body: BodyArgs,
        /// Open it as a draft.
        #[arg(long)]
        draft: bool,
    },
    /// Change a pull request's title or body.
    EditPr {
        /// The pull request to edit.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// The new title.
        #[arg(long, value_name = "TITLE")]
        title: Option<String>,
        #[command(flatten)]
        body: BodyArgs,
    },
    /// Close a pull request without merging it.
    ClosePr {
        /// The pull request to close.
        #[arg(long, value_name = "N")]
        pr: u64,
    },
    /// Ask people or teams to review a pull request.
    RequestReview {
        /// The pull request.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// A user to ask (repeatable).
        #[arg(long = "reviewer", value_name = "LOGIN")]
        reviewers: Vec<String>,
        /// A team to ask, by slug (repeatable).
        #[arg(long = "team", value_name = "SLUG")]
        teams: Vec<String>,
    },
    /// Reply to an inline review comment (its id is in `observe github-pr`'s threads).
    ReplyInline {
        /// The pull request.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// The review comment to answer (a thread's first comment).
        #[arg(long, value_name = "ID")]
        comment_id: u64,
        #[command(flatten)]
        body: BodyArgs,
    },
    /// Merge a pull request.
    MergePr {
        /// The pull request.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// How to merge.
        #[arg(long, value_enum, default_value = "merge")]
        method: MergeMethod,
        /// Merge only if the head is still this commit.
        #[arg(long, value_name = "HEAD_SHA")]
        sha: Option<String>,
    },
}

impl BodyArgs {
    /// The body if one was given: `--body`, or the UTF-8 contents of `--body-file`.
    fn read(&self, cwd: &std::path::Path) -> Result<Option<String>> {
        if let Some(text) = &self.body {
            return Ok(Some(text.clone()));
        }
        let Some(path) = &self.body_file else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        let from = if path.as_os_str() == "-" {
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|err| Error::io("cannot read the body from stdin", &err))?;
            "stdin".to_string()
        } else {
            let full = cwd.join(path);
            bytes = std::fs::read(&full).map_err(|err| {
                Error::io(format!("cannot read --body-file {}", path.display()), &err)
            })?;
            path.display().to_string()
        };
        String::from_utf8(bytes).map(Some).map_err(|err| {
            Error::usage(format!(
                "the body in {from} is not valid UTF-8 (first bad byte at offset {})",
                err.utf8_error().valid_up_to()
            ))
            .hint("GitHub takes UTF-8 text; convert the file, e.g. with iconv")
        })
    }

    /// A body that must be present and not blank.
    fn required(&self, cwd: &std::path::Path, what: &str) -> Result<String> {
        match self.read(cwd)? {
            Some(text) if !text.trim().is_empty() => Ok(text),
            Some(_) => Err(Error::usage(format!("the {what} is empty"))
                .hint("GitHub refuses empty text; write something in --body or --body-file")),
            None => Err(Error::usage(format!("the {what} is missing"))
                .hint("pass --body TEXT or --body-file PATH (- for stdin)")),
        }
    }
}

fn non_blank(value: &str, flag: &str) -> Result<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(Error::usage(format!("{flag} is empty")));
    }
    Ok(trimmed.to_string())
}

impl ActionArgs {
    /// Checks the arguments and reads bodies: everything that can fail before
    /// GitHub is contacted.
    pub fn resolve(&self, ctx: &Context) -> Result<Steer> {
        let cwd = &ctx.cwd;
        Ok(match self {
            ActionArgs::Comment { issue, pr, body } => Steer::Comment {
                on: match (issue, pr) {
                    (Some(n), None) => Thread::Issue(*n),
                    (None, Some(n)) => Thread::PullRequest(*n),
                    _ => {
                        return Err(Error::usage(
                            "comment needs exactly one of --issue N or --pr N",
                        ));
                    }
                },
                body: body.required(cwd, "comment body")?,
            },
            ActionArgs::CreateIssue {
                title,
                body,
                labels,
                assignees,
            } => Steer::CreateIssue {
                title: non_blank(title, "--title")?,
                body: body.read(cwd)?,
                labels: labels.clone(),
                assignees: assignees.clone(),
            },
            ActionArgs::EditIssue { issue, title, body } => {
                let (title, body) = edits(title, body, cwd)?;
                Steer::EditIssue {
                    issue: *issue,
                    title,
                    body,
                }
            }
            ActionArgs::CloseIssue { issue, reason } => Steer::CloseIssue {
                issue: *issue,
                reason: *reason,
            },
            ActionArgs::CreatePr {
                title,
                head,
                base,
                body,
                draft,
            } => Steer::CreatePullRequest {
                title: non_blank(title, "--title")?,
                head: non_blank(head, "--head")?,
                base: non_blank(base, "--base")?,
                body: body.read(cwd)?,
                draft: *draft,
            },
            ActionArgs::EditPr { pr, title, body } => {
                let (title, body) = edits(title, body, cwd)?;
                Steer::EditPullRequest {
                    pr: *pr,
                    title,
                    body,
                }
            }
            ActionArgs::ClosePr { pr } => Steer::ClosePullRequest { pr: *pr },
            ActionArgs::RequestReview {
                pr,
                reviewers,
                teams,
            } => {
                if reviewers.is_empty() && teams.is_empty() {
                    return Err(Error::usage(
                        "request-review needs at least one --reviewer or --team",
                    ));
                }
                Steer::RequestReview {
                    pr: *pr,
                    reviewers: reviewers.clone(),
                    teams: teams.clone(),
                }
            }
            ActionArgs::ReplyInline {
                pr,
                comment_id,
                body,
            } => Steer::ReplyInline {
                pr: *pr,
                comment_id: *comment_id,
                body: body.required(cwd, "reply body")?,
            },
            ActionArgs::MergePr { pr, method, sha } => Steer::MergePullRequest {
                pr: *pr,
                method: *method,
                sha: match sha {
                    Some(sha) if !is_sha(sha) => {
                        return Err(Error::usage(format!(
                            "--sha '{sha}' is not a commit sha: 40 (or 64) hexadecimal digits"
                        )));
                    }
                    other => other.clone(),
                },
            },
        })
    }
}

fn is_sha(text: &str) -> bool {
    (text.len() == 40 || text.len() == 64) && text.chars().all(|c| c.is_ascii_hexdigit())
}

/// An edit changes the title, the body or both; it cannot change nothing.
fn edits(
    title: &Option<String>,
    body: &BodyArgs,
    cwd: &std::path::Path,
) -> Result<(Option<String>, Option<String>)> {
    let title = title
        .as_deref()
        .map(|t| non_blank(t, "--title"))
        .transpose()?;
    let body = body.read(cwd)?;
    if title.is_none() && body.is_none() {
        return Err(Error::usage(
            "nothing to change: pass --title, --body or --body-file",
        ));
    }
    Ok((title, body))
}

pub fn run(args: SteerArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let provenance = args.provenance.resolve()?;
    let request_id = args.provenance.request_id()?;
    let steer = args.action.resolve(ctx)?;
    let file = ctx.voyage_file(&args.voyage)?;
    let repo = ctx.repository(args.repo.as_deref())?.to_string();
    let mut conn = super::context::open_named(&file)?;
    let kind = steer_kind(&steer);
    // A retry of a recorded request needs no GitHub at all (seal checks again
    // under the write lock, for a retry racing the original).
    if let Some(request_id) = request_id
        && let Some(entry) = logbook::find_by_request_id(&conn, request_id)?
    {
        return replayed(entry, kind);
    }
    let doing = format!("{} in {repo}", steer.doing());
    let home = ctx.home.root();
    if let Some(request_id) = request_id
        && let Some(pending) = Pending::resume(home, &file.id, request_id)
    {
        return finish_interrupted(&mut conn, &provenance, request_id, pending, kind);
    }
    let session = crate::github::connect(ctx, Some(&provenance.identity), &repo)?;
    let mut acted: Option<Pending> = None;
    let sealed = logbook::seal(&mut conn, &provenance, request_id, |_bearing| {
        let mut pending = Pending::begin(
            home,
            pending::Record {
                voyage: file.id,
                request_id: request_id.map(str::to_string),
                doing: doing.clone(),
                identity: provenance.identity.clone(),
                started_at: crate::model::now(),
                answer: None,
            },
        )?;
        let answer = session
            .runtime
            .block_on(crate::github::steer::perform(&session.client, &steer));
        match answer {
            Ok(record) => {
                pending.answered(&record);
                acted = Some(pending);
                Ok(Action::Steer(Box::new(record)))
            }
            Err(err) => {
                pending.finish();
                Err(err.into_error(
                    &steer.doing(),
                    &repo,
                    "nothing was recorded and the slate is unchanged",
                ))
            }
        }
    });
    let sealed = match (sealed, acted) {
        (Ok(sealed), acted) => {
            if let Some(pending) = acted {
                pending.finish();
            }
            sealed
        }
        (Err(err), Some(_kept)) => {
            // GitHub acted, but the entry could not be committed: say so,
            // and keep the pending record so a retry can record it.
            return Err(Error::new(
                err.kind(),
                format!("GitHub did {doing}, but recording the entry failed: {}", err.message()),
            )
            .hint(match request_id {
                Some(_) => "retry the same command with the same --request-id: helm records GitHub's saved answer without acting again",
                None => "the answer is kept under $HELM_HOME/pending; `helm voyage show` lists it",
            }));
        }
        (Err(err), None) => return Err(err),
    };
    if sealed.replayed {
        return replayed(sealed.entry, kind);
    }
    Ok(Box::new(Recorded { sealed }))
}

/// A retry of a steer that was interrupted after it was sent: record GitHub's
/// saved answer, or refuse when nobody knows whether GitHub acted.
fn finish_interrupted(
    conn: &mut rusqlite::Connection,
    provenance: &crate::model::Provenance,
    request_id: &str,
    pending: Pending,
    kind: crate::model::entry::SteerKind,
) -> Result<Box<dyn Report>> {
    let Some(answer) = pending.record().answer.clone() else {
        return Err(Error::new(
            crate::error::Kind::Conflict,
            format!(
                "an earlier attempt with request id '{request_id}' ({}) was interrupted while GitHub was answering; helm cannot tell whether GitHub acted",
                pending.record().doing
            ),
        )
        .hint("check on GitHub; to act again use a new --request-id (`helm voyage show` lists the interrupted attempt)"));
    };
    if answer.steer != kind {
        return Err(Error::new(
            crate::error::Kind::Conflict,
            format!(
                "request id '{request_id}' was already used for {}, a different action",
                pending.record().doing
            ),
        )
        .hint("use a fresh --request-id for a new action"));
    }
    let sealed = logbook::seal(conn, provenance, Some(request_id), |_bearing| {
        Ok(Action::Steer(Box::new(answer)))
    })?;
    pending.finish();
    Ok(Box::new(Recorded { sealed }))
}

fn replayed(
    entry: logbook::Entry,
    kind: crate::model::entry::SteerKind,
) -> Result<Box<dyn Report>> {
    super::check_replay(
        &entry,
        |action| matches!(action, Action::Steer(record) if record.steer == kind),
    )?;
    Ok(Box::new(Recorded {
        sealed: logbook::Sealed {
            entry,
            replayed: true,
        },
    }))
}

fn steer_kind(steer: &Steer) -> crate::model::entry::SteerKind {
    use crate::model::entry::SteerKind;
    match steer {
        Steer::Comment { .. } => SteerKind::Comment,
        Steer::CreateIssue { .. } => SteerKind::CreateIssue,
        Steer::EditIssue { .. } => SteerKind::EditIssue,
        Steer::CloseIssue { .. } => SteerKind::CloseIssue,
        Steer::CreatePullRequest { .. } => SteerKind::CreatePr,
        Steer::EditPullRequest { .. } => SteerKind::EditPr,
        Steer::ClosePullRequest { .. } => SteerKind::ClosePr,
        Steer::RequestReview { .. } => SteerKind::RequestReview,
        Steer::ReplyInline { .. } => SteerKind::ReplyInline,
        Steer::MergePullRequest { .. } => SteerKind::MergePr,
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any bytes in a body file are either taken as the exact text or
        /// refused as a usage error, never mangled and never a panic.
        #[test]
        fn body_files_are_taken_verbatim_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("body"), &bytes).unwrap();
            let args = BodyArgs { body: None, body_file: Some("body".into()) };
            match (args.read(dir.path()), std::str::from_utf8(&bytes)) {
                (Ok(Some(text)), Ok(expected)) => prop_assert_eq!(text, expected),
                (Err(err), Err(_)) => prop_assert_eq!(err.kind(), crate::error::Kind::Usage),
                (got, _) => prop_assert!(false, "unexpected {:?}", got.map_err(|e| e.to_string())),
            }
        }
    }
}
