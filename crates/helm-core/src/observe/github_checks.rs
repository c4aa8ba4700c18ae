//! `github-checks`: why CI is red, without downloading whole logs. The check
//! runs and combined status of a pull request's head (or of any ref), each
//! failed check run's annotations, and for a GitHub Actions job its steps
//! and the last lines of its log (ADR 0008's validators, so a re-observation
//! of unchanged checks answers 304 and the freshness guard judges it like a
//! pull request's `checks` part). The requests are the forge's
//! (`ConditionalLook::checks`); the payload made of what it brings back is in
//! `payload.rs`, the digest in `digest.rs`.

mod digest;
pub(crate) use digest::digest as digest_of_checks;
mod payload;

use futures_util::FutureExt;
use futures_util::future::LocalBoxFuture;
use helm_forge::ConditionalLook;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Looking;
use super::said::{self, TextSaid};
use super::{KindArgs, KindTarget, Place, RemoteLook, Tally, Target, ThreadTarget, Way};
use crate::error::CommandArg;
use crate::error::Words;
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::{Flag, Flags};
use crate::model::Repo;
use crate::model::words;

/// The most log lines kept per job.
pub(crate) const MAX_TAIL: u32 = 10_000;

/// Which jobs' logs to read.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Logs {
    /// The logs of failed jobs only.
    #[default]
    Failed,
    /// Every finished job's log.
    All,
    /// No logs: steps and annotations only.
    None,
}

impl Logs {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Logs::Failed => "failed",
            Logs::All => "all",
            Logs::None => "none",
        }
    }
}

fn default_tail() -> u32 {
    200
}

/// CI of a pull request's head or of a ref: check runs, statuses, failed
/// jobs' annotations, steps and log tails.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GitHubChecksArgs {
    /// The pull request whose head commit's checks to read.
    #[serde(default)]
    pub(crate) pr: Option<u64>,
    /// A branch, tag or commit sha whose checks to read.
    #[serde(default, rename = "ref")]
    pub(crate) git_ref: Option<String>,
    /// Whose logs to read: failed (default), all, none.
    #[serde(default)]
    pub(crate) logs: Logs,
    /// How many of a log's last lines to keep (default 200).
    #[serde(default = "default_tail")]
    pub(crate) tail: u32,
    /// The GitHub repository as OWNER/NAME or its URL (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[serde(default)]
    pub(crate) repo: Option<String>,
}

impl Flags for GitHubChecksArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("pr", "N").issue_number().by_position(),
            Flag::option("ref", "REF"),
            Flag::option("logs", "WHICH"),
            Flag::option("tail", "LINES"),
            Flag::option("repo", "OWNER/NAME").short('R'),
        ]
    }

    /// Checks of a pull request's head, or of a ref: one of the two.
    fn one_of() -> Option<(&'static str, &'static [&'static str])> {
        Some(("at", &["pr", "ref"]))
    }
}

/// The canonical target: the repository, the pull request or the ref, which
/// logs and how many lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GitHubChecksTarget {
    pub(crate) repo: Repo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pr: Option<u64>,
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub(crate) git_ref: Option<String>,
    pub(crate) logs: Logs,
    pub(crate) tail: u32,
}

impl KindArgs for GitHubChecksArgs {
    fn repo_flag(&self) -> Option<Option<&str>> {
        Some(self.repo.as_deref())
    }

    fn canonical(&self, place: &Place) -> Result<Target> {
        let git_ref = checked("github-checks", self.pr, self.git_ref.as_deref(), self.tail)?;
        Ok(Target::from(GitHubChecksTarget {
            repo: place.repository()?,
            pr: self.pr,
            git_ref: git_ref.map(str::to_string),
            logs: self.logs,
            tail: self.tail,
        }))
    }
}

