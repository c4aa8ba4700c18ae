//! What a steer sends and what came of it, in neutral words: the writes of one
//! action, final before anything leaves ([`WritePlan`], [`ForgeWrite`]); what
//! they produced ([`Produced`]); what a look after a lost answer found
//! ([`Traced`], within a [`TraceWindow`]); and a forge's failure with whether
//! it may have acted ([`ForgeError`], [`WriteOutcome`]).

use helm_model::error::{Error, Words};
use jiff::Timestamp;
use serde_json::Value;

use crate::act::Steer;

/// One write, final: its method, its path relative to the API URL
/// (`/projects/group%2Fproject/merge_requests/7/notes`), and its JSON body
/// serialised once from the forge crate's typed struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForgeWrite {
    pub method: &'static str,
    pub path: String,
    pub body: Option<String>,
}

/// What `prepare` returns: the steer to keep in the pending record (as
/// asked, or with the state seen before acting) and its writes in order.
#[derive(Clone, Debug, PartialEq)]
pub struct WritePlan {
    pub steer: Steer,
    pub writes: Vec<ForgeWrite>,
    /// What `prepare` read that `send` needs and no write carries (the
    /// labels the target had, a note's discussion id), the forge's own.
    pub read: Value,
}

/// What an action's writes produced (or a look found), in neutral words; the
/// core's action turns it into its entry's part. Each action makes one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Produced {
    /// `comment`, `reply-inline`: the note or comment made.
    Posted {
        id: u64,
        url: Option<String>,
        author: Option<String>,
    },
    /// `create-issue`, `create-pr`: the number (GitLab's `iid`) made, and
    /// the labels and assignees the forge applied.
    Opened {
        number: u64,
        url: Option<String>,
        author: Option<String>,
        labels: Vec<String>,
        assignees: Vec<String>,
        /// The title as the forge answered it, where the entry records the
        /// forge's word (GitHub's); `None` keeps the title asked (GitLab
        /// answers a draft's title with its `Draft:` prefix).
        title: Option<String>,
        /// Whether the forge made the pull request a draft, where the entry
        /// records the forge's word (GitHub's); `None` keeps what was asked.
        draft: Option<bool>,
    },
    /// `edit-issue`, `edit-pr`: the title and body as they are after.
    Edited {
        title: Option<String>,
        body: Option<String>,
        url: Option<String>,
    },
    /// `close-issue`, `reopen-issue`, `close-pr`: the state after.
    State {
        state: String,
        reason: Option<String>,
        url: Option<String>,
    },
    /// `request-review`: who is asked now.
    Reviewers {
        users: Vec<String>,
        teams: Vec<String>,
        url: Option<String>,
    },
    /// `merge-pr`: the merge commit.
    Merged {
        sha: Option<String>,
        url: Option<String>,
    },
    /// `label`: the labels after, and those asked off that were not there.
    Labelled {
        now: Vec<String>,
        not_present: Vec<String>,
        url: Option<String>,
    },
    /// `resolve-thread`, `unresolve-thread`: the discussion's state after.
    Thread { resolved: bool, url: Option<String> },
}

/// Which traces can be an attempt's: made by `viewer`, at or after `since`
/// on the forge's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceWindow {
    pub viewer: String,
    pub since: Timestamp,
}

impl TraceWindow {
    /// Whether a trace made at `at` (RFC 3339, as the forge writes it) is in
    /// the window; a time the forge did not give, or that does not read, is not.
    pub fn admits(&self, at: Option<&str>) -> bool {
        at.and_then(|at| at.parse::<Timestamp>().ok())
            .is_some_and(|at| at >= self.since)
    }

    /// Whether `login` is the account that acts.
    pub fn by(&self, login: Option<&str>) -> bool {
        login.is_some_and(|l| l.eq_ignore_ascii_case(&self.viewer))
    }
}

/// What a forge shows about an earlier attempt whose answer was lost.
#[derive(Debug)]
pub enum Traced {
    /// Traces that match the attempt, earliest first; the first no entry
    /// names yet is its effect.
    Found(Vec<Produced>),
    /// The forge shows it did not happen: acting is safe.
    NotDone,
    /// helm cannot tell; the words say what to check.
    CannotTell(Words),
}

/// Whether a failed request may have changed the forge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOutcome {
    /// Nothing was done (refused, never sent, a read): safe to try again.
    NotDone,
    /// It may have acted (no answer, a timeout, a later write of several
    /// failed): a look must settle it before helm acts again.
    Unknown,
}

/// A forge's failure, already in helm's words (kind, message, hint, and the
/// facts `forge` and `forgeStatus`), with whether it may have acted.
#[derive(Debug)]
pub struct ForgeError {
    pub error: Error,
    pub outcome: WriteOutcome,
}

impl ForgeError {
    /// A failure that acted on nothing.
    pub fn not_done(error: Error) -> ForgeError {
        ForgeError {
            error,
            outcome: WriteOutcome::NotDone,
        }
    }

    /// A failure after which the forge may have acted.
    pub fn unknown(error: Error) -> ForgeError {
        ForgeError {
            error,
            outcome: WriteOutcome::Unknown,
        }
    }
}

impl From<Error> for ForgeError {
    /// helm's own refusals (usage, unsupported, stale) act on nothing.
    fn from(error: Error) -> ForgeError {
        ForgeError::not_done(error)
    }
}
