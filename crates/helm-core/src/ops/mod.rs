//! The core API: every operation helm offers, as a function taking typed
//! inputs and returning a typed value. Front ends (the CLI in `cli/`, the MCP
//! server) turn their arguments into these inputs and render the values
//! (`output`); nothing here parses arguments, prints, or keeps state between
//! calls, so a long-lived server stays as correct as one process per command.

pub(crate) mod artifact;
pub(crate) mod brief;
pub(crate) mod brief_pr;
pub(crate) mod brief_related;
pub(crate) mod changes;
pub(crate) mod current;
pub(crate) mod digest;
pub(crate) mod forge_actor;
pub(crate) mod forge_look;
pub(crate) mod fresh;
mod located;
pub(crate) mod logbook;
pub(crate) mod login;
pub(crate) mod observe;
mod planned;
pub(crate) mod posting;
pub(crate) mod proposals;
pub(crate) mod readiness;
mod refusal;
pub(crate) mod rehearsal;
pub(crate) mod search;
pub(crate) mod slate;
mod stowed_payload;
pub(crate) mod sync;
pub(crate) mod synced;
pub(crate) mod voyage;

use std::path::PathBuf;

use std::sync::Arc;

use helm_forge::{ForgeEnv, ForgeName, Forges};

use crate::error::{Error, Kind, Result};
use crate::error::{arg, cmd};
use crate::model::words;
use crate::storage::{Home, VoyageFile, VoyageStore};
pub(crate) use located::{Located, not_github};

/// What every operation needs from its surroundings, read once.
#[derive(Clone, Debug)]
pub struct Helm {
    pub(crate) home: Home,
    /// Relative paths (targets, body files, export paths) resolve here.
    pub cwd: PathBuf,
    /// The forges this binary registered, and every variable they read.
    pub(crate) forges: Registered,
    /// Whether a body may be read from stdin (`helm mcp`'s carries the protocol).
    pub stdin: crate::inputs::Stdin,
    /// Test-only settings of `voyage push`/`pull` (`HELM_SYNC_KILL_AT`,
    /// read only by a build with helm-sync's `test-hooks`).
    pub(crate) sync: crate::sync::Settings,
    /// What every view of an observed payload is shown of an untrusted
    /// author's text, chosen by the front end (`egress::shown`): the core
    /// applies it wherever it reads a payload for a view.
    pub disclosure: crate::egress::shown::Disclosure,
    /// `HELM_DISCLOSE=1`: every body a steer posts ends with the
    /// disclosure footer, as `--disclose` asks for one steer.
    pub disclose: bool,
    /// The caller's W3C trace context, recorded on every entry this
    /// `Helm` writes (issue 43 item 9): the CLI's `--traceparent` or
    /// `TRACEPARENT`, or one MCP request's `_meta` on a `Helm` made for
    /// that request.
    pub trace: Option<crate::model::Trace>,
}

impl Helm {
    /// Reads helm's environment: `HELM_HOME` (default `~/.helm`), the working
    /// directory, `HELM_FORGE` and the variables of every forge in `forges`
    /// (each one's `env_names`). The one place helm reads its environment;
    /// the front ends call it once, with the forges the binary registers.
    pub fn from_env(forges: Forges) -> Result<Helm> {
        let home = match std::env::var_os("HELM_HOME").filter(|v| !v.is_empty()) {
            Some(home) => PathBuf::from(home),
            None => match std::env::home_dir() {
                Some(dir) => dir.join(".helm"),
                None => {
                    return Err(Error::new(Kind::Config, "cannot tell where helm's home is")
                        .hint("set HELM_HOME to a folder helm may use"));
                }
            },
        };
        let cwd = std::env::current_dir()
            .map_err(|err| Error::io("cannot read the current directory", &err))?;
        let var = |name: &str| std::env::var(name).ok();
        Ok(Helm {
            home: Home::new(home),
            cwd,
            forges: Registered::read(forges, &var),
            stdin: match crate::inputs::editor::Editor::from_env() {
                Some(editor) => crate::inputs::Stdin::Terminal(editor),
                None => crate::inputs::Stdin::Ours,
            },
            sync: crate::sync::Settings::from_env(),
            disclosure: Default::default(),
            disclose: var("HELM_DISCLOSE").is_some_and(|v| disclosing(&v)),
            trace: None,
        })
    }

    /// The voyage named by a full id or unambiguous prefix.
    pub fn voyage_file(&self, voyage: &str) -> Result<VoyageFile> {
        self.home.resolve(voyage)
    }

    /// Opens a voyage for reading (schema checked first).
    pub(crate) fn open(&self, voyage: &str) -> Result<VoyageStore> {
        VoyageStore::open(self.voyage_file(voyage)?)
    }

    /// Opens a voyage for a command that writes (schema checked under the lock).
    pub(crate) fn open_for_write(&self, voyage: &str) -> Result<VoyageStore> {
        VoyageStore::open_for_write(self.voyage_file(voyage)?)
    }
}

/// The forges the binary registered, with what `Helm::from_env` read for
/// them: shared by every clone of a [`Helm`] (one per MCP request).
#[derive(Clone)]
pub(crate) struct Registered {
    pub(crate) forges: Arc<Forges>,
    /// Every registered forge's variables, by name.
    pub(crate) env: ForgeEnv,
    /// `HELM_FORGE`: the forge of any host, unless `--forge` says otherwise.
    pub(crate) chosen: Option<String>,
    /// `HELM_GITHUB_TIMEOUT`: the contract keeps the one name for the
    /// deadline of every forge's requests, read whichever forges are built in.
    pub(crate) timeout: Option<String>,
}

impl Registered {
    /// Where a view of a voyage links the repositories its entries name
    /// without a host (`Forge::web_origin`: GitHub's, or its Enterprise host).
    pub(crate) fn web_origin(&self) -> Option<String> {
        self.forges.get(ForgeName::GitHub)?.web_origin(&self.env)
    }

    fn read(forges: Forges, var: &dyn Fn(&str) -> Option<String>) -> Registered {
        let mut env = ForgeEnv::new();
        for forge in ForgeName::ALL
            .into_iter()
            .filter_map(|name| forges.get(name))
        {
            for name in forge.env_names() {
                env.set(name, var(name));
            }
        }
        Registered {
            forges: Arc::new(forges),
            env,
            chosen: var("HELM_FORGE").filter(|v| !v.trim().is_empty()),
            timeout: var("HELM_GITHUB_TIMEOUT"),
        }
    }
}

impl std::fmt::Debug for Registered {
    /// The forges by name; never the variables' values, which hold tokens.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = ForgeName::ALL
            .into_iter()
            .filter(|name| self.forges.get(*name).is_some())
            .map(ForgeName::as_str)
            .collect();
        f.debug_struct("Registered")
            .field("forges", &names)
            .field("chosen", &self.chosen)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// The voyage a voyage-scoped command names, or the error that says how to
/// name one.
pub fn named(voyage: Option<&str>) -> Result<&str> {
    voyage.ok_or_else(|| {
        Error::usage("no voyage given").hint(words![
            "pass ",
            arg("voyage"),
            " <VOYAGE>, set HELM_VOYAGE, or make one current in this working tree with ",
            cmd("voyage use").word("ID"),
            "; ",
            cmd("voyage list"),
            " shows your voyages",
        ])
    })
}

/// Whether `HELM_DISCLOSE`'s value asks for the footer: `1`, `true`, `yes`
/// or `on`, in any case; anything else (`0`, empty) does not.
fn disclosing(value: &str) -> bool {
    matches!(
        value.trim().to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "on"
    )
}
