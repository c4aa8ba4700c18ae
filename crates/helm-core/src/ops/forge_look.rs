//! Looking at a remote target: the forge the binary registered opens the
//! repository (`helm_forge::Forge::open`, inside a current-thread runtime
//! made here). A GitHub kind looks through the repository's conditional
//! look (`observe::look_github`); a neutral target on another forge reads
//! its payload in helm's shapes through its [`ForgeLook`], redacted exactly
//! as a GitHub look is. What follows (packing, disclosure, lockdown, digest,
//! changes, readiness) is `ops::observe`'s, the same for every forge.

use helm_forge::{ForgeName, ForgeRepo, Limits, RepoPath, Repository};
use serde_json::Value;
use tokio::runtime::Runtime;

use super::Helm;
use crate::error::{Error, Kind, Result};
use crate::model::Repo;
use crate::observe::neutral::ForgeLook;
use crate::observe::{GitHubLook, Source, Tally, Target};

/// One opened repository on a forge, the runtime its futures run on, and
/// the deadline of each of its requests (`HELM_GITHUB_TIMEOUT`).
pub(crate) struct OpenedForge {
    pub(crate) runtime: Runtime,
    pub(crate) repo: Box<dyn Repository>,
    pub(crate) timeout: std::time::Duration,
}

impl Helm {
    /// Opens `place` on its registered forge, with the deadline of every
    /// forge's requests (`HELM_GITHUB_TIMEOUT`) and `identity`.
    pub(crate) fn open_forge(
        &self,
        place: &ForgeRepo,
        identity: Option<&str>,
    ) -> Result<OpenedForge> {
        let Some(forge) = self.forges.forges.get(place.forge) else {
            return Err(Error::new(
                Kind::Config,
                format!("this helm was built without {}", place.forge),
            )
            .hint("use a helm built with that forge's crate"));
        };
        let limits = Limits {
            timeout: helm_http::timeout(self.forges.timeout.as_deref())?,
            identity: identity.map(str::to_string),
            home: self.home.root().to_path_buf(),
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|err| Error::io("cannot start the network runtime", &err))?;
        let repo = {
            let _inside = runtime.enter();
            forge.open(&self.forges.env, place, &limits)?
        };
        Ok(OpenedForge {
            runtime,
            repo,
            timeout: limits.timeout,
        })
    }

    /// Where a GitHub repository is, as the seam names it: GitHub's own
    /// path resolves `OWNER/NAME` (`located/origin.rs`), and the server is
    /// the one `HELM_GITHUB_API_URL` names whatever the host.
    pub(crate) fn github_place(&self, repo: &Repo) -> Result<ForgeRepo> {
        let path = RepoPath::new(&repo.to_string())
            .map_err(|why| Error::usage(format!("'{repo}' is not a GitHub repository: {why}")))?;
        let host = self
            .forges
            .web_origin()
            .and_then(|web| web.split_once("://").map(|(_, host)| host.to_string()))
            .unwrap_or_else(|| "github.com".to_string());
        Ok(ForgeRepo {
            forge: ForgeName::GitHub,
            host,
            repo: path,
        })
    }

    /// Looks at a remote target on its forge and redacts what came back;
    /// what the forge said of a moved repository goes to `warnings`.
    pub(crate) fn look_remote(
        &self,
        target: &Target,
        prior: Option<&Value>,
        identity: Option<&str>,
        tally: &Tally,
        warnings: &mut Vec<String>,
    ) -> Result<GitHubLook> {
        match target.source() {
            Source::GitHub(repo) => {
                let opened = self.open_forge(&self.github_place(repo)?, identity)?;
                let seen = crate::observe::look_github(&opened, target, prior, tally)?;
                warnings.extend(opened.repo.warnings());
                Ok(seen)
            }
            Source::Forge(look) => self.look_forge(target, look, prior, identity),
            Source::Local => Err(Error::usage(format!(
                "{} is not a remote target",
                target.kind().as_str()
            ))),
        }
    }

