//! Everything a command needs from its surroundings, read once: where helm's
//! home is, the working directory, and how output should look.

use std::io::IsTerminal;
use std::path::PathBuf;

use rusqlite::Connection;

use super::VoyageArg;
use crate::error::{Error, Kind, Result};
use crate::storage::{self, Home, VoyageFile};

pub struct Context {
    pub home: Home,
    pub cwd: PathBuf,
    pub json: bool,
    /// Colour and terminal niceties on stdout.
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    pub color: bool,
    /// The environment GitHub commands read, gathered here once.
    pub github: GitHubEnv,
}

/// `HELM_GITHUB_API_URL`, `HELM_GITHUB_TIMEOUT`, `GH_REPO`, `GH_TOKEN`, `GITHUB_TOKEN`.
#[derive(Default)]
pub struct GitHubEnv {
    pub api_url: Option<String>,
    pub timeout: Option<String>,
    pub repo: Option<String>,
    pub gh_token: Option<String>,
    pub github_token: Option<String>,
}

impl GitHubEnv {
    fn from_env() -> GitHubEnv {
        let var = |name: &str| std::env::var(name).ok();
        GitHubEnv {
            api_url: var("HELM_GITHUB_API_URL"),
            timeout: var("HELM_GITHUB_TIMEOUT"),
            repo: var("GH_REPO"),
            gh_token: var("GH_TOKEN"),
            github_token: var("GITHUB_TOKEN"),
        }
    }
}

impl Context {
    pub fn from_env(json: bool) -> Result<Context> {
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
        let stdout_tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Ok(Context {
            home: Home::new(home),
            cwd,
            json,
            stdout_tty,
            stderr_tty: std::io::stderr().is_terminal(),
            color: stdout_tty && !no_color && !json,
            github: GitHubEnv::from_env(),
        })
    }

    /// The voyage named by `--voyage` or `HELM_VOYAGE`.
    pub fn voyage_file(&self, arg: &VoyageArg) -> Result<VoyageFile> {
        match arg.voyage.as_deref() {
            Some(prefix) => self.home.resolve(prefix),
            None => Err(Error::usage("no voyage given").hint(
                "pass --voyage <VOYAGE> or set HELM_VOYAGE; `helm voyage list` shows your voyages",
            )),
        }
    }

    /// Resolves and opens the voyage named by `--voyage` or `HELM_VOYAGE`.
    pub fn open_voyage(&self, arg: &VoyageArg) -> Result<(VoyageFile, Connection)> {
        let file = self.voyage_file(arg)?;
        let conn = open_named(&file)?;
        Ok((file, conn))
    }
}

/// Opens a voyage file for a command that writes: the schema is checked by
/// `storage::write` inside the write transaction, saving a round of locking
/// on the hot paths (`observe`, `log`).
pub fn open_writer(file: &VoyageFile) -> Result<Connection> {
    storage::open_unchecked(&file.path).map_err(|err| name_file(err, file))
}

/// Opens a voyage file, naming it in any error.
pub fn open_named(file: &VoyageFile) -> Result<Connection> {
    storage::open(&file.path).map_err(|err| name_file(err, file))
}

/// Prefixes an error about a voyage file with which file it was.
pub fn name_file(err: Error, file: &VoyageFile) -> Error {
    let hint = err.hint_text().map(str::to_string);
    let named = Error::new(
        err.kind(),
        format!("voyage {}: {}", file.path.display(), err.message()),
    );
    match hint {
        Some(hint) => named.hint(hint),
        None => named,
    }
}

impl Context {
    /// The repository for a GitHub target or action.
    pub fn repository(&self, flag: Option<&str>) -> Result<crate::github::repo::Repo> {
        crate::github::repo::resolve(flag, self.github.repo.as_deref(), &self.cwd)
    }
}
