//! What `resolve-thread` and `unresolve-thread` share: the thread asked for
//! and the state asked of it ([`ThreadMutation`]), the thread id's check, and
//! what both entries record ([`ThreadChanged`]). Each forge's request, its
//! read of the thread before acting and its look after a lost answer are the
//! forge crate's (helm-github's `act/thread.rs`).

use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::RecordPart;
use super::shared::non_blank;
use crate::error::arg;
use crate::error::{Error, Result};
use crate::model::SteerRecord;
use crate::model::words;

/// The thread an action asks to change: what both actions record.
pub(super) struct ThreadMutation<'a> {
    pub(crate) pr: u64,
    pub(crate) thread: &'a str,
}

pub(super) fn thread_id(given: &str) -> Result<String> {
    let id = non_blank(given, "thread")?;
    if id.chars().any(char::is_whitespace) {
        return Err(Error::usage(words![
            arg("thread"),
            format!(
                " '{id}' is not a thread id: give the `threadId` (PRRT_…) the PR's reviews list"
            ),
        ]));
    }
    Ok(id)
}

impl ThreadMutation<'_> {
    pub(super) fn asked(&self, record: &mut SteerRecord) -> ThreadChanged {
        record.pr = Some(self.pr);
        ThreadChanged {
            thread: Some(self.thread.to_string()),
            resolved: None,
        }
    }

    /// The thread's state a forge answered; see `SteerAction::performed`.
    /// `doing` is the action's own words (`Steer::doing`).
    pub(super) fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
        doing: &str,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::Thread { resolved, url } => {
                record.url = url;
                record.edit_part(|part: &mut ThreadChanged| part.resolved = Some(resolved));
                Ok(record)
            }
            other => Err(super::produced::unexpected(forge, doing, &other)),
        }
    }
}

/// What the entry of `resolve-thread` or `unresolve-thread` records of its
/// own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct ThreadChanged {
    /// The review thread (GraphQL node id, `PRRT_…`) changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) thread: Option<String>,
    /// Whether that thread is resolved afterwards, as GitHub answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) resolved: Option<bool>,
}

impl RecordPart for ThreadChanged {
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        (asked.thread != recorded.thread).then_some("review thread")
    }
}

/// `resolve review thread PRRT_… on PR #45`.
pub(super) fn headline(verb: &str, record: &SteerRecord, subject: &str) -> String {
    let part: ThreadChanged = record.part();
    let thread = part.thread.as_deref().unwrap_or("?");
    format!("{verb} review thread {thread} on {subject}")
}

/// Writes a thread action's arguments and its [`super::SteerAction`]: the two
/// actions differ only in the state they ask for, their verb and their docs,
/// so each one's file is an invocation of this, and [`ThreadMutation`] does
/// the work.
macro_rules! thread_action {
    (
        $(#[$doc:meta])*
        $Type:ident($Args:ident), verb: $verb:literal, sample: $sample:literal
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        #[schemars(inline)]
        pub struct $Args {
            /// The pull request the thread is on.
            pr: u64,
            /// The thread's node id (`PRRT_…`), as the PR's `reviews` focus lists it.
            thread: String,
        }

        impl $crate::inputs::Flags for $Args {
            fn flags() -> Vec<$crate::inputs::Flag> {
                use $crate::inputs::Flag;
                vec![Flag::option("pr", "N").issue_number().required(), Flag::option("thread", "ID").required()]
            }
        }

        /// The thread asked for, in the state this action asks for.
        fn change(action: &$Type) -> super::thread_toggle::ThreadMutation<'_> {
            super::thread_toggle::ThreadMutation {
                pr: action.pr,
                thread: &action.thread,
            }
        }

        impl super::SteerAction for $Type {
            type Args = $Args;
            type Record = super::thread_toggle::ThreadChanged;

            fn resolve(
                args: &$Args,
                _cwd: &std::path::Path,
                _stdin: $crate::inputs::Stdin,
            ) -> $crate::error::Result<Self> {
                Ok($Type {
                    pr: args.pr,
                    thread: super::thread_toggle::thread_id(&args.thread)?,
                    seen: None,
                })
            }

            fn subject(&self) -> Option<helm_forge::act::IssueOrPull> {
                Some(helm_forge::act::IssueOrPull::PullRequest(self.pr))
            }


            fn asked(&self, record: &mut $crate::model::SteerRecord) -> Self::Record {
                change(self).asked(record)
            }

            fn performed(
                &self,
                record: $crate::model::SteerRecord,
                produced: helm_forge::Produced,
                forge: helm_forge::ForgeName,
            ) -> $crate::error::Result<$crate::model::SteerRecord> {
                change(self).performed(record, produced, forge, &self.doing())
            }

            fn headline(record: &$crate::model::SteerRecord, subject: &str) -> String {
                super::thread_toggle::headline($verb, record, subject)
            }

            #[cfg(test)]
            fn sample() -> &'static str {
                $sample
            }
        }
    };
}
pub(super) use thread_action;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_id_is_one_word() {
        assert_eq!(thread_id(" PRRT_1 ").unwrap(), "PRRT_1");
        assert!(thread_id("").is_err());
        assert!(thread_id("PRRT 1").is_err());
    }
}
