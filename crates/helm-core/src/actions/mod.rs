//! The steer actions, one file each, and their registry. Each action file
//! holds the action's arguments (serde + schemars + its [`Flags`]: one `///`
//! line is the `--help`, the MCP schema and the docs), what the entry
//! records (what was asked, and what a forge's writes or a look after a lost
//! answer produced: `performed`), and its headline; its checked value is
//! helm-forge's (`act/`), which every forge builds its requests from (GitHub's
//! in helm-github's `act/`, none here). [`SteerAction`] is the checklist,
//! implemented here for those values; the [`actions!`] invocation below lists
//! every action once, declares its module and generates [`ActionArgs`] and the
//! dispatch over helm-forge's [`Steer`] ([`Dispatch`]). What an action's entry
//! records of its own is its part ([`part::RecordPart`]); the model keeps it as
//! JSON, so adding an action touches its value in helm-forge, its file and line
//! here, and the model's list of names (`helm_model::action_kind`).

// What the actions share; each action's own module is declared by its
// line in the registry below.
mod edit;
mod effect;
mod names;
mod part;
mod produced;
mod reading;
mod replay;
mod shared;
mod thread_toggle;

use std::marker::PhantomData;
use std::path::Path;

use helm_forge::{ForgeName, Produced, act};
use serde::Deserialize;

pub(crate) use effect::Effect;
pub(crate) use helm_forge::act::{IssueOrPull, Steer};
pub(crate) use part::RecordSchema;
pub use reading::{Headline, body, details};
pub(crate) use reading::{comment, dropped};
pub(crate) use reading::{made, names, overrode, posted};
pub(crate) use replay::Replay;

use crate::error::Result;
use crate::inputs::{FlagCommand, FlagCommands, Flags, Stdin};
pub use crate::model::ActionKind;
use crate::model::{Repo, SteerRecord};
use part::{As, Reading, RecordPart};

/// What one steer action provides. The compiler points a new action at
/// every method here; the defaults are for actions that pin nothing, name
/// nothing of their own and add no lines to the story.
pub(crate) trait SteerAction: Clone + Sized {
    /// The action as given on the command line (its [`Flags`]) or in
    /// MCP's JSON.
    type Args: Flags;
    /// What its entry records of its own, beside the fields every steer
    /// shares.
    type Record: RecordPart;

