//! Messages and hints as data: plain text, and references to helm's own
//! commands and arguments that each front end names its own way. The CLI
//! says `helm voyage verify` and `--request-id`; MCP says `voyage_verify`
//! and `requestId`. A construction site writes the sentence once with
//! [`words!`](crate::words), and no front end rewrites another's text.

use std::borrow::Cow;
use std::fmt;

/// A sentence of plain text and references, rendered by a [`Speaker`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words(Vec<Segment>);

/// One piece of [`Words`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    Text(Cow<'static, str>),
    /// An argument named in a sentence, by its CLI long name (`request-id`).
    Arg(&'static str),
    /// A command to run, quoted.
    Invocation(Invocation),
}

/// A command line: the command's path (`voyage verify`) and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    path: &'static str,
    args: Vec<CommandArg>,
}

/// One argument of a [`Invocation`], in the order the user would type it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandArg {
    /// A positional word, or a subcommand after a flag (`merge-pr`, `45`).
    Word(String),
    /// An argument that takes no value (`all`).
    Switch(&'static str),
    /// An argument and its value (`remote`, `origin`).
    Value(&'static str, String),
}

/// The command at `path`, its subcommands separated by spaces: `voyage verify`.
pub fn cmd(path: &'static str) -> Invocation {
    Invocation {
        path,
        args: Vec::new(),
    }
}

/// An argument named in a sentence: `--request-id` on the CLI.
pub fn arg(name: &'static str) -> Segment {
    Segment::Arg(name)
}

impl Invocation {
    /// Appends a positional word.
    pub fn word(mut self, word: impl fmt::Display) -> Self {
        self.args.push(CommandArg::Word(word.to_string()));
        self
    }

    /// Appends an argument without a value.
    pub fn switch(mut self, name: &'static str) -> Self {
        self.args.push(CommandArg::Switch(name));
        self
    }

    /// Appends an argument and its value.
    pub fn value(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.args.push(CommandArg::Value(name, value.to_string()));
        self
    }

    /// Appends arguments built elsewhere (a target's own, say).
    pub fn args(mut self, args: impl IntoIterator<Item = CommandArg>) -> Self {
        self.args.extend(args);
        self
    }

    /// The subcommands, outermost first.
    pub fn path(&self) -> impl Iterator<Item = &'static str> {
        self.path.split(' ')
    }

    pub fn arguments(&self) -> &[CommandArg] {
        &self.args
    }
}

/// How a front end names commands and arguments.
pub trait Speaker {
    /// An argument named in a sentence.
    fn arg(&self, out: &mut String, name: &str);
    /// A command to run.
    fn command(&self, out: &mut String, command: &Invocation);
}

/// The command line's names: `` `helm voyage verify --all` `` and
/// `--request-id`. It is also how [`Words`] display (which
/// `std::error::Error` requires of every error), so a message folded into
/// another text, a log line or a test reads as the CLI prints it.
pub struct CommandLine;

impl Speaker for CommandLine {
    fn arg(&self, out: &mut String, name: &str) {
        out.push_str("--");
        out.push_str(name);
    }

    fn command(&self, out: &mut String, command: &Invocation) {
        out.push_str("`helm ");
        out.push_str(command.path);
        for arg in &command.args {
            out.push(' ');
            match arg {
                CommandArg::Word(word) => out.push_str(word),
                CommandArg::Switch(name) => self.arg(out, name),
                CommandArg::Value(name, value) => {
                    self.arg(out, name);
                    out.push(' ');
                    out.push_str(value);
                }
            }
        }
        out.push('`');
    }
}

impl Words {
    pub fn new() -> Self {
        Words::default()
    }

    /// The text, with every reference named as `speaker` names it.
    pub fn render(&self, speaker: &dyn Speaker) -> String {
        let mut out = String::new();
        for part in &self.0 {
            match part {
                Segment::Text(text) => out.push_str(text),
                Segment::Arg(name) => speaker.arg(&mut out, name),
                Segment::Invocation(command) => speaker.command(&mut out, command),
            }
        }
        out
    }

    /// Appends one more piece.
    pub fn push(&mut self, piece: impl Piece) {
        piece.push_to(self);
    }
}

impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(&CommandLine))
    }
}

/// What [`words!`](crate::words) accepts: text, a reference, or more words.
pub trait Piece {
    fn push_to(self, words: &mut Words);
}

impl Piece for &str {
    fn push_to(self, words: &mut Words) {
        if !self.is_empty() {
            words.0.push(Segment::Text(Cow::Owned(self.to_string())));
        }
    }
}

impl Piece for String {
    fn push_to(self, words: &mut Words) {
        if !self.is_empty() {
            words.0.push(Segment::Text(Cow::Owned(self)));
        }
    }
}

impl Piece for &String {
    fn push_to(self, words: &mut Words) {
        self.clone().push_to(words)
    }
}

impl Piece for Segment {
    fn push_to(self, words: &mut Words) {
        words.0.push(self);
    }
}

impl Piece for Invocation {
    fn push_to(self, words: &mut Words) {
        words.0.push(Segment::Invocation(self));
    }
}

impl Piece for Words {
    fn push_to(self, words: &mut Words) {
        words.0.extend(self.0);
    }
}

impl Piece for &Words {
    fn push_to(self, words: &mut Words) {
        words.0.extend(self.0.iter().cloned());
    }
}

impl Words {
    /// Words of one piece.
    pub fn of(piece: impl Piece) -> Self {
        let mut words = Words::new();
        piece.push_to(&mut words);
        words
    }
}

/// Words from pieces: `words!["run ", cmd("voyage verify"), " for a report"]`.
#[macro_export]
macro_rules! words {
    ($($piece:expr),* $(,)?) => {{
        let mut words = $crate::error::Words::new();
        $( words.push($piece); )*
        words
    }};
}

#[cfg(test)]
mod tests {
    use super::{CommandLine, arg, cmd};

    #[test]
    fn the_command_line_names_commands_and_flags() {
        let hint = crate::words![
            "run ",
            cmd("voyage verify"),
            " or ",
            cmd("observe")
                .value("voyage", "a1b2")
                .word("github-pr 45")
                .value("focus", "reviews"),
            "; use a fresh ",
            arg("request-id"),
            ", or ",
            cmd("voyage list").switch("all"),
        ];
        assert_eq!(
            hint.render(&CommandLine),
            "run `helm voyage verify` or `helm observe --voyage a1b2 github-pr 45 --focus reviews`; \
             use a fresh --request-id, or `helm voyage list --all`"
        );
        assert_eq!(hint.to_string(), hint.render(&CommandLine));
    }
}
