//! `issue`: an issue's summary and comments on any forge. On GitHub it is a
//! `github-issue` target; elsewhere its payload is the same [`ThreadPayload`],
//! read through the forge's `Repository::thread`.

use helm_forge::{Io, Repository, ThreadPart, ThreadRef};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::conversation::{self, ThreadPayload};
use super::super::github_issue::{GitHubIssueTarget, IssueFocus};
use super::super::local::paths;
use super::super::said::TextSaid;
use super::super::target::{focus_arg, focus_suffix};
use super::super::{KindArgs, KindTarget, Place, Subject, Target, Way};
use super::{ForgeLook, ForgeSite, place_flags};
use crate::error::{CommandArg, Result, Words};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::ops::Located;

/// An issue: its summary and comments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IssueArgs {
    /// The issue number.
    pub(crate) number: u64,
    /// Which parts to fetch (default: all).
    #[serde(default)]
    pub(crate) focus: Vec<IssueFocus>,
    /// OWNER/NAME, HOST/PATH or the repository's URL (default: GH_REPO, then git remote `origin`).
    #[serde(default)]
    pub(crate) repo: Option<String>,
    /// The forge of an unknown host: github, gitlab, forgejo.
    #[serde(default)]
    pub(crate) forge: Option<String>,
}

impl Flags for IssueArgs {
    fn flags() -> Vec<Flag> {
        let mut flags = vec![
            Flag::positional("number", "NUMBER")
                .issue_number()
                .required(),
            Flag::option("focus", "PART").delimited(','),
        ];
        flags.extend(place_flags());
        flags
    }
}

/// An issue on a forge other than GitHub.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueTarget {
    #[serde(flatten)]
    pub(crate) site: ForgeSite,
    pub(crate) number: u64,
    pub(crate) focus: Vec<IssueFocus>,
}

impl KindArgs for IssueArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn forge_flag(&self) -> Option<Option<&str>> {
        Some(self.forge.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        let focus = paths::focus(&self.focus, IssueFocus::ALL);
        Ok(match place.located()? {
            Located::GitHub(repo) => Target::from(GitHubIssueTarget {
                repo,
                number: self.number,
                focus,
            }),
            Located::Forge(at) => Target::from(IssueTarget {
                site: ForgeSite::of(&at),
                number: self.number,
                focus,
            }),
        })
    }
}

impl KindTarget for IssueTarget {
    fn subject(&self) -> Option<Subject> {
        Some(self.site.subject(
            false,
            self.number,
            self.focus.iter().map(|f| f.as_str()).collect(),
        ))
    }

    fn describe(&self) -> Words {
        words![
            format!("issue {}#{}", self.site.named(), self.number),
            focus_suffix(&self.focus, IssueFocus::ALL),
        ]
    }

    fn way(&self) -> Way<'_> {
        Way::Forge(self)
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        let payload: ThreadPayload = serde_json::from_slice(payload).ok()?;
        Some(payload.digest())
    }

    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        serde_json::from_slice::<ThreadPayload>(payload).map_or_else(|_| Vec::new(), |p| p.said())
    }

    fn compares(&self) -> bool {
        true
    }

    fn changes(&self, before: &[u8], after: &[u8]) -> Vec<String> {
        let parts: Vec<&str> = self.focus.iter().map(|f| f.as_str()).collect();
        conversation::changes(&parts, before, after)
    }

    fn command_args(&self) -> Option<Vec<CommandArg>> {
        let number = CommandArg::Word(format!("issue {}", self.number));
        let focus = focus_arg(&self.focus, IssueFocus::ALL);
        let mut args: Vec<CommandArg> = [Some(number), focus].into_iter().flatten().collect();
        args.extend(self.site.args());
        Some(args)
    }
}

impl ForgeLook for IssueTarget {
    fn site(&self) -> &ForgeSite {
        &self.site
    }

    fn looking<'a>(&'a self, repo: &'a dyn Repository) -> Io<'a, Value> {
        let parts: Vec<ThreadPart> = self
            .focus
            .iter()
            .map(|f| match f {
                IssueFocus::Summary => ThreadPart::Summary,
                IssueFocus::Comments => ThreadPart::Comments,
            })
            .collect();
        Box::pin(super::pr::thread(
            repo,
            &self.site,
            ThreadRef {
                number: self.number,
                is_pr: false,
            },
            parts,
        ))
    }

    fn words(&self, payload: &Value) -> String {
        ThreadPayload::deserialize(payload).map_or_else(|_| String::new(), |p| p.words())
    }
}
