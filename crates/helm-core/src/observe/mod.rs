//! Everything helm knows how to look at: the observation kinds, one file
//! each, and their registry. A kind's file holds its target as given
//! (`<Name>Args`, parsed by the CLI and MCP alike), its canonical target
//! (whose JSON is the slate key), how it looks (a local walk, or
//! helm-forge's `ConditionalLook` for GitHub's requests), its payload and its
//! one-line digest. This module lists every
//! kind once, in [`kinds!`], which makes [`TargetArgs`], [`Target`] and
//! [`KindName`]; the [`KindTarget`] trait is the checklist a kind fills in.
//!
//! Looking never opens a voyage: `ops::observe` puts the result on the
//! slate, after the look.

mod args;
pub(crate) mod conversation;
pub use conversation::ci::combined as combined_statuses;
pub(crate) mod directory_tree;
pub(crate) mod file_contents;
pub(crate) mod fresh;
pub(crate) mod github_checks;
pub(crate) mod github_issue;
pub(crate) mod github_pr;
pub(crate) mod github_repo;
mod github_thread;
pub(crate) mod local;
pub(crate) mod neutral;
pub use neutral::SPELLINGS;
mod payload;
mod remote;
pub(crate) mod rust_project;
pub(crate) mod said;
pub(crate) mod standing;
mod tally;
mod target;
mod way;

use serde_json::Value;

use crate::error::CommandArg;
use crate::error::Result;
use crate::error::Words;
use crate::model::Repo;
use crate::storage::artifact::Packed;

pub(crate) use args::Place;
pub(crate) use conversation::compare::settle;
pub(crate) use local::regular;
pub(crate) use remote::GitHubLook;
pub(crate) use remote::look_github;
pub use tally::{Counting, Tally};
pub(crate) use target::{FocusName, Source};
pub(crate) use way::{LocalLook, Looking, RemoteLook, Way};

/// Lists every kind once: its variant, its name on the command line and in
/// JSON, and its module's argument and target types. Makes the enums the
/// front ends parse and the slate keys on, the names, and the dispatch.
macro_rules! kinds {
    ($($variant:ident $name:literal $(| $alias:literal)? $module:ident :: $args:ident => $target:ident,)+) => {
        // As given: relative paths, focus in any order, the repository
        // optional; `slate erase` takes the same syntax as `observe`. The MCP
        // input schemas name it `TargetSpec`, as they always have.
        /// What to look at.
        #[derive(Debug, Clone, serde::Deserialize, schemars::JsonSchema)]
        #[serde(tag = "kind")]
        #[schemars(rename = "TargetSpec")]
        pub enum TargetArgs {
            $(
                #[serde(rename = $name $(, alias = $alias)?)]
                $variant($module::$args),
            )+
        }

        /// A canonical target: what an observation looked at. Its compact
        /// JSON is the slate key, so two targets that mean the same thing
        /// serialise to the same bytes (each kind's `canonical` sees to it).
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(tag = "kind")]
        pub enum Target {
            $(
                #[serde(rename = $name)]
                $variant($module::$target),
            )+
        }

        /// The name of each observation kind.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum KindName {
            $($variant),+
        }

        impl KindName {
            pub const ALL: &'static [KindName] = &[$(KindName::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(KindName::$variant => $name),+
                }
            }
        }

        impl $crate::inputs::FlagCommands for TargetArgs {
            fn commands() -> Vec<$crate::inputs::FlagCommand> {
                vec![$($crate::inputs::FlagCommand::of::<$module::$args>($name)),+]
            }

            fn command(name: &str) -> Option<$crate::inputs::FlagCommand> {
                match name {
                    $($name $(| $alias)? => Some($crate::inputs::FlagCommand::of::<$module::$args>($name)),)+
                    _ => None,
                }
            }
        }

        impl TargetArgs {
            fn args(&self) -> &dyn KindArgs {
                match self {
                    $(TargetArgs::$variant(args) => args),+
                }
            }
        }

        impl Target {
            pub fn kind(&self) -> KindName {
                match self {
                    $(Target::$variant(_) => KindName::$variant),+
                }
            }

            pub(crate) fn of(&self) -> &dyn KindTarget {
                match self {
                    $(Target::$variant(target) => target),+
                }
            }
        }

        $(
            impl From<$module::$target> for Target {
                fn from(target: $module::$target) -> Target {
                    Target::$variant(target)
                }
            }
        )+
    };
}

kinds! {
    FileContents  "file-contents"  file_contents::FileContentsArgs => FileContentsTarget,
    DirectoryTree "directory-tree" directory_tree::DirectoryTreeArgs => DirectoryTreeTarget,
    RustProject   "rust-project"   rust_project::RustProjectArgs => RustProjectTarget,
    GitHubIssue   "github-issue"   github_issue::GitHubIssueArgs => GitHubIssueTarget,
    GitHubPr      "github-pr"      github_pr::GitHubPrArgs => GitHubPrTarget,
    GitHubRepo    "github-repo"    github_repo::GitHubRepoArgs => GitHubRepoTarget,
    GitHubChecks  "github-checks"  github_checks::GitHubChecksArgs => GitHubChecksTarget,
    Issue         "issue"          neutral::IssueArgs => IssueTarget,
    Pr            "pr" | "mr"      neutral::PrArgs => PrTarget,
    Repo          "repo"           neutral::RepoArgs => RepoTarget,
    Checks        "checks"         neutral::ChecksArgs => ChecksTarget,
}

