//! The checked steer actions, one file each, as a steer's pending record keeps
//! them on disk: the values the core implements its checklist for and every forge
//! builds its requests from. [`steers!`] below lists each once and makes [`Steer`]
//! (its serde tag is the action's name in helm-model's [`ActionKind`]) and its
//! [`Steer::kind`]. The core's `actions!` lists the same actions with their
//! arguments; its tests hold the two lists equal.

mod doing;
mod thread;

use helm_model::ActionKind;
use serde::{Deserialize, Serialize};

pub use thread::ThreadSeen;

/// Where a comment goes, and what an action changes: an issue or a pull
/// request (its conversation for a comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", content = "number", rename_all = "kebab-case")]
// The MCP schemas (and docs/agents.md) have always called it `Thread`.
#[schemars(rename = "Thread")]
pub enum IssueOrPull {
    Issue(u64),
    PullRequest(u64),
}

impl IssueOrPull {
    pub fn number(self) -> u64 {
        match self {
            IssueOrPull::Issue(n) | IssueOrPull::PullRequest(n) => n,
        }
    }

    /// `issue #42`, `PR #45`.
    pub fn describe(self) -> String {
        match self {
            IssueOrPull::Issue(n) => format!("issue #{n}"),
            IssueOrPull::PullRequest(n) => format!("PR #{n}"),
        }
    }
}

/// Lists every action once: its variant, its name on the command line and on
/// disk, and its checked type.
macro_rules! steers {
    ($($Variant:ident $name:literal $module:ident :: $Type:ident;)*) => {
        $(mod $module;)*
        $(pub use $module::$Type;)*

        /// A checked steer action, as pending records keep it on disk.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
        #[serde(tag = "kind")]
        pub enum Steer {
            $(
                #[serde(rename = $name)]
                $Variant($Type),
            )*
        }

        impl Steer {
            /// Which action it is, by the model's name.
            pub fn kind(&self) -> ActionKind {
                match self {
                    $(Steer::$Variant(_) => ActionKind::$Variant,)*
                }
            }
        }

        /// The list's names, to check against the model's.
        #[cfg(test)]
        const LISTED: &[(ActionKind, &str)] = &[$((ActionKind::$Variant, $name)),*];
    };
}

steers! {
    Comment         "comment"          comment::Comment;
    CreateIssue     "create-issue"     create_issue::CreateIssue;
    EditIssue       "edit-issue"       edit_issue::EditIssue;
    CloseIssue      "close-issue"      close_issue::CloseIssue;
    ReopenIssue     "reopen-issue"     reopen_issue::ReopenIssue;
    CreatePr        "create-pr"        create_pr::CreatePr;
    EditPr          "edit-pr"          edit_pr::EditPr;
    ClosePr         "close-pr"         close_pr::ClosePr;
    RequestReview   "request-review"   request_review::RequestReview;
    ReplyInline     "reply-inline"     reply_inline::ReplyInline;
    MergePr         "merge-pr"         merge_pr::MergePr;
    Label           "label"            label::LabelChange;
    ResolveThread   "resolve-thread"   resolve_thread::ResolveThread;
    UnresolveThread "unresolve-thread" unresolve_thread::UnresolveThread;
}

pub use close_issue::CloseReason;
pub use merge_pr::MergeMethod;

#[cfg(test)]
mod tests;
