//! Writing a missing text in the user's editor, as git and gh do: a steer
//! whose required body was not given, run on a terminal, opens
//! `$HELM_EDITOR`, else `$VISUAL`, else `$EDITOR` (git's order, helm's own
//! first) on a temporary file that explains what to write. Only the CLI on
//! a terminal gets an [`Editor`] (`Helm::from_env`, stdin and stdout both
//! terminals): never in a pipe, never under MCP, whose stdin is the
//! protocol. A text left empty aborts the steer, sending nothing.

use std::io::IsTerminal;
use std::process::Command;

use crate::error::{Error, Kind, Result};

/// Everything from this line down is the explanation, removed from the text
/// (git's scissors: lines starting with `#` are Markdown headings here).
const SCISSORS: &str = "# ------------------------ >8 ------------------------";

/// The editor command, as the shell reads it (`code --wait`, `vim`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Editor(&'static str);

impl Editor {
    /// The editor this process may open: the first of `HELM_EDITOR`,
    /// `VISUAL`, `EDITOR` that is set and not blank, when stdin and stdout
    /// are both terminals. Read once per process, so it is kept for the
    /// process's life (which lets `Stdin` stay `Copy`).
    pub(crate) fn from_env() -> Option<Editor> {
        if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
            return None;
        }
        let command = ["HELM_EDITOR", "VISUAL", "EDITOR"]
            .into_iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.trim().is_empty())?;
        Some(Editor(Box::leak(command.into_boxed_str())))
    }

    /// Opens the editor on a new file explaining `what` to write, and
    /// returns what the user wrote above the scissors line; an empty text,
    /// or an editor that failed, is an error and nothing is sent.
    pub(crate) fn compose(self, what: &str) -> Result<String> {
        let dir = tempfile::Builder::new()
            .prefix("helm-edit-")
            .tempdir()
            .map_err(|err| Error::io("cannot make a folder for the editor's file", &err))?;
        let path = dir.path().join("BODY.md");
        let explained = format!(
            "\n{SCISSORS}\n# Write the {what} above the line above, in GitHub Markdown.\n\
             # Everything from that line down is removed. Leave the {what} empty\n\
             # (or quit without saving) to abort: nothing is sent or recorded.\n"
        );
        std::fs::write(&path, explained)
            .map_err(|err| Error::io(format!("cannot write {}", path.display()), &err))?;
        // As git runs it: the command through the shell, the file its
        // argument, so `code --wait` and quoted paths work.
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!("{} \"$@\"", self.0))
            .arg(self.0)
            .arg(&path)
            .status()
            .map_err(|err| {
                Error::io(format!("cannot run the editor '{}'", self.0), &err)
                    .hint("set HELM_EDITOR, VISUAL or EDITOR to an editor that can be run, or pass the text as a flag")
            })?;
        if !status.success() {
            return Err(Error::new(
                Kind::Usage,
                format!(
                    "the editor '{}' failed ({status}): nothing was sent or recorded",
                    self.0
                ),
            )
            .hint("fix the editor command in HELM_EDITOR, VISUAL or EDITOR, or pass the text as a flag"));
        }
        let written = std::fs::read_to_string(&path)
            .map_err(|err| Error::io(format!("cannot read {}", path.display()), &err))?;
        let text = match written.split_once(SCISSORS) {
            Some((above, _)) => above,
            None => written.as_str(),
        }
        .trim_end()
        .to_string();
        if text.trim().is_empty() {
            return Err(Error::usage(format!(
                "the {what} was left empty in the editor: nothing was sent or recorded"
            ))
            .hint("run the command again and write the text, or pass it as a flag"));
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn editor(script: &str) -> (tempfile::TempDir, Editor) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("edit.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
        let command = format!("sh '{}'", path.display());
        (dir, Editor(Box::leak(command.into_boxed_str())))
    }

    #[test]
    fn what_is_written_above_the_scissors_is_the_text_headings_and_all() {
        let (_dir, editor) = editor(
            r#"{ printf '## Plan\n\nship it\n'; cat "$1"; } > "$1.new" && mv "$1.new" "$1""#,
        );
        assert_eq!(
            editor.compose("comment body").unwrap(),
            "## Plan\n\nship it"
        );
    }

    #[test]
    fn a_text_left_empty_or_a_failing_editor_aborts() {
        let (_dir, untouched) = editor("true");
        let empty = untouched.compose("comment body").unwrap_err();
        assert_eq!(empty.kind(), Kind::Usage);
        assert!(empty.to_string().contains("left empty"), "{empty}");
        let (_dir, failing) = editor("exit 3");
        let failed = failing.compose("comment body").unwrap_err();
        assert!(failed.to_string().contains("failed"), "{failed}");
    }
}