/// What a kind's arguments provide: the canonical target. (Their
/// command-line [`Flags`](crate::inputs::Flags) the registry requires.)
pub(crate) trait KindArgs {
    /// For a GitHub kind, the `--repo` given with the target itself (`Some`
    /// of it, or `Some(None)` when it was not given); `None` for a local kind.
    fn repo_flag(&self) -> Option<Option<&str>> {
        None
    }

    /// For a neutral kind, the `--forge` given with the target itself.
    fn forge_flag(&self) -> Option<Option<&str>> {
        None
    }

    /// The canonical target: the same thing spelled differently gives the
    /// same value.
    fn canonical(&self, place: &Place) -> Result<Target>;
}

/// What a kind's canonical target provides.
pub(crate) trait KindTarget {
    /// One line for humans, e.g. `file-contents src/main.rs (+2 more)`,
    /// its flags as references that each front end names its own way
    /// (`--focus` on the command line, `focus` in MCP), since the line
    /// also goes into messages.
    fn describe(&self) -> Words;

    /// Where and how it is looked at.
    fn way(&self) -> Way<'_>;

    /// The one-line digest of a payload of this kind, read as the kind's
    /// own payload type; `None` when it is not one.
    fn digest(&self, payload: &[u8]) -> Option<String>;

    /// The text of a payload of this kind worth finding by search, each
    /// piece with its GitHub author; empty when it is not one.
    fn said(&self, payload: &[u8]) -> Vec<said::TextSaid>;

    /// Whether [`changes`](KindTarget::changes) can say anything: the story opens
    /// two payloads of a target only for a kind that compares them.
    fn compares(&self) -> bool {
        false
    }

    /// What changed between two payloads of this target (`before`, then
    /// `after`), in a few words each, for the story; empty when nothing
    /// did, or when either is not this kind's payload.
    fn changes(&self, _before: &[u8], _after: &[u8]) -> Vec<String> {
        Vec::new()
    }

    /// The arguments naming a GitHub target on the command line, as
    /// `observe` and `slate erase` take them (`github-pr 45 --focus checks
    /// --repo o/r`), so a hint can quote a command that finds it again.
    fn command_args(&self) -> Option<Vec<CommandArg>> {
        None
    }

    /// Whether keys of this target that differ only in ASCII case name the
    /// same thing (see [`Target::key_folds_case`]): GitHub's names are
    /// case-insensitive, paths and git refs are not.
    fn folds_case(&self) -> bool {
        matches!(self.way(), Way::GitHub(_) | Way::Forge(_))
    }

    /// The issue or pull request this target looks at, for the freshness
    /// guard and the brief; `None` for anything else.
    fn thread(&self) -> Option<&dyn ThreadTarget> {
        None
    }

    /// Whether it looks at a pull request (whose readiness a look shows),
    /// on any forge.
    fn is_pull(&self) -> bool {
        self.thread().is_some_and(|t| t.is_pr())
    }

    /// The issue or pull request it looks at on any forge, named as entries
    /// name it, for the brief; `None` for anything else.
    fn subject(&self) -> Option<ThreadSubject> {
        let thread = self.thread()?;
        Some(ThreadSubject {
            pr: thread.is_pr(),
            host: None,
            repo: thread.repo().to_string(),
            number: thread.number(),
            parts: thread.parts(),
        })
    }
}

/// An issue or pull request on any forge, as a steer's entry names it: the
/// repository (`repo`, and `host` on a forge other than GitHub) and number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ThreadSubject {
    pub(crate) pr: bool,
    pub(crate) host: Option<String>,
    pub(crate) repo: String,
    pub(crate) number: u64,
    /// The parts (payload keys) the look fetched.
    pub(crate) parts: Vec<&'static str>,
}

/// An issue or a pull request: what the freshness guard judges a steer by.
pub(crate) trait ThreadTarget {
    fn repo(&self) -> &Repo;
    fn number(&self) -> u64;
    /// A pull request, rather than an issue.
    fn is_pr(&self) -> bool;
    /// The parts (payload keys) it looks at.
    fn parts(&self) -> Vec<&'static str>;
    /// The same target looking only at `parts`.
    fn narrowed(&self, parts: &[&str]) -> Target;
    /// The head sha a payload of it saw, if it saw one.
    fn head_sha(&self, _payload: &Value) -> Option<String> {
        None
    }
}

impl TargetArgs {
    /// The canonical target. `outer` is a `--repo` and a `--forge` given
    /// apart from the target (`helm observe --repo o/r …`, or MCP's `repo`
    /// and `forge`); `locate` finds the repository of a forge's target from
    /// the flags, if any.
    pub(crate) fn resolve(
        &self,
        cwd: &std::path::Path,
        stdin: crate::inputs::Stdin,
        outer: (Option<&str>, Option<&str>),
        locate: args::Locate,
    ) -> Result<Target> {
        args::resolve(self.args(), cwd, stdin, outer, locate)
    }
}

