//! `checks`: a pull request's (or a ref's) CI on any forge. On GitHub it is
//! a `github-checks` target; elsewhere its payload holds the forge's answer
//! in the `checks` part's shape (GitLab's pipelines and jobs, Forgejo's
//! statuses and Actions runs, with the tails of the logs asked for), read
//! through the forge's `Repository::checks`.

use helm_forge::{ChecksOf, Io, LogsWanted, Repository};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::github_checks::{self, GitHubChecksTarget, Logs, digest_of_checks};
use super::super::said::{self, TextSaid};
use super::super::{KindArgs, KindTarget, Place, Target, ThreadSubject, Way};
use super::{ForgeLook, ForgeSite, place_flags};
use crate::error::{CommandArg, Result, Words, arg};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::ops::Located;

fn default_tail() -> u32 {
    200
}

/// CI of a pull request's head or of a ref, and failed jobs' log tails.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChecksArgs {
    /// The pull request number.
    #[serde(default)]
    pub(crate) pr: Option<u64>,
    /// A branch, tag or commit sha.
    #[serde(default, rename = "ref")]
    pub(crate) git_ref: Option<String>,
    /// Whose logs to read: failed (default), all, none.
    #[serde(default)]
    pub(crate) logs: Logs,
    /// How many of a log's last lines to keep (default 200).
    #[serde(default = "default_tail")]
    pub(crate) tail: u32,
    /// OWNER/NAME, HOST/PATH or the repository's URL (default: GH_REPO, then git remote `origin`).
    #[serde(default)]
    pub(crate) repo: Option<String>,
    /// The forge of an unknown host: github, gitlab, forgejo.
    #[serde(default)]
    pub(crate) forge: Option<String>,
}

impl Flags for ChecksArgs {
    fn flags() -> Vec<Flag> {
        let mut flags = vec![
            Flag::option("pr", "N").issue_number().by_position(),
            Flag::option("ref", "REF"),
            Flag::option("logs", "WHICH"),
            Flag::option("tail", "LINES"),
        ];
        flags.extend(place_flags());
        flags
    }

    fn one_of() -> Option<(&'static str, &'static [&'static str])> {
        Some(("at", &["pr", "ref"]))
    }
}

/// CI on a forge other than GitHub.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChecksTarget {
    #[serde(flatten)]
    pub(crate) site: ForgeSite,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pr: Option<u64>,
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub(crate) git_ref: Option<String>,
    pub(crate) logs: Logs,
    pub(crate) tail: u32,
}

impl KindArgs for ChecksArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn forge_flag(&self) -> Option<Option<&str>> {
        Some(self.forge.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        let git_ref =
            github_checks::checked("checks", self.pr, self.git_ref.as_deref(), self.tail)?
                .map(str::to_string);
        Ok(match place.located()? {
            Located::GitHub(repo) => Target::from(GitHubChecksTarget {
                repo,
                pr: self.pr,
                git_ref,
                logs: self.logs,
                tail: self.tail,
            }),
            Located::Forge(at) => Target::from(ChecksTarget {
                site: ForgeSite::of(&at),
                pr: self.pr,
                git_ref,
                logs: self.logs,
                tail: self.tail,
            }),
        })
    }
}

impl ChecksTarget {
    fn of(&self) -> ChecksOf {
        match (&self.pr, &self.git_ref) {
            (Some(pr), _) => ChecksOf::Pr(*pr),
            (None, git_ref) => ChecksOf::Ref(git_ref.clone().unwrap_or_default()),
        }
    }
}

impl KindTarget for ChecksTarget {
    fn subject(&self) -> Option<ThreadSubject> {
        Some(self.site.subject(true, self.pr?, vec!["checks"]))
    }

    /// A ref is case-sensitive in git (`Main` and `main` are two branches).
    fn folds_case(&self) -> bool {
        self.git_ref.is_none()
    }

    fn describe(&self) -> Words {
        let at = match self.of() {
            ChecksOf::Pr(pr) => words![arg("pr"), format!(" {pr}")],
            ChecksOf::Ref(r) => words![arg("ref"), format!(" {r}")],
        };
        let mut options = Words::new();
        if self.logs != Logs::Failed {
            options.push(words![" ", arg("logs"), format!(" {}", self.logs.as_str())]);
        }
        if self.tail != default_tail() {
            options.push(words![" ", arg("tail"), format!(" {}", self.tail)]);
        }
        words![format!("checks {} ", self.site.named()), at, options]
    }

    fn way(&self) -> Way<'_> {
        Way::Forge(self)
    }

    fn is_pull(&self) -> bool {
        self.pr.is_some()
    }

    /// What CI printed, untrusted: a checks look records no author.
    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        let Ok(payload) = serde_json::from_slice::<Value>(payload) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        said::checks(payload.get("checks"), &said::Author::unrecorded(), &mut out);
        out
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        let payload: Value = serde_json::from_slice(payload).ok()?;
        digest_of_checks(payload.get("checks")?)
    }

    fn command_args(&self) -> Option<Vec<CommandArg>> {
        let mut args = vec![CommandArg::Word("checks".to_string())];
        match self.of() {
            ChecksOf::Pr(pr) => args.push(CommandArg::Value("pr", pr.to_string())),
            ChecksOf::Ref(r) => args.push(CommandArg::Value("ref", r)),
        }
        if self.logs != Logs::Failed {
            args.push(CommandArg::Value("logs", self.logs.as_str().to_string()));
        }
        if self.tail != default_tail() {
            args.push(CommandArg::Value("tail", self.tail.to_string()));
        }
        args.extend(self.site.args());
        Some(args)
    }
}

/// The payload of a `checks` look on a forge other than GitHub: where, and
/// the forge's answer in the `checks` part's shape.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChecksPayload<'a> {
    repo: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pr: Option<u64>,
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    git_ref: Option<&'a str>,
    checks: Value,
}

impl ForgeLook for ChecksTarget {
    fn site(&self) -> &ForgeSite {
        &self.site
    }

    fn looking<'a>(&'a self, repo: &'a dyn Repository) -> Io<'a, Value> {
        Box::pin(async move {
            let logs = LogsWanted {
                failed_only: self.logs == Logs::Failed,
                none: self.logs == Logs::None,
                tail: self.tail as usize,
            };
            let of = self.of();
            let checks = repo.checks(&of, logs).await?;
            let payload = ChecksPayload {
                repo: &self.site.repo,
                pr: self.pr,
                git_ref: self.git_ref.as_deref(),
                checks,
            };
            Ok(serde_json::to_value(&payload).unwrap_or(Value::Null))
        })
    }

    fn words(&self, payload: &Value) -> String {
        payload
            .get("checks")
            .and_then(digest_of_checks)
            .unwrap_or_default()
    }
}