    /// Checks the arguments and reads the body (`stdin` says whether `-`
    /// may read it): everything that can fail before GitHub is contacted.
    fn resolve(args: &Self::Args, cwd: &Path, stdin: Stdin) -> Result<Self>;
    /// The existing issue or pull request the action changes, which the
    /// freshness guard checks; `None` for the actions that create one.
    fn subject(&self) -> Option<IssueOrPull>;
    /// The texts it posts, named by what they are (`title`, `body`): what
    /// the secret check reads before anything is acted or recorded.
    fn texts(&self) -> Vec<(&'static str, &str)> {
        Vec::new()
    }
    /// The body it posts, for a disclosure footer; `None` for an action that
    /// posts none. One that creates an issue or PR gets an empty body to
    /// hold the footer.
    fn body_mut(&mut self) -> Option<&mut String> {
        None
    }
    /// What was asked, before GitHub adds what it produced: the entry
    /// keeps what was said and asked. Fills in the shared fields it names
    /// (the issue or pull request) and returns the action's part.
    fn asked(&self, record: &mut SteerRecord) -> Self::Record;
    /// Whether the action is to be pinned to the head sha the bearing saw.
    fn pins(&self) -> bool {
        false
    }
    /// The action pinned to `head`.
    fn pinned(&self, _head: String) -> Self {
        self.clone()
    }
    /// The head sha the action is pinned to, if any.
    fn pinned_to(&self) -> Option<&str> {
        None
    }
    /// Whether the action waits for the bearing to show its pull request
    /// ready (checks and reviews, ADR 0020).
    fn needs_ready(&self) -> bool {
        false
    }
    /// The reason given to act although not ready (`--override`).
    fn overridden(&self) -> Option<&str> {
        None
    }
    /// What its writes produced on `forge` (or a look after a lost answer
    /// found there), added to `record` (what was asked). Pure: a `Produced`
    /// of another action's kind is an error naming the forge, and nothing of
    /// it is recorded.
    fn performed(
        &self,
        record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord>;
    /// The JSON path and value in an entry's action that name what the
    /// effect made in the world (a comment, an issue, a merge commit), so
    /// a trace an entry already records is not taken twice. Changes to what
    /// exists name nothing of their own.
    fn names(_record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        None
    }
    /// The story line after `── Steer 3 ──`; `subject` is `PR #45`,
    /// `issue #42` or the repository.
    fn headline(record: &SteerRecord, subject: &str) -> String;
    /// Refuses a thinking method (steer's `--method`, which the command
    /// line accepts after the action too) that reads as one of the action's
    /// own options, saying which was meant; most actions have none.
    fn misread_method(_args: &Self::Args, _method: &str) -> Result<()> {
        Ok(())
    }

    /// A request with every field its entry records of what was asked
    /// set, as MCP's JSON gives it: the replay test changes each field in
    /// turn and expects another request. JSON text, as a client sends it.
    #[cfg(test)]
    fn sample() -> &'static str;
}

/// What the core does with helm-forge's [`Steer`], each method dispatched to
/// the action's [`SteerAction`] by [`actions!`] (a trait because the enum is
/// another crate's).
pub(crate) trait Dispatch {
    /// The existing issue or pull request the action changes; `None` for the
    /// actions that create one.
    fn thread(&self) -> Option<IssueOrPull>;
    /// See [`SteerAction::texts`].
    fn texts(&self) -> Vec<(&'static str, &str)>;
    /// See [`SteerAction::body_mut`].
    fn body_mut(&mut self) -> Option<&mut String>;
    /// The record of what was asked, before GitHub adds what it produced.
    fn asked(&self, repo: &Repo) -> SteerRecord;
    /// Whether the action waits to be pinned to the head sha seen.
    fn pins(&self) -> bool;
    /// The action pinned to `head`.
    fn pinned(&self, head: String) -> Steer;
    /// The head sha the action is pinned to, if any.
    fn pinned_to(&self) -> Option<&str>;
    /// Whether the action waits for its pull request to be ready.
    fn needs_ready(&self) -> bool;
    /// The reason given to act although not ready.
    fn overridden(&self) -> Option<&str>;
    /// The record of what `forge`'s writes produced for this steer on
    /// `repo`; see [`SteerAction::performed`].
    fn performed(&self, repo: &str, produced: Produced, forge: ForgeName) -> Result<SteerRecord>;

    /// The number of the issue or pull request the action changes.
    fn subject(&self) -> Option<u64> {
        self.thread().map(IssueOrPull::number)
    }
}

/// Lists every action once: its variant, its name on the command line and
/// on disk, its checked type and its arguments.
macro_rules! actions {
    ($($Variant:ident $name:literal $module:ident :: $Type:ident ($Args:ident);)*) => {
        $(mod $module;)*

        // A steer action as a front end gives it (bodies inline, from a file
        // or from stdin; the merge strategy as gh's flags or as `strategy`).
        // No doc comment: it would be the MCP schema's description, which
        // each action's arguments give. The schema keeps the name MCP
        // clients have seen.
        #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
        #[serde(tag = "kind")]
        #[schemars(rename = "ActionSpec")]
        pub enum ActionArgs {
            $(
                #[serde(rename = $name)]
                $Variant($module::$Args),
            )*
        }

        /// What each kind of recorded steer means, from its action's file.
        /// A kind the model lists without an action here, or the reverse,
        /// fails to build.
        pub(crate) trait Meaning {
            fn names(self, record: &SteerRecord) -> Option<(&'static str, serde_json::Value)>;
            fn headline(self, record: &SteerRecord, subject: &str) -> String;
            /// How its record's part reads, as its action's part type.
            fn part(self) -> &'static dyn Reading;
        }

        /// The registry's names, to check against the model's.
        #[cfg(test)]
        const REGISTERED: &[(ActionKind, &str)] = &[$((ActionKind::$Variant, $name)),*];

        /// Each action's [`SteerAction::sample`], in the registry's order.
        #[cfg(test)]
        pub(crate) fn samples() -> Vec<serde_json::Value> {
            vec![$(serde_json::from_str(<act::$Type as SteerAction>::sample())
                .expect("an action's sample is JSON")),*]
        }

        impl Meaning for ActionKind {
            fn names(self, record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
                match self {
                    $(ActionKind::$Variant => <act::$Type as SteerAction>::names(record),)*
                }
            }

            fn headline(self, record: &SteerRecord, subject: &str) -> String {
                match self {
                    $(ActionKind::$Variant => <act::$Type as SteerAction>::headline(record, subject),)*
                }
            }

            fn part(self) -> &'static dyn Reading {
                match self {
                    $(ActionKind::$Variant => &As::<<act::$Type as SteerAction>::Record>(PhantomData),)*
                }
            }
        }

        impl FlagCommands for ActionArgs {
            fn commands() -> Vec<FlagCommand> {
                vec![$(FlagCommand::of::<$module::$Args>($name)),*]
            }

            fn command(name: &str) -> Option<FlagCommand> {
                match name {
                    $($name => Some(FlagCommand::of::<$module::$Args>($name)),)*
                    _ => None,
                }
            }
        }

        impl ActionArgs {
            /// Checks the action and reads its body (`stdin` says whether `-`
            /// may read it): everything that can fail before GitHub is contacted.
            pub(crate) fn resolve(&self, cwd: &Path, stdin: Stdin) -> Result<Steer> {
                Ok(match self {
                    $(ActionArgs::$Variant(args) => Steer::$Variant(<act::$Type as SteerAction>::resolve(args, cwd, stdin)?),)*
                })
            }

            /// See [`SteerAction::misread_method`].
            pub fn misread_method(&self, method: &str) -> Result<()> {
                match self {
                    $(ActionArgs::$Variant(args) => <act::$Type as SteerAction>::misread_method(args, method),)*
                }
            }
        }

        /// The record of what `steer` asks on `repo` (as the entry spells
        /// it), before GitHub or another forge adds what it produced.
        fn asked_on(steer: &Steer, repo: &str) -> SteerRecord {
            let mut record = SteerRecord::new(steer.kind(), repo);
            match steer {
                $(Steer::$Variant(action) => {
                    let part = action.asked(&mut record);
                    record.set_part(&part);
                })*
            }
            record
        }

        impl Dispatch for Steer {
            /// The existing issue or pull request the action changes; `None`
            /// for the actions that create one.
            fn thread(&self) -> Option<IssueOrPull> {
                match self {
                    $(Steer::$Variant(action) => action.subject(),)*
                }
            }

            /// See [`SteerAction::texts`].
            fn texts(&self) -> Vec<(&'static str, &str)> {
                match self {
                    $(Steer::$Variant(action) => action.texts(),)*
                }
            }

            /// See [`SteerAction::body_mut`].
            fn body_mut(&mut self) -> Option<&mut String> {
                match self {
                    $(Steer::$Variant(action) => action.body_mut(),)*
                }
            }

            /// The record of what was asked, before GitHub adds what it
            /// produced: the entry keeps what was said and asked.
            fn asked(&self, repo: &Repo) -> SteerRecord {
                asked_on(self, &repo.to_string())
            }

            fn performed(&self, repo: &str, produced: Produced, forge: ForgeName) -> Result<SteerRecord> {
                let record = asked_on(self, repo);
                match self {
                    $(Steer::$Variant(action) => action.performed(record, produced, forge),)*
                }
            }

            /// Whether the action waits to be pinned to the head sha seen.
            fn pins(&self) -> bool {
                match self {
                    $(Steer::$Variant(action) => action.pins(),)*
                }
            }

            /// The action pinned to `head`.
            fn pinned(&self, head: String) -> Steer {
                match self {
                    $(Steer::$Variant(action) => Steer::$Variant(action.pinned(head)),)*
                }
            }

            /// The head sha the action is pinned to, if any.
            fn pinned_to(&self) -> Option<&str> {
                match self {
                    $(Steer::$Variant(action) => action.pinned_to(),)*
                }
            }

            /// Whether the action waits for its pull request to be ready.
            fn needs_ready(&self) -> bool {
                match self {
                    $(Steer::$Variant(action) => action.needs_ready(),)*
                }
            }

            /// The reason given to act although not ready.
            fn overridden(&self) -> Option<&str> {
                match self {
                    $(Steer::$Variant(action) => action.overridden(),)*
                }
            }
        }
    };
}

actions! {
    Comment        "comment"        comment::Comment(CommentArgs);
    CreateIssue    "create-issue"   create_issue::CreateIssue(CreateIssueArgs);
    EditIssue      "edit-issue"     edit_issue::EditIssue(EditIssueArgs);
    CloseIssue     "close-issue"    close_issue::CloseIssue(CloseIssueArgs);
    ReopenIssue    "reopen-issue"   reopen_issue::ReopenIssue(ReopenIssueArgs);
    CreatePr       "create-pr"      create_pr::CreatePr(CreatePrArgs);
    EditPr         "edit-pr"        edit_pr::EditPr(EditPrArgs);
    ClosePr        "close-pr"       close_pr::ClosePr(ClosePrArgs);
    RequestReview  "request-review" request_review::RequestReview(RequestReviewArgs);
    ReplyInline    "reply-inline"   reply_inline::ReplyInline(ReplyInlineArgs);
    MergePr        "merge-pr"       merge_pr::MergePr(MergePrArgs);
    Label          "label"          label::LabelChange(LabelArgs);
    ResolveThread  "resolve-thread" resolve_thread::ResolveThread(ResolveThreadArgs);
    UnresolveThread "unresolve-thread" unresolve_thread::UnresolveThread(UnresolveThreadArgs);
}

#[cfg(test)]
mod tests;
