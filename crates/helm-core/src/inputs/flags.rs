//! How an argument struct is given on a command line, as plain data: which
//! field each flag sets, its long name or place, its value's name, and the
//! rules between flags. The struct's JSON Schema (its doc comments, types,
//! defaults and enum values) says the rest, so a flag is defined once, next
//! to its field. The CLI builds its parser from these and deserialises what
//! it parsed with serde, exactly as MCP deserialises a tool call's
//! arguments; no crate below the front ends needs a parser library.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;

/// One flag or positional argument: the field of the struct it sets and how
/// it is written. Built with the constructors below, in `--help` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The field's JSON name, which the parsed value is given as.
    pub field: &'static str,
    /// `--long`; `None` for a positional argument.
    pub long: Option<&'static str>,
    /// `-s`, where a habit brought from gh expects one (`-R` for `--repo`).
    pub short: Option<char>,
    /// Other spellings of a choice, each with the choice it stands for
    /// (gh's `not planned` for `not-planned`): accepted, not listed.
    pub aliases: &'static [(&'static str, &'static str)],
    /// The value's placeholder (`N`, `PATH`); `None` for a switch.
    pub value_name: Option<&'static str>,
    /// The help line, where the command line's differs from the field's
    /// description (which MCP shows).
    pub help: Option<&'static str>,
    /// For a switch that stands for one value of `field` (merge-pr's
    /// `--squash` for `strategy: squash`): that value.
    pub sets: Option<&'static str>,
    /// Flags (by [`Flag::id`]) that may not be given with this one.
    pub conflicts: &'static [&'static str],
    /// Flags (by [`Flag::id`]) one of which makes this one optional.
    pub required_unless: &'static [&'static str],
    pub required: bool,
    /// Several values in one, split at this character (`--focus a,b`).
    pub delimiter: Option<char>,
    /// Names, several in one as gh takes them (`--add docs,bug`), split at
    /// each comma but one written `\,`, which is a comma inside a name
    /// (GitHub allows one in a label).
    pub names: bool,
    /// The value is a path (refused empty; must be UTF-8).
    pub path: bool,
    /// Accepted before and after a subcommand, and listed in its help.
    pub global: bool,
    /// An issue or pull request number, which a person may also type as
    /// `#42` or as its URL (whose repository then counts as given).
    pub number: bool,
    /// Also given by position, as gh takes it (`comment 42` for `comment
    /// --issue 42`); one flag of a struct at most.
    pub by_position: bool,
}

impl Flag {
    const fn new(field: &'static str, long: Option<&'static str>) -> Flag {
        Flag {
            field,
            long,
            short: None,
            aliases: &[],
            value_name: None,
            help: None,
            sets: None,
            conflicts: &[],
            required_unless: &[],
            required: false,
            delimiter: None,
            names: false,
            path: false,
            global: false,
            number: false,
            by_position: false,
        }
    }

    /// `--<field> <VALUE>`, the field's name in kebab case unless
    /// [`Flag::named`] says otherwise.
    pub(crate) const fn option(field: &'static str, value_name: &'static str) -> Flag {
        Flag {
            value_name: Some(value_name),
            ..Flag::new(field, Some(field))
        }
    }

    /// `--<field>`, a boolean.
    pub(crate) const fn switch(field: &'static str) -> Flag {
        Flag::new(field, Some(field))
    }

    /// `<VALUE>` by position.
    pub(crate) const fn positional(field: &'static str, value_name: &'static str) -> Flag {
        Flag {
            value_name: Some(value_name),
            ..Flag::new(field, None)
        }
    }

    /// `--<long>`, a switch that gives `field` the value `value`.
    pub(crate) const fn sets(long: &'static str, field: &'static str, value: &'static str) -> Flag {
        Flag {
            sets: Some(value),
            ..Flag::new(field, Some(long))
        }
    }

    /// Spelled `--<long>` on the command line.
    pub(crate) const fn named(self, long: &'static str) -> Flag {
        Flag {
            long: Some(long),
            ..self
        }
    }

    /// Also spelled `-<c>`.
    pub(crate) const fn short(self, c: char) -> Flag {
        Flag {
            short: Some(c),
            ..self
        }
    }

    /// Other spellings of its choices, as `(spelling, choice)`.
    pub(crate) const fn aliases(self, aliases: &'static [(&'static str, &'static str)]) -> Flag {
        Flag { aliases, ..self }
    }

