//! `github-issue`: an issue's summary and its comments, each a part asked
//! for conditionally on the prior look (ADR 0008). Its payload is the
//! conversation's [`ThreadPayload`].

use futures_util::FutureExt;
use futures_util::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::conversation::{self, ThreadPayload};
use super::github::{Looking, resource, to_value};
use super::local::paths;
use super::said::TextSaid;
use super::target::{focus_arg, focus_enum, focus_suffix};
use super::{KindArgs, KindTarget, Place, RemoteLook, Target, ThreadTarget, Way, parts};
use crate::error::CommandArg;
use crate::error::Result;
use crate::error::Words;
use crate::github::client::Client;
use crate::github::wire::GitHubIssue;
use crate::inputs::{Flag, Flags};
use crate::model::Repo;
use crate::model::words;
use helm_forge::shape;

focus_enum!(
    /// What part of an issue to look at.
    IssueFocus { Summary => "summary", Comments => "comments" }
);

/// A GitHub issue: its summary and comments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GitHubIssueArgs {
    /// The issue number.
    pub(crate) number: u64,
    /// Which parts to fetch (default: all).
    #[serde(default)]
    pub(crate) focus: Vec<IssueFocus>,
    /// The GitHub repository as OWNER/NAME or its URL (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[serde(default)]
    pub(crate) repo: Option<String>,
}

impl Flags for GitHubIssueArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::positional("number", "NUMBER")
                .issue_number()
                .required(),
            Flag::option("focus", "PART").delimited(',').help(
                "Which parts to fetch (default: all); repeatable, or a comma list: \
                 --focus summary,comments",
            ),
            Flag::option("repo", "OWNER/NAME").short('R'),
        ]
    }
}

/// The canonical target: the repository, the number, the focus sorted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GitHubIssueTarget {
    pub(crate) repo: Repo,
    pub(crate) number: u64,
    pub(crate) focus: Vec<IssueFocus>,
}

impl KindArgs for GitHubIssueArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        Ok(Target::from(GitHubIssueTarget {
            repo: place.repository()?,
            number: self.number,
            focus: paths::focus(&self.focus, IssueFocus::ALL),
        }))
    }
}

impl KindTarget for GitHubIssueTarget {
    fn describe(&self) -> Words {
        words![
            format!("github-issue {}#{}", self.repo, self.number),
            focus_suffix(&self.focus, IssueFocus::ALL),
        ]
    }

    fn way(&self) -> Way<'_> {
        Way::GitHub(self)
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        let payload: ThreadPayload = serde_json::from_slice(payload).ok()?;
        Some(payload.digest())
    }

    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        match serde_json::from_slice::<ThreadPayload>(payload) {
            Ok(payload) => payload.said(),
            Err(_) => Vec::new(),
        }
    }

    fn compares(&self) -> bool {
        true
    }

    fn changes(&self, before: &[u8], after: &[u8]) -> Vec<String> {
        conversation::changes(&ThreadTarget::parts(self), before, after)
    }

    fn command_args(&self) -> Option<Vec<CommandArg>> {
        let number = CommandArg::Word(format!("github-issue {}", self.number));
        let focus = focus_arg(&self.focus, IssueFocus::ALL);
        let repo = CommandArg::Value("repo", self.repo.to_string());
        Some(
            [Some(number), focus, Some(repo)]
                .into_iter()
                .flatten()
                .collect(),
        )
    }

    fn thread(&self) -> Option<&dyn ThreadTarget> {
        Some(self)
    }
}

impl ThreadTarget for GitHubIssueTarget {
    fn repo(&self) -> &Repo {
        &self.repo
    }

    fn number(&self) -> u64 {
        self.number
    }

    fn is_pr(&self) -> bool {
        false
    }

    fn parts(&self) -> Vec<&'static str> {
        self.focus.iter().map(|f| f.as_str()).collect()
    }

    fn narrowed(&self, parts: &[&str]) -> Target {
        let mut target = self.clone();
        target.focus.retain(|f| parts.contains(&f.as_str()));
        Target::from(target)
    }
}

impl RemoteLook for GitHubIssueTarget {
    fn repo(&self) -> &Repo {
        &self.repo
    }

    fn words(&self, payload: &Value) -> String {
        ThreadPayload::deserialize(payload).map_or_else(|_| String::new(), |p| p.words())
    }

    fn looking<'a>(
        &'a self,
        client: &'a Client,
        prior: Option<&'a Value>,
    ) -> LocalBoxFuture<'a, Looking> {
        let prior = prior.and_then(|p| ThreadPayload::deserialize(p).ok());
        async move { issue(client, self.number, &self.focus, prior.as_ref()).await }.boxed_local()
    }
}

async fn issue(
    client: &Client,
    number: u64,
    focus: &[IssueFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    let held = parts::holding(client, prior.map(|p| &p.validators)).await?;
    let wants = |f| focus.contains(&f);
    let summary_path = client.repo_path(&format!("/issues/{number}"));
    let summary = parts::optional(
        wants(IssueFocus::Summary),
        resource::<GitHubIssue, shape::Issue>(
            client,
            &summary_path,
            conversation::prior_part(prior, &held, "summary", |p| p.summary.as_ref(), |_| false),
        ),
    );
    let comments = parts::optional(
        wants(IssueFocus::Comments),
        conversation::comments(client, number, prior, &held),
    );
    let (summary, comments) = tokio::try_join!(summary, comments)?;
    let mut payload = ThreadPayload::new(client.repo.to_string(), number);
    let mut all = Vec::new();
    payload.set("summary", summary, &mut all);
    payload.set("comments", comments, &mut all);
    Ok((to_value(&payload), parts::all_kept(&all)))
}
