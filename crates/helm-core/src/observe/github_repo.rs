//! `github-repo`: a repository's open issues and open pull requests, each
//! listing a part asked for conditionally on the prior look (ADR 0008).

use std::collections::BTreeMap;

use futures_util::FutureExt;
use futures_util::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Looking;
use super::local::paths;
use super::payload::{all_kept, count, is_false, to_value};
use super::said::{self, TextSaid};
use super::target::{focus_arg, focus_enum, focus_suffix};
use super::{KindArgs, KindTarget, Place, RemoteLook, Target, Way};
use crate::error::CommandArg;
use crate::error::Result;
use crate::error::Words;
use crate::inputs::{Flag, Flags};
use crate::model::Repo;
use crate::model::words;
use crate::words::plural;
use helm_forge::{ConditionalLook, NamedPart, Prior, RepoPart, Validator};

focus_enum!(
    /// What part of a repository to look at.
    RepositoryFocus { Issues => "issues", PullRequests => "pull-requests" }
);

/// A GitHub repository: its open issues and open pull requests.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GitHubRepoArgs {
    /// Which parts to fetch (default: all).
    #[serde(default)]
    pub(crate) focus: Vec<RepositoryFocus>,
    /// The GitHub repository as OWNER/NAME or its URL (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[serde(default)]
    pub(crate) repo: Option<String>,
}

impl Flags for GitHubRepoArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("focus", "PART").delimited(',').help(
                "Which parts to fetch (default: all); repeatable, or a comma list: \
                 --focus issues,pull-requests",
            ),
            Flag::option("repo", "OWNER/NAME").short('R'),
        ]
    }
}

/// The canonical target: the repository, the focus sorted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GitHubRepoTarget {
    pub repo: Repo,
    pub focus: Vec<RepositoryFocus>,
}

impl KindArgs for GitHubRepoArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        Ok(Target::from(GitHubRepoTarget {
            repo: place.repository()?,
            focus: paths::focus(&self.focus, RepositoryFocus::ALL),
        }))
    }
}

impl KindTarget for GitHubRepoTarget {
    fn describe(&self) -> Words {
        words![
            format!("github-repo {}", self.repo),
            focus_suffix(&self.focus, RepositoryFocus::ALL),
        ]
    }

    fn way(&self) -> Way<'_> {
        Way::GitHub(self)
    }

    /// `3 open issues, 1 open pull request`.
    /// Each open issue's and pull request's title and labels, by its author.
    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        said_of(payload)
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        digest_of(payload)
    }

    fn command_args(&self) -> Option<Vec<CommandArg>> {
        let kind = CommandArg::Word("github-repo".to_string());
        let focus = focus_arg(&self.focus, RepositoryFocus::ALL);
        let repo = CommandArg::Value("repo", self.repo.to_string());
        Some(
            [Some(kind), focus, Some(repo)]
                .into_iter()
                .flatten()
                .collect(),
        )
    }
}

impl RemoteLook for GitHubRepoTarget {
    fn repo(&self) -> &Repo {
        &self.repo
    }

    /// `3 open issues, 1 open pull requests`.
    fn words(&self, payload: &Value) -> String {
        words_of(payload)
    }

    fn looking<'a>(
        &'a self,
        client: &'a dyn ConditionalLook,
        prior: Option<&'a Value>,
    ) -> LocalBoxFuture<'a, Looking> {
        let prior = prior.and_then(|p| RepoPayload::deserialize(p).ok());
        async move { repository(client, &self.focus, prior.as_ref()).await }.boxed_local()
    }
}

/// The payload of a `github-repo` observation.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RepoPayload {
    pub(crate) repo: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) issues: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) issues_truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pull_requests: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) pull_requests_truncated: bool,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) validators: BTreeMap<String, Vec<Validator>>,
}

/// Each open issue's and pull request's title and labels, by its author:
/// what search finds in a repository's payload on any forge.
pub(crate) fn said_of(payload: &[u8]) -> Vec<TextSaid> {
    let Ok(payload) = serde_json::from_slice::<RepoPayload>(payload) else {
        return Vec::new();
    };
    let mut said = Vec::new();
    said::authored_list(payload.issues.as_ref(), &mut said);
    said::authored_list(payload.pull_requests.as_ref(), &mut said);
    said
}

/// The story's line for a repository's payload on any forge.
pub(crate) fn digest_of(payload: &[u8]) -> Option<String> {
    let payload: RepoPayload = serde_json::from_slice(payload).ok()?;
    let count = |v: &Option<Value>| v.as_ref().and_then(Value::as_array).map(Vec::len);
    let mut words = Vec::new();
    if let Some(n) = count(&payload.issues) {
        words.push(format!("{n} open {}", plural(n, "issue", "issues")));
    }
    if let Some(n) = count(&payload.pull_requests) {
        words.push(format!(
            "{n} open {}",
            plural(n, "pull request", "pull requests")
        ));
    }
    (!words.is_empty()).then(|| words.join(", "))
}

/// A look's few words on a repository's payload on any forge.
pub(crate) fn words_of(payload: &Value) -> String {
    let mut words = Vec::new();
    if let Some(issues) = payload.get("issues") {
        words.push(format!("{} open issues", count(issues)));
    }
    if let Some(pulls) = payload.get("pullRequests") {
        words.push(format!("{} open pull requests", count(pulls)));
    }
    words.join(", ")
}

async fn repository(
    client: &dyn ConditionalLook,
    focus: &[RepositoryFocus],
    prior: Option<&RepoPayload>,
) -> Looking {
    let prior = prior.map(|p| {
        Prior::new(&p.validators)
            .part("issues", p.issues.as_ref(), p.issues_truncated)
            .part(
                "pullRequests",
                p.pull_requests.as_ref(),
                p.pull_requests_truncated,
            )
    });
    let wants: Vec<RepoPart> = focus
        .iter()
        .map(|f| match f {
            RepositoryFocus::Issues => RepoPart::Issues,
            RepositoryFocus::PullRequests => RepoPart::PullRequests,
        })
        .collect();
    let named = client.repo(&wants, prior.as_ref()).await?;
    let mut payload = RepoPayload {
        repo: client.repo_name(),
        ..RepoPayload::default()
    };
    let mut all = Vec::new();
    for NamedPart { name, part, .. } in named {
        all.push(part.kept);
        if name == "issues" {
            payload.issues = Some(part.value);
            payload.issues_truncated = part.truncated;
        } else {
            payload.pull_requests = Some(part.value);
            payload.pull_requests_truncated = part.truncated;
        }
        payload.validators.insert(name.into(), part.validators);
    }
    Ok((to_value(&payload), all_kept(&all)))
}
