//! The command line of helm-core's argument structs (steer actions,
//! observation kinds, provenance), built from what each declares: its
//! [`Flag`]s and its JSON Schema. The core knows nothing of clap: each
//! struct says which flags set which fields; its schema gives the help
//! (its doc comments), the value types, defaults and choices. What clap
//! parses becomes the JSON object MCP would have sent, read by the same
//! serde code, so both front ends reach the core through one path.

/// The clap id of the number a struct takes by position as well as by its
/// flag ([`Flag::by_position`]).
const BY_POSITION: &str = "number-by-position";

mod build;
mod number;
mod read;
mod summaries;

use std::ops::Deref;

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};

use crate::error::arg;
use crate::model::{Repo, words};
use helm_core::{FlagCommand, FlagCommands, Flags};
use summaries::Summaries;

/// An argument struct flattened into a command: its flags, parsed.
#[derive(Debug)]
pub(crate) struct FlagArgs<T>(pub T);

/// An enum of argument structs as subcommands (`steer <ACTION>`,
/// `observe <TARGET>`), parsed; with the repository an issue or pull
/// request URL named, when the struct has no `repo` of its own to take it
/// (a steer action's repository is steer's `--repo`).
#[derive(Debug)]
pub(crate) struct FlagSubcommands<T>(pub T, Option<Repo>);

impl<T> FlagSubcommands<T> {
    /// The repository `--repo` names, if given, and the one a URL named:
    /// they must agree.
    pub(crate) fn repo(&self, flag: Option<&str>) -> crate::error::Result<Option<String>> {
        match (flag, &self.1) {
            (Some(flag), Some(url)) => match Repo::given(flag) {
                Some(given) if given != *url => Err(crate::error::Error::usage(words![
                    arg("repo"),
                    format!(" names {given} but the URL given names {url}"),
                ])
                .hint(words![
                    "drop ",
                    arg("repo"),
                    ", or give a number instead of the URL"
                ])),
                _ => Ok(Some(flag.to_string())),
            },
            (Some(flag), None) => Ok(Some(flag.to_string())),
            (None, url) => Ok(url.as_ref().map(Repo::to_string)),
        }
    }
}

impl<T> Deref for FlagArgs<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Deref for FlagSubcommands<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Flags> FromArgMatches for FlagArgs<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let schema = schemars::schema_for!(T);
        let read = read::fields(matches, &T::flags(), &schema)?;
        read::typed(read.fields).map(FlagArgs)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<T: Flags> Args for FlagArgs<T> {
    fn augment_args(cmd: Command) -> Command {
        build::flags(cmd, &T::flags(), &schemars::schema_for!(T), T::one_of())
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<T: FlagCommands> FromArgMatches for FlagSubcommands<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let Some(command) = T::command(name) else {
            return Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand));
        };
        let schema = command.schema();
        let read::Read {
            mut fields,
            mut url_repo,
        } = read::fields(sub, &command.flags(), &schema)?;
        let has_repo = schema.as_value().pointer("/properties/repo").is_some();
        if let Some(url) = url_repo.take_if(|_| has_repo) {
            match fields.get("repo").and_then(|repo| repo.as_str()) {
                Some(given) => match Repo::given(given) {
                    Some(given) if given != url => {
                        return Err(clap::Error::raw(
                            clap::error::ErrorKind::ArgumentConflict,
                            format!("--repo names {given} but the URL given names {url}"),
                        ));
                    }
                    _ => {}
                },
                None => {
                    fields.insert("repo".into(), url.to_string().into());
                }
            }
        }
        fields.insert("kind".into(), command.name.into());
        read::typed(fields).map(|value| FlagSubcommands(value, url_repo))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<T: FlagCommands + Summaries> Subcommand for FlagSubcommands<T> {
    /// Every subcommand named and described in one line (its written
    /// summary: no JSON Schema is made), its flags and long description
    /// added only when clap builds it (`Command::defer`: when parsing
    /// enters it, or when something builds the whole tree): `observe
    /// file-contents` built the flags of every kind, about a tenth of a
    /// small observe's CPU time, and then made every kind's schema for its
    /// description, a twentieth.
    fn augment_subcommands(cmd: Command) -> Command {
        T::commands().iter().fold(cmd, |cmd, command| {
            let summary = summaries::of::<T>(command.name);
            cmd.subcommand(build::named(command, summary).defer(flags_of::<T>))
        })
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        T::commands()
            .iter()
            .any(|command: &FlagCommand| command.name == name || command.aliases.contains(&name))
    }
}

/// The flags and long description of the subcommand `cmd` names, added
/// to it.
fn flags_of<T: FlagCommands>(cmd: Command) -> Command {
    match T::command(cmd.get_name()) {
        Some(command) => build::described(cmd, &command, &command.schema()),
        None => cmd,
    }
}

#[cfg(test)]
mod tests;
