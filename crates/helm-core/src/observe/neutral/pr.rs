//! `pr` (and `mr`, GitLab's word, stored as `pr`): a pull request's summary,
//! comments, files, diff, checks and reviews on any forge. On GitHub it is a
//! `github-pr` target; elsewhere its payload is the same [`ThreadPayload`],
//! read through the forge's `Repository::thread` ([`thread`], which `issue`
//! shares).

use helm_forge::{Io, Repository, ThreadPart, ThreadRef};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::conversation::{self, ThreadPayload};
use super::super::github_pr::{GitHubPrTarget, PullRequestFocus};
use super::super::local::paths;
use super::super::said::TextSaid;
use super::super::target::{focus_arg, focus_suffix};
use super::super::{KindArgs, KindTarget, Place, Subject, Target, Way};
use super::{ForgeLook, ForgeSite, place_flags};
use crate::error::{CommandArg, Result, Words};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::ops::Located;

/// A pull request or merge request: summary, comments, files, diff, checks, reviews.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PrArgs {
    /// The pull request number.
    pub(crate) number: u64,
    /// Which parts to fetch (default: all).
    #[serde(default)]
    pub(crate) focus: Vec<PullRequestFocus>,
    /// OWNER/NAME, HOST/PATH or the repository's URL (default: GH_REPO, then git remote `origin`).
    #[serde(default)]
    pub(crate) repo: Option<String>,
    /// The forge of an unknown host: github, gitlab, forgejo.
    #[serde(default)]
    pub(crate) forge: Option<String>,
}

impl Flags for PrArgs {
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

    fn aliases() -> &'static [&'static str] {
        &["mr"]
    }
}

/// A pull request on a forge other than GitHub.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrTarget {
    #[serde(flatten)]
    pub(crate) site: ForgeSite,
    pub(crate) number: u64,
    pub(crate) focus: Vec<PullRequestFocus>,
}

impl KindArgs for PrArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn forge_flag(&self) -> Option<Option<&str>> {
        Some(self.forge.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        let focus = paths::focus(&self.focus, PullRequestFocus::ALL);
        Ok(match place.located()? {
            Located::GitHub(repo) => Target::from(GitHubPrTarget {
                repo,
                number: self.number,
                focus,
            }),
            Located::Forge(at) => Target::from(PrTarget {
                site: ForgeSite::of(&at),
                number: self.number,
                focus,
            }),
        })
    }
}

impl KindTarget for PrTarget {
    fn subject(&self) -> Option<Subject> {
        Some(self.site.subject(
            true,
            self.number,
            self.focus.iter().map(|f| f.as_str()).collect(),
        ))
    }

    fn describe(&self) -> Words {
        words![
            format!("pr {}#{}", self.site.named(), self.number),
            focus_suffix(&self.focus, PullRequestFocus::ALL),
        ]
    }

    fn way(&self) -> Way<'_> {
        Way::Forge(self)
    }

    fn is_pull(&self) -> bool {
        true
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
        let number = CommandArg::Word(format!("pr {}", self.number));
        let focus = focus_arg(&self.focus, PullRequestFocus::ALL);
        let mut args: Vec<CommandArg> = [Some(number), focus].into_iter().flatten().collect();
        args.extend(self.site.args());
        Some(args)
    }
}

impl ForgeLook for PrTarget {
    fn site(&self) -> &ForgeSite {
        &self.site
    }

    fn looking<'a>(&'a self, repo: &'a dyn Repository) -> Io<'a, Value> {
        let parts = self.focus.iter().map(|f| part(*f)).collect();
        let at = ThreadRef {
            number: self.number,
            is_pr: true,
        };
        Box::pin(thread(repo, &self.site, at, parts))
    }

    fn words(&self, payload: &Value) -> String {
        ThreadPayload::deserialize(payload).map_or_else(|_| String::new(), |p| p.words())
    }
}

fn part(focus: PullRequestFocus) -> ThreadPart {
    match focus {
        PullRequestFocus::Summary => ThreadPart::Summary,
        PullRequestFocus::Comments => ThreadPart::Comments,
        PullRequestFocus::Files => ThreadPart::Files,
        PullRequestFocus::Diff => ThreadPart::Diff,
        PullRequestFocus::Checks => ThreadPart::Checks,
        PullRequestFocus::Reviews => ThreadPart::Reviews,
    }
}

/// An issue's or a pull request's `parts` as a [`ThreadPayload`], the same
/// JSON a GitHub look stores, without validators (the forge answers no
/// conditional requests).
pub(super) async fn thread(
    repo: &dyn Repository,
    site: &ForgeSite,
    at: ThreadRef,
    parts: Vec<ThreadPart>,
) -> Result<Value, helm_forge::ForgeError> {
    let looked = repo.thread(at, &parts).await?;
    let mut payload = ThreadPayload::new(site.repo.clone(), at.number);
    for (part, looked) in looked {
        let value = Some(looked.value);
        match part {
            ThreadPart::Summary => payload.summary = value,
            ThreadPart::Comments => {
                payload.comments = value;
                payload.comments_truncated = looked.truncated;
            }
            ThreadPart::Files => {
                payload.files = value;
                payload.files_truncated = looked.truncated;
            }
            ThreadPart::Diff => payload.diff = value,
            ThreadPart::Checks => payload.checks = value,
            ThreadPart::Reviews => payload.reviews = value,
        }
    }
    Ok(serde_json::to_value(&payload).unwrap_or(Value::Null))
}
