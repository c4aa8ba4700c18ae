//! `directory-tree`: a folder's tree, honouring `.gitignore`, walked by
//! `local/walk.rs`; its payload is the walk's [`Tree`].

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::local::{paths, walk};
use super::said::TextSaid;
use super::{Counting, KindArgs, KindTarget, LocalLook, Looked, Place, Tally, Target, Way};
use crate::error::Result;
use crate::error::{Words, arg};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::storage::artifact::Packer;

pub(crate) use walk::Tree;

/// A folder's tree, honouring .gitignore; .git is always skipped.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DirectoryTreeArgs {
    /// The folder to walk.
    pub(crate) root: PathBuf,
    /// A file or folder name to leave out, e.g. target (repeatable).
    #[serde(default)]
    pub(crate) skip: Vec<String>,
    /// How many levels below ROOT to descend (1 = its direct children).
    #[serde(default)]
    pub(crate) max_depth: Option<u32>,
}

impl Flags for DirectoryTreeArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::positional("root", "ROOT").required().path(),
            Flag::option("skip", "NAME"),
            Flag::option("maxDepth", "N"),
        ]
    }
}

/// The canonical target: the root's absolute path, skip names sorted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryTreeTarget {
    pub(crate) root: String,
    pub(crate) skip: Vec<String>,
    pub(crate) max_depth: Option<u32>,
}

impl KindArgs for DirectoryTreeArgs {
    fn canonical(&self, place: &Place) -> Result<Target> {
        Ok(Target::from(DirectoryTreeTarget {
            root: paths::canonical_path(&self.root, place.cwd)?,
            skip: paths::skip_names(&self.skip)?,
            max_depth: self.max_depth,
        }))
    }
}

impl KindTarget for DirectoryTreeTarget {
    fn describe(&self) -> Words {
        let mut text = words![format!("directory-tree {}", self.root)];
        for name in &self.skip {
            text.push(words![" ", arg("skip"), format!(" {name}")]);
        }
        if let Some(depth) = self.max_depth {
            text.push(words![" ", arg("max-depth"), format!(" {depth}")]);
        }
        text
    }

    fn way(&self) -> Way<'_> {
        Way::Local(self)
    }

    /// `12 files, 3 folders`.
    fn digest(&self, payload: &[u8]) -> Option<String> {
        let tree: Tree = serde_json::from_slice(payload).ok()?;
        Some(tree.summary(false))
    }

    /// The root and every name in it.
    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        match serde_json::from_slice::<Tree>(payload) {
            Ok(tree) => vec![TextSaid::local(format!(
                "{}\n{}",
                tree.root,
                tree.entries.join("\n")
            ))],
            Err(_) => Vec::new(),
        }
    }
}

impl LocalLook for DirectoryTreeTarget {
    fn progress(&self) -> (String, Counting) {
        (format!("walking {}", self.root), Counting::Entries)
    }

    fn look(&self, tally: &Tally) -> Result<Looked> {
        let mut tree = walk::walk(&self.root, &self.skip, self.max_depth, tally)?;
        tree.redact();
        Ok(Looked {
            summary: tree.summary(true),
            packed: Packer::pack_json(tree.to_json())?,
            redacted: tree.redacted.clone(),
            digest: Some(tree.summary(false)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_tagged_kebab_case_with_camel_case_fields() {
        let target = Target::from(DirectoryTreeTarget {
            root: "/r".into(),
            skip: vec!["target".into()],
            max_depth: Some(2),
        });
        assert_eq!(
            target.key(),
            r#"{"kind":"directory-tree","root":"/r","skip":["target"],"maxDepth":2}"#
        );
        assert_eq!(Target::from_key(&target.key()), Some(target.clone()));
        assert!(!Target::key_folds_case(&target.key()));
        assert_eq!(
            target.digest(br#"{"root":"/r","entries":[],"files":12,"dirs":1}"#),
            Some("12 files, 1 folder".to_string())
        );
    }
}
