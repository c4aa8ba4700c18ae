//! The current voyage of a working tree (`helm voyage use ID`), as git
//! keeps a current branch per work tree: commands run anywhere inside the
//! tree act on it when neither `--voyage` nor `HELM_VOYAGE` names one.
//!
//! Kept beside the voyages, never inside the tree (helm writes nothing into
//! the user's repository): `$HELM_HOME/current/<sha256 of the tree's
//! path>.json`, holding the tree's path and the voyage's full id. The tree
//! is the top of the git work tree holding the working directory (the
//! nearest folder with a `.git`), else the working directory itself, its
//! path canonical so every spelling of it finds one file.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Helm;
use crate::error::{Error, Result, cmd};
use crate::model::words;
use crate::storage::artifact::hex;

/// What `voyage use` keeps for one tree.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrentVoyage {
    /// The working tree (canonical path).
    pub tree: String,
    /// The voyage's full id.
    pub voyage: String,
}

impl Helm {
    /// Makes `voyage` (a full id or unique prefix) the current voyage of
    /// the working tree.
    pub fn voyage_use(&self, voyage: &str) -> Result<CurrentVoyage> {
        let id = self.voyage_file(voyage)?.id.to_string();
        let tree = self.tree()?;
        let current = CurrentVoyage {
            tree: tree.display().to_string(),
            voyage: id,
        };
        let path = self.current_file(&tree);
        let dir = path.parent().unwrap_or(self.home.root());
        std::fs::create_dir_all(dir)
            .map_err(|err| Error::io(format!("cannot create {}", dir.display()), &err))?;
        let text = serde_json::to_string(&current).map_err(|err| {
            Error::new(
                crate::error::Kind::Io,
                format!("cannot write the current voyage: {err}"),
            )
        })?;
        // Written aside and renamed, so a reader never sees half a file.
        let aside = path.with_extension("json.tmp");
        std::fs::write(&aside, text)
            .and_then(|()| std::fs::rename(&aside, &path))
            .map_err(|err| Error::io(format!("cannot write {}", path.display()), &err))?;
        Ok(current)
    }

    /// Forgets the working tree's current voyage; the one it was, if any.
    pub fn voyage_unuse(&self) -> Result<Option<CurrentVoyage>> {
        let tree = self.tree()?;
        let current = self.current_of(&tree)?;
        if current.is_some() {
            let path = self.current_file(&tree);
            std::fs::remove_file(&path)
                .map_err(|err| Error::io(format!("cannot remove {}", path.display()), &err))?;
        }
        Ok(current)
    }

    /// The working tree's current voyage, if `voyage use` set one.
    pub fn current_voyage(&self) -> Result<Option<CurrentVoyage>> {
        self.current_of(&self.tree()?)
    }

    fn current_of(&self, tree: &Path) -> Result<Option<CurrentVoyage>> {
        let path = self.current_file(tree);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            // No home yet, or a home that is no folder: no current voyage
            // (the command itself says what is wrong with the home).
            Err(err)
                if matches!(
                    err.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(None);
            }
            Err(err) => return Err(Error::io(format!("cannot read {}", path.display()), &err)),
        };
        let damaged = |why: String| {
            Error::new(
                crate::error::Kind::Config,
                format!(
                    "the current voyage file {} is damaged: {why}",
                    path.display()
                ),
            )
            .hint(words![
                "run ",
                cmd("voyage use").switch("clear"),
                " and then ",
                cmd("voyage use").word("ID"),
                " again"
            ])
        };
        let current: CurrentVoyage =
            serde_json::from_str(&text).map_err(|err| damaged(err.to_string()))?;
        if Path::new(&current.tree) != tree {
            return Err(damaged(format!("it names the tree {}", current.tree)));
        }
        Ok(Some(current))
    }

    /// The top of the git work tree holding the working directory, else
    /// the working directory; canonical.
    fn tree(&self) -> Result<PathBuf> {
        let cwd = self
            .cwd
            .canonicalize()
            .map_err(|err| Error::io(format!("cannot resolve {}", self.cwd.display()), &err))?;
        let top = cwd.ancestors().find(|dir| dir.join(".git").exists());
        Ok(top.unwrap_or(&cwd).to_path_buf())
    }

    fn current_file(&self, tree: &Path) -> PathBuf {
        let key = hex(&Sha256::digest(tree.as_os_str().as_encoded_bytes()));
        self.home.root().join("current").join(format!("{key}.json"))
    }
}
