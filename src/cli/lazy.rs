//! Subcommands whose arguments are built only when the subcommand is used.
//!
//! clap's derive builds the whole command tree, every argument of every
//! command with its help text, before it parses anything. For helm that was
//! about a seventh of a small `observe`'s CPU time (docs/performance.md). A
//! [`Lazy`] command defers its arguments to clap's [`Command::defer`], which
//! clap runs when parsing enters that command and when anything builds the
//! whole tree (`--help` listings, completions, the man page).

use clap::builder::Resettable;
use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};

/// A command's arguments (`T: Args`) or its subcommands (`T: Subcommand`),
/// added only once clap builds that command.
#[derive(Debug)]
pub(crate) struct Lazy<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    // The `_mut` forms forwarded too: their defaults would clone the matches.
    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args_for_update))
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

impl<T: Subcommand> Subcommand for Lazy<T> {
    fn augment_subcommands(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_subcommands))
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_subcommands_for_update))
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

/// Runs `augment` and puts back the command's own description. Built
/// eagerly, the derive describes a command after adding its arguments, so
/// the variant's doc comment wins over that of an argument struct; deferred,
/// the arguments come last and would overwrite it.
fn keeping_about(cmd: Command, augment: fn(Command) -> Command) -> Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    cmd.about(Resettable::from(about))
        .long_about(Resettable::from(long_about))
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::*;

    #[derive(Debug, Parser)]
    struct Top {
        #[arg(long, global = true)]
        json: bool,
        #[command(subcommand)]
        command: Verb,
    }

    #[derive(Debug, Subcommand)]
    enum Verb {
        /// Look at something.
        Look(Lazy<LookArgs>),
        #[command(subcommand)]
        Group(Lazy<Group>),
    }

    /// The arguments' own doc comment, which must not replace the command's.
    #[derive(Debug, Args)]
    struct LookArgs {
        #[arg(long)]
        depth: u32,
    }

    #[derive(Debug, Subcommand)]
    enum Group {
        Inner {
            #[arg(long)]
            name: String,
        },
    }

    #[test]
    fn deferred_commands_parse_and_build_like_eager_ones() {
        let top = Top::try_parse_from(["t", "look", "--depth", "3", "--json"]).unwrap();
        assert!(top.json);
        assert!(matches!(
            top.command,
            Verb::Look(Lazy(LookArgs { depth: 3 }))
        ));
        let top = Top::try_parse_from(["t", "group", "inner", "--name", "x"]).unwrap();
        assert!(matches!(top.command, Verb::Group(Lazy(Group::Inner { ref name })) if name == "x"));
        assert!(Top::try_parse_from(["t", "look", "--nope"]).is_err());

        // Unbuilt, a deferred command has no arguments yet; built, it has all.
        let cmd = Top::command();
        let look = cmd.find_subcommand("look").unwrap();
        assert!(look.get_arguments().all(|arg| arg.get_id() != "depth"));
        let mut cmd = Top::command();
        cmd.build();
        let look = cmd.find_subcommand("look").unwrap();
        assert!(look.get_arguments().any(|arg| arg.get_id() == "depth"));
        assert_eq!(look.get_about().unwrap().to_string(), "Look at something");
        let group = cmd.find_subcommand("group").unwrap();
        assert!(group.find_subcommand("inner").is_some());
        Top::command().debug_assert();
    }
}