/// The checks' `--pr` or `--ref` (one of them, a ref trimmed and sound) and
/// `--tail`, checked alike for `github-checks` and `checks` (`kind`).
pub(crate) fn checked<'a>(
    kind: &str,
    pr: Option<u64>,
    git_ref: Option<&'a str>,
    tail: u32,
) -> Result<Option<&'a str>> {
    let git_ref = git_ref.map(str::trim);
    match (pr, git_ref) {
        (Some(_), Some(_)) | (None, None) => {
            // The hint's command is unquoted text, as it always was.
            return Err(Error::usage(words![
                format!("{kind} takes "),
                arg("pr"),
                " N or ",
                arg("ref"),
                " REF, one of them",
            ])
            .hint(words![
                format!("e.g. helm observe {kind} "),
                arg("pr"),
                " 45, or ",
                arg("ref"),
                " main",
            ]));
        }
        (None, Some(r)) if !valid_ref(r) => {
            return Err(Error::usage(format!("'{r}' is not a git ref"))
                .hint("give a branch, a tag or a commit sha"));
        }
        _ => {}
    }
    if tail > MAX_TAIL {
        return Err(Error::usage(words![
            arg("tail"),
            format!(
                " {} is more than the {MAX_TAIL} lines helm keeps of a log",
                tail
            ),
        ])
        .hint(words![
            "give ",
            arg("tail"),
            format!(" {MAX_TAIL} or fewer")
        ]));
    }
    Ok(git_ref)
}

/// A ref as git allows it, near enough to keep a request path whole: no
/// spaces, controls, `..`, `?`, `#` or `%`.
fn valid_ref(r: &str) -> bool {
    !r.is_empty()
        && !r.contains("..")
        && !r.starts_with('/')
        && !r.ends_with('/')
        && r.chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && !"?#%~^:\\[*".contains(c))
}

impl GitHubChecksTarget {
    fn at(&self) -> Words {
        match (&self.pr, &self.git_ref) {
            (Some(pr), _) => words![arg("pr"), format!(" {pr}")],
            (None, Some(r)) => words![arg("ref"), format!(" {r}")],
            (None, None) => Words::new(),
        }
    }

    fn options(&self) -> Words {
        let mut options = Words::new();
        if self.logs != Logs::Failed {
            options.push(words![" ", arg("logs"), format!(" {}", self.logs.as_str())]);
        }
        if self.tail != default_tail() {
            options.push(words![" ", arg("tail"), format!(" {}", self.tail)]);
        }
        options
    }
}

impl KindTarget for GitHubChecksTarget {
    /// A ref is case-sensitive in git (`Main` and `main` are two branches).
    fn folds_case(&self) -> bool {
        self.git_ref.is_none()
    }

    fn describe(&self) -> Words {
        words![
            format!("github-checks {} ", self.repo),
            self.at(),
            self.options(),
        ]
    }

    fn way(&self) -> Way<'_> {
        Way::GitHub(self)
    }

    /// The check runs' names, annotations, steps and log tails, and the
    /// statuses.
    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        let Ok(payload) = serde_json::from_slice::<Value>(payload) else {
            return Vec::new();
        };
        let mut said = Vec::new();
        // A checks look records no pull request author: what CI printed
        // is untrusted, as the views hold it.
        said::checks(
            payload.get("checks"),
            &said::Author::unrecorded(),
            &mut said,
        );
        said
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        let payload: Value = serde_json::from_slice(payload).ok()?;
        digest::digest(payload.get("checks")?)
    }

    fn command_args(&self) -> Option<Vec<CommandArg>> {
        let mut args = vec![CommandArg::Word("github-checks".to_string())];
        match (&self.pr, &self.git_ref) {
            (Some(pr), _) => args.push(CommandArg::Value("pr", pr.to_string())),
            (None, Some(r)) => args.push(CommandArg::Value("ref", r.clone())),
            (None, None) => {}
        }
        if self.logs != Logs::Failed {
            args.push(CommandArg::Value("logs", self.logs.as_str().to_string()));
        }
        if self.tail != default_tail() {
            args.push(CommandArg::Value("tail", self.tail.to_string()));
        }
        args.push(CommandArg::Value("repo", self.repo.to_string()));
        Some(args)
    }

    /// The checks of a pull request are judged with it, as its `checks`.
    fn thread(&self) -> Option<&dyn ThreadTarget> {
        self.pr.map(|_| self as &dyn ThreadTarget)
    }
}

