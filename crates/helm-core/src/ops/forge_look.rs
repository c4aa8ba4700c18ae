//! Looking at a neutral target on a forge other than GitHub: the forge the
//! binary registered opens the repository (`helm_forge::Forge::open`, inside
//! a current-thread runtime made here, as `github::connect` makes GitHub's),
//! the target's [`ForgeLook`] reads its payload in helm's shapes, and the
//! core redacts it exactly as it redacts a GitHub look. What follows (packing,
//! disclosure, lockdown, digest, changes, readiness) is `ops::observe`'s, the
//! same for every forge.

use helm_forge::{ForgeName, ForgeRepo, Limits, Repository};
use serde_json::Value;
use tokio::runtime::Runtime;

use super::Helm;
use crate::error::{Error, Kind, Result};
use crate::github;
use crate::observe::neutral::ForgeLook;
use crate::observe::{GitHubLook, Source, Tally, Target};

/// One opened repository on a forge, and the runtime its futures run on.
pub(crate) struct OpenedForge {
    pub(crate) runtime: Runtime,
    pub(crate) repo: Box<dyn Repository>,
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
            timeout: github::timeout(self.github.timeout.as_deref())?,
            identity: identity.map(str::to_string),
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|err| Error::io("cannot start the network runtime", &err))?;
        let opened = {
            let _inside = runtime.enter();
            forge.open(&self.forges.env, place, &limits)
        };
        match opened {
            Some(repo) => Ok(OpenedForge {
                runtime,
                repo: repo?,
            }),
            // GitHub's own path serves it; asking here is a bug of the core.
            None => Err(Error::new(
                Kind::Config,
                format!(
                    "{} is reached by helm's own path, not through the forge seam",
                    place.forge
                ),
            )
            .hint("report this: a GitHub target was looked at as another forge's")),
        }
    }

    /// Looks at a remote target, on GitHub by its own path or on another
    /// forge through the seam, and redacts what came back; what GitHub said
    /// of a moved repository goes to `warnings`.
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
                let config = github::Config::resolve(&self.github, self.home.root(), identity)?;
                let session = github::connect(&config, repo)?;
                let seen = crate::observe::look_github(&session, target, prior, tally)?;
                warnings.extend(session.client.moved().map(|moved| moved.warning()));
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
        let mut payload = opened
            .runtime
            .block_on(look.looking(opened.repo.as_ref()))
            // A forge's failure is already in helm's words, naming the forge.
            .map_err(|err| err.error)?;
        let redacted = crate::secrets::redact_payload(&mut payload, prior);
        let summary = look.words(&payload);
        let blockers = match (target.of().is_pull(), payload.get("summary")) {
            (true, Some(pull)) => opened.repo.blockers(pull),
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