    pub(crate) const fn help(self, help: &'static str) -> Flag {
        Flag {
            help: Some(help),
            ..self
        }
    }

    pub(crate) const fn conflicts(self, ids: &'static [&'static str]) -> Flag {
        Flag {
            conflicts: ids,
            ..self
        }
    }

    pub(crate) const fn required_unless(self, ids: &'static [&'static str]) -> Flag {
        Flag {
            required_unless: ids,
            ..self
        }
    }

    pub(crate) const fn required(self) -> Flag {
        Flag {
            required: true,
            ..self
        }
    }

    pub(crate) const fn delimited(self, by: char) -> Flag {
        Flag {
            delimiter: Some(by),
            ..self
        }
    }

    /// Takes names comma-separated (`--reviewer carol,bob`), as gh does;
    /// `\,` is a comma inside one name.
    pub(crate) const fn names(self) -> Flag {
        Flag {
            names: true,
            ..self
        }
    }

    pub(crate) const fn path(self) -> Flag {
        Flag { path: true, ..self }
    }

    /// Takes `42`, `#42` or the issue's or pull request's URL.
    pub(crate) const fn issue_number(self) -> Flag {
        Flag {
            number: true,
            ..self
        }
    }

    /// Also given by position (gh's `issue comment 42`).
    pub(crate) const fn by_position(self) -> Flag {
        Flag {
            by_position: true,
            ..self
        }
    }

    pub(crate) const fn global(self) -> Flag {
        Flag {
            global: true,
            ..self
        }
    }

    /// What other flags name this one by: the switch's long name for a
    /// switch that [`sets`](Flag::sets) a value, else the field.
    pub fn id(&self) -> &'static str {
        match (self.sets, self.long) {
            (Some(_), Some(long)) => long,
            _ => self.field,
        }
    }
}

/// An argument struct a command line gives as flags.
pub trait Flags: DeserializeOwned + JsonSchema {
    /// Its flags, in the order `--help` lists them.
    fn flags() -> Vec<Flag>;

    /// Flags (by [`Flag::id`]) exactly one of which must be given, under
    /// the group's name; `None` when there is no such rule.
    fn one_of() -> Option<(&'static str, &'static [&'static str])> {
        None
    }

    /// What the subcommand does, where the command line's text differs
    /// from the struct's description (which MCP shows); written as a doc
    /// comment is, a first line and paragraphs.
    fn about() -> Option<&'static str> {
        None
    }

    /// Other names the subcommand answers to (`mr` for `pr`).
    fn aliases() -> &'static [&'static str] {
        &[]
    }
}

/// One subcommand of an enum of argument structs: its name, its
/// description's override, its flags' rule and aliases, and how to make its
/// flags and its struct's schema (whose description is the subcommand's).
/// Listing the subcommands makes neither: parsing `observe file-contents`
/// needs the flags and schema of that kind alone, and making every kind's
/// JSON Schema was a twentieth of a small observe's CPU time (issue 45).
#[derive(Clone, Debug)]
pub struct FlagCommand {
    pub name: &'static str,
    pub about: Option<&'static str>,
    pub one_of: Option<(&'static str, &'static [&'static str])>,
    pub aliases: &'static [&'static str],
    make_flags: fn() -> Vec<Flag>,
    make_schema: fn() -> schemars::Schema,
}

impl FlagCommand {
    pub fn of<A: Flags>(name: &'static str) -> FlagCommand {
        FlagCommand {
            name,
            about: A::about(),
            one_of: A::one_of(),
            aliases: A::aliases(),
            make_flags: A::flags,
            make_schema: || schemars::schema_for!(A),
        }
    }

    /// Its flags, in the order `--help` lists them.
    pub fn flags(&self) -> Vec<Flag> {
        (self.make_flags)()
    }

    /// Its struct's JSON Schema, made now.
    pub fn schema(&self) -> schemars::Schema {
        (self.make_schema)()
    }
}

/// An enum of argument structs, one per subcommand, that serde reads from
/// `{"kind": <name>, ...fields}`.
pub trait FlagCommands: DeserializeOwned {
    fn commands() -> Vec<FlagCommand>;

    /// The subcommand called `name` or one of its aliases.
    fn command(name: &str) -> Option<FlagCommand>;
}
