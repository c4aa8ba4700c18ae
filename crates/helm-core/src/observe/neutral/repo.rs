//! `repo`: a repository's open issues and pull requests on any forge. On
//! GitHub it is a `github-repo` target; elsewhere its payload is the same
//! [`RepoPayload`], read through the forge's `Repository::repo`.

use helm_forge::{Io, RepoPart, Repository};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::github_repo::{self, GitHubRepoTarget, RepoPayload, RepositoryFocus};
use super::super::local::paths;
use super::super::said::TextSaid;
use super::super::target::{focus_arg, focus_suffix};
use super::super::{KindArgs, KindTarget, Place, Target, Way};
use super::{ForgeLook, ForgeSite, place_flags};
use crate::error::{CommandArg, Result, Words};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::ops::Located;

/// A repository: its open issues and open pull requests.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RepoArgs {
    /// Which parts to fetch (default: all).
    #[serde(default)]
    pub(crate) focus: Vec<RepositoryFocus>,
    /// OWNER/NAME, HOST/PATH or the repository's URL (default: GH_REPO, then git remote `origin`).
    #[serde(default)]
    pub(crate) repo: Option<String>,
    /// The forge of an unknown host: github, gitlab, forgejo.
    #[serde(default)]
    pub(crate) forge: Option<String>,
}

impl Flags for RepoArgs {
    fn flags() -> Vec<Flag> {
        let mut flags = vec![Flag::option("focus", "PART").delimited(',')];
        flags.extend(place_flags());
        flags
    }
}

/// A repository on a forge other than GitHub.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepoTarget {
    #[serde(flatten)]
    pub(crate) site: ForgeSite,
    pub(crate) focus: Vec<RepositoryFocus>,
}

impl KindArgs for RepoArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn forge_flag(&self) -> Option<Option<&str>> {
        Some(self.forge.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        let focus = paths::focus(&self.focus, RepositoryFocus::ALL);
        Ok(match place.located()? {
            Located::GitHub(repo) => Target::from(GitHubRepoTarget { repo, focus }),
            Located::Forge(at) => Target::from(RepoTarget {
                site: ForgeSite::of(&at),
                focus,
            }),
        })
    }
}

impl KindTarget for RepoTarget {
    fn describe(&self) -> Words {
        words![
            format!("repo {}", self.site.named()),
            focus_suffix(&self.focus, RepositoryFocus::ALL),
        ]
    }

    fn way(&self) -> Way<'_> {
        Way::Forge(self)
    }

    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        github_repo::said_of(payload)
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        github_repo::digest_of(payload)
    }

    fn command_args(&self) -> Option<Vec<CommandArg>> {
        let kind = CommandArg::Word("repo".to_string());
        let focus = focus_arg(&self.focus, RepositoryFocus::ALL);
        let mut args: Vec<CommandArg> = [Some(kind), focus].into_iter().flatten().collect();
        args.extend(self.site.args());
        Some(args)
    }
}

/// What a forge's `repo` answers, as far as the payload keeps it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    #[serde(default)]
    issues: Option<Value>,
    #[serde(default)]
    issues_truncated: bool,
    #[serde(default)]
    pull_requests: Option<Value>,
    #[serde(default)]
    pull_requests_truncated: bool,
}

impl ForgeLook for RepoTarget {
    fn site(&self) -> &ForgeSite {
        &self.site
    }

    fn looking<'a>(&'a self, repo: &'a dyn Repository) -> Io<'a, Value> {
        Box::pin(async move {
            let parts: Vec<RepoPart> = self
                .focus
                .iter()
                .map(|f| match f {
                    RepositoryFocus::Issues => RepoPart::Issues,
                    RepositoryFocus::PullRequests => RepoPart::PullRequests,
                })
                .collect();
            let answer = repo.repo(&parts).await?;
            let answer = Answer::deserialize(&answer).map_err(|err| {
                crate::error::Error::new(
                    crate::error::Kind::GitHub,
                    format!(
                        "{} answered a repository in no shape helm reads: {err}",
                        self.site.forge
                    ),
                )
            })?;
            let payload = RepoPayload {
                repo: self.site.repo.clone(),
                issues: answer.issues,
                issues_truncated: answer.issues_truncated,
                pull_requests: answer.pull_requests,
                pull_requests_truncated: answer.pull_requests_truncated,
                validators: Default::default(),
            };
            Ok(serde_json::to_value(&payload).unwrap_or(Value::Null))
        })
    }

    fn words(&self, payload: &Value) -> String {
        github_repo::words_of(payload)
    }
}