    /// Looks at a neutral target on its forge and redacts what came back.
    pub(crate) fn look_forge(
        &self,
        target: &Target,
        look: &dyn ForgeLook,
        prior: Option<&Value>,
        identity: Option<&str>,
    ) -> Result<GitHubLook> {
        let place = look.site().place()?;
        if place.forge == ForgeName::GitHub {
            return Err(Error::new(
                Kind::Corrupt,
                format!(
                    "the target {} names GitHub, whose targets are github-*",
                    target.describe()
                ),
            ));
        }
        let opened = self.open_forge(&place, identity)?;
        let repo = opened.repo.as_ref();
        // A forge's failure is already in helm's words, naming the forge.
        let payload = opened.runtime.block_on(looked(look, repo));
        let mut payload = payload.map_err(|err| err.error)?;
        let redacted = crate::secrets::redact_payload(&mut payload, prior);
        let summary = look.words(&payload);
        let blockers = match (target.of().is_pull(), payload.get("summary")) {
            (true, Some(pull)) => repo.blockers(pull),
            _ => Vec::new(),
        };
        Ok(GitHubLook {
            payload,
            summary,
            unchanged: false,
            redacted,
            blockers,
        })
    }
}

/// What `look` reads through `repo`, with its authors' standing: the
/// payload as an observation keeps it, before redaction.
pub(crate) async fn looked(
    look: &dyn ForgeLook,
    repo: &dyn Repository,
) -> Result<Value, helm_forge::ForgeError> {
    let mut payload = look.looking(repo).await?;
    let authors = authors(&payload);
    if !authors.is_empty() {
        let standings = repo.standing(&authors).await?;
        stand(&mut payload, &standings);
    }
    Ok(payload)
}

/// Every author a payload names (`author` of each authored part), once each,
/// whose standing it does not hold yet.
fn authors(payload: &Value) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    walk(payload, &mut |part| {
        let Some(login) = part.get("author").and_then(Value::as_str) else {
            return;
        };
        let known = part.contains_key("authorCanPush");
        if !known && !found.iter().any(|f| f.eq_ignore_ascii_case(login)) {
            found.push(login.to_string());
        }
    });
    found
}

/// Puts each author's standing into every part they wrote: the forge's
/// word as `authorAssociation`, and `authorCanPush`, which marking and
/// lockdown read (`observe::standing`). An author the forge gave no
/// standing for is left without one, so their text is untrusted.
fn stand(payload: &mut Value, standings: &[helm_forge::AuthorStanding]) {
    walk_mut(payload, &mut |part| {
        let Some(login) = part.get("author").and_then(Value::as_str) else {
            return;
        };
        let Some(standing) = standings
            .iter()
            .find(|s| s.login.eq_ignore_ascii_case(login))
        else {
            return;
        };
        if part.contains_key("authorCanPush") {
            return;
        }
        part.insert(
            "authorAssociation".into(),
            Value::String(standing.word.clone()),
        );
        part.insert("authorCanPush".into(), Value::Bool(standing.can_push));
    });
}

fn walk(value: &Value, f: &mut dyn FnMut(&serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            f(map);
            map.values().for_each(|v| walk(v, f));
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, f)),
        _ => {}
    }
}

fn walk_mut(value: &mut Value, f: &mut dyn FnMut(&mut serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            f(map);
            map.values_mut().for_each(|v| walk_mut(v, f));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| walk_mut(v, f)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_author_is_asked_once_and_their_standing_goes_into_every_part() {
        let mut payload: Value = serde_json::from_str(
            r#"{"summary":{"author":"Dev","title":"t"},
                "comments":[{"author":"dev","body":"a"},{"author":"rep","body":"b"},
                            {"author":"ghost","body":"c"},{"author":"old","body":"d","authorCanPush":true}]}"#,
        )
        .unwrap();
        assert_eq!(authors(&payload), ["Dev", "rep", "ghost"]);
        let standing = |login: &str, can_push, word: &str| helm_forge::AuthorStanding {
            login: login.into(),
            can_push,
            word: word.into(),
        };
        stand(
            &mut payload,
            &[
                standing("dev", true, "DEVELOPER"),
                standing("rep", false, "REPORTER"),
            ],
        );
        assert_eq!(payload["summary"]["authorAssociation"], "DEVELOPER");
        assert_eq!(payload["summary"]["authorCanPush"], true);
        assert_eq!(payload["comments"][0]["authorCanPush"], true);
        assert_eq!(payload["comments"][1]["authorCanPush"], false);
        // No standing shown: none invented, so the text stays untrusted.
        assert!(payload["comments"][2].get("authorCanPush").is_none());
        assert!(payload["comments"][3].get("authorAssociation").is_none());
    }
}