impl ThreadTarget for GitHubChecksTarget {
    fn repo(&self) -> &Repo {
        &self.repo
    }

    fn number(&self) -> u64 {
        self.pr.unwrap_or_default()
    }

    fn is_pr(&self) -> bool {
        true
    }

    fn parts(&self) -> Vec<&'static str> {
        vec!["checks"]
    }

    fn narrowed(&self, _parts: &[&str]) -> Target {
        Target::from(self.clone())
    }

    fn head_sha(&self, payload: &Value) -> Option<String> {
        payload["checks"]["headSha"].as_str().map(str::to_string)
    }
}

impl RemoteLook for GitHubChecksTarget {
    fn repo(&self) -> &Repo {
        &self.repo
    }

    fn words(&self, payload: &Value) -> String {
        payload
            .get("checks")
            .and_then(digest::digest)
            .unwrap_or_default()
    }

    fn looking<'a>(
        &'a self,
        client: &'a dyn ConditionalLook,
        prior: Option<&'a Value>,
    ) -> LocalBoxFuture<'a, Looking> {
        async move { self.look(client, prior, &Tally::default()).await }.boxed_local()
    }

    fn looking_counted<'a>(
        &'a self,
        client: &'a dyn ConditionalLook,
        prior: Option<&'a Value>,
        tally: &'a Tally,
    ) -> LocalBoxFuture<'a, Looking> {
        async move { self.look(client, prior, tally).await }.boxed_local()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn resolve(json: &str) -> Result<Target> {
        let spec: super::super::TargetArgs = serde_json::from_str(json).unwrap();
        spec.resolve(
            Path::new("/w"),
            crate::inputs::Stdin::Ours,
            (None, None),
            &|flag, _| {
                Ok(crate::ops::Located::GitHub(
                    Repo::parse(flag.unwrap_or("o/r")).unwrap(),
                ))
            },
        )
    }

    #[test]
    fn a_checks_target_is_a_pr_or_a_ref_with_its_options() {
        let target = resolve(r#"{"kind":"github-checks","pr":45}"#).unwrap();
        assert_eq!(
            target.key(),
            r#"{"kind":"github-checks","repo":"o/r","pr":45,"logs":"failed","tail":200}"#
        );
        assert_eq!(target.describe(), "github-checks o/r --pr 45");
        assert!(target.thread().is_some());
        let target =
            resolve(r#"{"kind":"github-checks","ref":"main","logs":"all","tail":50}"#).unwrap();
        assert_eq!(
            target.command_args().map(crate::observe::typed).as_deref(),
            Some("`helm observe github-checks --ref main --logs all --tail 50 --repo o/r`")
        );
        assert!(target.thread().is_none());
        for bad in [
            r#"{"kind":"github-checks"}"#,
            r#"{"kind":"github-checks","pr":1,"ref":"main"}"#,
            r#"{"kind":"github-checks","ref":"a b"}"#,
            r#"{"kind":"github-checks","ref":"x","tail":10001}"#,
        ] {
            assert!(resolve(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_key_folds_case_for_a_pr_but_never_for_a_ref() {
        let pr = resolve(r#"{"kind":"github-checks","pr":45}"#).unwrap();
        assert!(Target::key_folds_case(&pr.key()));
        let main = resolve(r#"{"kind":"github-checks","ref":"Main"}"#).unwrap();
        assert!(!Target::key_folds_case(&main.key()));
    }
}
