//! Generated texts as reports: a completion script or the man page.

use std::io::{self, Write};

use super::documents::{PageView, ScriptView};
use super::{Report, Style};

/// A generated text: a completion script or the man page; itself on
/// stdout, or a small JSON document with `--json`.
pub(crate) enum Text {
    Script { shell: &'static str, text: String },
    Page { text: String },
}

impl Report for Text {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        match self {
            Text::Script { text, .. } | Text::Page { text } => out.write_all(text.as_bytes()),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Text::Script { shell, text } => super::write_json(
                out,
                &ScriptView {
                    shell,
                    script: text,
                },
            ),
            Text::Page { text } => super::write_json(
                out,
                &PageView {
                    format: "roff",
                    page: text,
                },
            ),
        }
    }
}