impl Target {
    /// The slate key: compact JSON of the (already canonical) target.
    pub(crate) fn key(&self) -> String {
        serde_json::to_string(self).expect("a Target always serialises")
    }

    /// The key storage compares: the canonical JSON, and whether its
    /// spellings differing in case are the same target.
    pub(crate) fn slate_key(&self) -> crate::model::SlateKey {
        crate::model::SlateKey {
            text: self.key(),
            folds_case: self.of().folds_case(),
        }
    }

    pub fn from_key(key: &str) -> Option<Target> {
        serde_json::from_str(key).ok()
    }

    /// Whether two keys of this kind name the same target when they differ
    /// only in ASCII case: true for GitHub targets whose one mixed-case
    /// field is the repository (GitHub's names are case-insensitive; every
    /// other field of their keys is lowercase). Paths and git refs stay
    /// case-sensitive, so a `github-checks` key naming a ref does not fold.
    pub(crate) fn key_folds_case(key: &str) -> bool {
        const FORGES: [&str; 5] = [
            r#"{"kind":"github-"#,
            r#"{"kind":"issue","#,
            r#"{"kind":"pr","#,
            r#"{"kind":"repo","#,
            r#"{"kind":"checks","#,
        ];
        FORGES.iter().any(|prefix| key.starts_with(prefix))
            && Target::from_key(key).is_some_and(|target| target.of().folds_case())
    }

    /// Where looking happens.
    pub(crate) fn source(&self) -> Source<'_> {
        match self.of().way() {
            Way::Local(_) => Source::Local,
            Way::GitHub(remote) => Source::GitHub(remote.repo()),
            Way::Forge(forge) => Source::Forge(forge),
        }
    }

    /// One line for humans, e.g. `file-contents src/main.rs (+2 more)`, as
    /// the command line says it.
    pub fn describe(&self) -> String {
        self.of().describe().to_string()
    }

    /// The same line as words, for messages that each front end renders.
    pub(crate) fn description(&self) -> Words {
        self.of().describe()
    }

    /// See [`KindTarget::command_args`].
    pub(crate) fn command_args(&self) -> Option<Vec<CommandArg>> {
        self.of().command_args()
    }

    /// The one-line digest of a payload this target's observation stored.
    pub(crate) fn digest(&self, payload: &[u8]) -> Option<String> {
        self.of().digest(payload)
    }

    /// See [`KindTarget::said`].
    pub(crate) fn said(&self, payload: &[u8]) -> Vec<said::TextSaid> {
        self.of().said(payload)
    }

    /// See [`KindTarget::compares`].
    pub(crate) fn compares(&self) -> bool {
        self.of().compares()
    }

    /// See [`KindTarget::changes`].
    pub(crate) fn changes(&self, before: &[u8], after: &[u8]) -> Vec<String> {
        self.of().changes(before, after)
    }

    /// The issue or pull request it looks at, if any.
    pub(crate) fn thread(&self) -> Option<&dyn ThreadTarget> {
        self.of().thread()
    }

    /// See [`KindTarget::subject`].
    pub(crate) fn subject(&self) -> Option<ThreadSubject> {
        self.of().subject()
    }

    /// What a look's progress display says, and what it counts.
    pub fn progress(&self) -> Option<(String, Counting)> {
        match self.of().way() {
            Way::Local(local) => Some(local.progress()),
            // Listings of many pages and long logs take seconds too.
            Way::GitHub(_) => Some((
                format!("reading {} from GitHub", self.describe()),
                Counting::Received,
            )),
            Way::Forge(forge) => Some((
                format!("reading {} from {}", self.describe(), forge.site().forge),
                Counting::Received,
            )),
        }
    }
}

/// A finished look, ready for the slate.
#[derive(Debug)]
pub(crate) struct Looked {
    pub(crate) packed: Packed,
    /// A few words on what came back, for the stderr line.
    pub(crate) summary: String,
    /// The secrets replaced before the payload was packed.
    pub(crate) redacted: Vec<crate::secrets::Redaction>,
    /// The digest line, when the look has it without reading its payload
    /// back (a tree's 4 MB of names cost its look 5 % to parse again).
    pub(crate) digest: Option<String>,
}

/// Looks at a local target (files, trees, Rust projects), counting progress
/// in `tally`.
pub(crate) fn look_local(target: &Target, tally: &Tally) -> Result<Looked> {
    match target.of().way() {
        Way::Local(local) => local.look(tally),
        Way::GitHub(_) | Way::Forge(_) => Err(crate::error::Error::usage(format!(
            "{} is not a local target",
            target.kind().as_str()
        ))),
    }
}

/// `observe` with `args`, as the command line writes it.
#[cfg(test)]
pub(crate) fn typed(args: Vec<CommandArg>) -> String {
    crate::error::Words::of(crate::error::cmd("observe").args(args)).to_string()
}
