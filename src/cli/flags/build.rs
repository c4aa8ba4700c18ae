//! clap arguments from a struct's [`Flag`]s and JSON Schema, as clap's
//! derive would have made them from the same doc comments and types: the
//! help's first paragraph without its final period, the whole text as the
//! long help, a value parser per type, choices with their own help, and
//! non-trivial defaults shown.

use std::path::PathBuf;

use clap::builder::{PathBufValueParser, PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgGroup, Command, value_parser};
use schemars::Schema;
use serde_json::{Map, Value};

use super::BY_POSITION;
use helm_core::{Flag, FlagCommand};

/// A subcommand for one argument struct: its name, aliases and one-line
/// description (`summary`, else its struct's), without its flags or long
/// description (`described` adds them, when clap builds it).
pub(super) fn named(command: &FlagCommand, summary: Option<&'static str>) -> Command {
    let cmd = Command::new(command.name).visible_aliases(command.aliases);
    match summary {
        Some(summary) => cmd.about(summary),
        None => match about(command, &command.schema()) {
            Some((short, _)) => cmd.about(short),
            None => cmd,
        },
    }
}

/// `cmd` with its long description, from `schema`, and its flags.
pub(super) fn described(cmd: Command, command: &FlagCommand, schema: &Schema) -> Command {
    let cmd = match about(command, schema) {
        Some((_, Some(long))) => cmd.long_about(long),
        _ => cmd,
    };
    flags(cmd, &command.flags(), schema, command.one_of)
}

/// What the subcommand does, as its help says it (one line, and the whole
/// text when it has several paragraphs): the command line's own text where
/// it has one, else the struct's description.
pub(super) fn about(command: &FlagCommand, schema: &Schema) -> Option<(String, Option<String>)> {
    command
        .about
        .map(str::to_string)
        .or_else(|| description(schema.as_value()))
        .as_deref()
        .map(doc)
}

/// `cmd` with `flags` added, in order, and their one-of group.
pub(super) fn flags(
    cmd: Command,
    flags: &[Flag],
    schema: &Schema,
    one_of: Option<(&'static str, &'static [&'static str])>,
) -> Command {
    let twin = flags.iter().find(|flag| flag.by_position);
    let cmd = flags.iter().fold(cmd, |cmd, flag| {
        cmd.arg(arg(flag, schema, twin.map(Flag::id)))
    });
    let cmd = match twin {
        Some(twin) => cmd.arg(by_position(twin)),
        None => cmd,
    };
    match one_of {
        Some((name, ids)) => {
            let group = ArgGroup::new(name).required(true).args(ids);
            let group = match twin {
                Some(twin) if ids.contains(&twin.id()) => group.arg(BY_POSITION),
                _ => group,
            };
            cmd.group(group)
        }
        None => cmd,
    }
}

/// `N` by position, standing for `twin`'s flag (`comment 42` is `comment
/// --issue 42`), as gh takes a number.
fn by_position(twin: &Flag) -> Arg {
    let long = kebab(twin.long.unwrap_or(twin.field));
    Arg::new(BY_POSITION)
        .value_name("N")
        .help(format!("The same as --{long} N (42, #42 or its URL)"))
        .action(ArgAction::Set)
        .value_parser(|text: &str| super::number::parse(text).map(|_| text.to_string()))
        .conflicts_with(twin.id())
        .conflicts_with_all(twin.conflicts)
}

/// What a field's schema says its values are.
pub(super) enum ValueShape {
    Switch,
    Integer { unsigned_bits: Option<u32> },
    Text,
    Choice(Vec<(String, Option<String>)>),
}

/// The field's property schema, `$ref`s followed, and whether it takes
/// many values.
pub(super) fn field<'a>(schema: &'a Schema, field: &str) -> (ValueShape, bool, Option<&'a Value>) {
    let root = schema.as_value();
    let property = root
        .pointer(&format!("/properties/{field}"))
        .unwrap_or(&Value::Null);
    let default = property.get("default");
    let property = resolve(root, property);
    if has_type(property, "array") {
        let items = resolve(root, property.get("items").unwrap_or(&Value::Null));
        return (value_of(root, items), true, default);
    }
    (value_of(root, property), false, default)
}

/// The clap argument for `flag`; `twin` is the flag a number by position
/// stands for, which then satisfies what that flag would.
fn arg(flag: &Flag, schema: &Schema, twin: Option<&'static str>) -> Arg {
    let (value, many, default) = field(schema, flag.field);
    let mut arg = Arg::new(flag.id());
    if let Some(long) = flag.long {
        arg = arg.long(kebab(long));
    }
    if let Some(short) = flag.short {
        arg = arg.short(short);
    }
    if let Some(name) = flag.value_name {
        arg = arg.value_name(name);
    }
    let help = flag
        .help
        .map(str::to_string)
        .or_else(|| property_description(schema, flag.field));
    if let Some((mut short, long)) = help.as_deref().map(doc) {
        if flag.number {
            short.push_str(" (42, #42 or its URL)");
        }
        if flag.names {
            short.push_str(NAMES_HELP);
        }
        arg = arg.help(short);
        if let Some(long) = long {
            arg = arg.long_help(long);
        }
    }
    arg = match (flag.sets, &value) {
        (Some(_), _) | (None, ValueShape::Switch) => arg.action(ArgAction::SetTrue),
        // Several by position (`observe file-contents a b`), as the derive
        // takes a list.
        _ if many && flag.long.is_none() => arg.action(ArgAction::Append).num_args(1..),
        _ if many => arg.action(ArgAction::Append),
        _ => arg.action(ArgAction::Set),
    };
    if flag.number {
        arg = arg.value_parser(|text: &str| super::number::parse(text).map(|_| text.to_string()));
    } else if flag.sets.is_none() {
        arg = with_parser(arg, &value, flag.path, flag.aliases);
    }
    if let Some(default) = default.and_then(shown_default) {
        arg = arg.default_value(default);
    }
    if let Some(by) = flag.delimiter {
        arg = arg.value_delimiter(by);
    }
    let is_twin = twin == Some(flag.id());
    let mut unless: Vec<&'static str> = flag.required_unless.to_vec();
    if (is_twin && (flag.required || !unless.is_empty()))
        || twin.is_some_and(|twin| unless.contains(&twin))
    {
        unless.push(BY_POSITION);
    }
    arg.required(flag.required && !is_twin)
        .conflicts_with_all(flag.conflicts)
        .required_unless_present_any(unless)
        .global(flag.global)
}

/// How a [`Flag::names`] flag is written, said in its help.
const NAMES_HELP: &str = " (repeatable, or comma-separated: a,b; `\\,` is a comma in a name)";

fn with_parser(
    arg: Arg,
    value: &ValueShape,
    path: bool,
    aliases: &'static [(&'static str, &'static str)],
) -> Arg {
    match value {
        ValueShape::Switch => arg,
        ValueShape::Integer {
            unsigned_bits: Some(32),
        } => arg.value_parser(value_parser!(u32)),
        ValueShape::Integer {
            unsigned_bits: Some(_),
        } => arg.value_parser(value_parser!(u64)),
        ValueShape::Integer {
            unsigned_bits: None,
        } => arg.value_parser(value_parser!(i64)),
        ValueShape::Text if path => arg.value_parser(PathBufValueParser::new().try_map(utf8_path)),
        ValueShape::Text => arg.value_parser(value_parser!(String)),
        ValueShape::Choice(choices) => arg.value_parser(PossibleValuesParser::new(
            choices.iter().map(|(name, help)| {
                let value = aliases
                    .iter()
                    .filter(|(_, choice)| choice == name)
                    .fold(PossibleValue::new(name.clone()), |value, (alias, _)| {
                        value.alias(*alias)
                    });
                match help.as_deref().map(doc) {
                    Some((short, _)) => value.help(short),
                    None => value,
                }
            }),
        )),
    }
}

/// A path the core can carry as JSON text: UTF-8.
fn utf8_path(path: PathBuf) -> Result<PathBuf, String> {
    match path.to_str() {
        Some(_) => Ok(path),
        None => Err(
            "the path is not valid UTF-8; helm records targets as JSON text: rename the \
             file, or observe the directory that holds it with directory-tree"
                .to_string(),
        ),
    }
}

fn value_of(root: &Value, property: &Value) -> ValueShape {
    if let Some(choices) = choices(root, property) {
        return ValueShape::Choice(choices);
    }
    if has_type(property, "boolean") {
        return ValueShape::Switch;
    }
    if has_type(property, "integer") {
        let unsigned_bits = match property.get("format").and_then(Value::as_str) {
            Some("uint32") => Some(32),
            Some("uint64" | "uint") => Some(64),
            _ if property.get("minimum").and_then(Value::as_u64) == Some(0) => Some(64),
            _ => None,
        };
        return ValueShape::Integer { unsigned_bits };
    }
    ValueShape::Text
}

/// An enum's values, with their descriptions where the schema has them
/// (`oneOf` of `const`s) or without (`enum`).
fn choices(root: &Value, property: &Value) -> Option<Vec<(String, Option<String>)>> {
    if let Some(values) = property.get("enum").and_then(Value::as_array) {
        return Some(
            values
                .iter()
                .filter_map(Value::as_str)
                .map(|name| (name.to_string(), None))
                .collect(),
        );
    }
    let variants = property.get("oneOf")?.as_array()?;
    variants
        .iter()
        .map(|variant| {
            let variant = resolve(root, variant);
            let name = variant.get("const")?.as_str()?.to_string();
            Some((name, description(variant)))
        })
        .collect()
}

fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix('#')
            .and_then(|pointer| root.pointer(pointer))
            .unwrap_or(schema),
        None => schema,
    }
}

fn has_type(schema: &Value, name: &str) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == name,
        Some(Value::Array(types)) => types.iter().any(|t| t == name),
        _ => false,
    }
}

/// A default worth showing in `--help`: a string or a number. `null`, `[]`
/// and `false` are what an absent flag means anyway.
fn shown_default(default: &Value) -> Option<String> {
    match default {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn property_description(schema: &Schema, field: &str) -> Option<String> {
    let root = schema.as_value();
    description(root.pointer(&format!("/properties/{field}"))?)
}

/// The text of a doc comment as schemars keeps it. (A root schema's
/// `title` is its type's name, never help.)
fn description(schema: &Value) -> Option<String> {
    let object: &Map<String, Value> = schema.as_object()?;
    object
        .get("description")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// A doc comment's text as help: its first paragraph, lines joined and the
/// final period dropped; and, when there are several paragraphs, all of
/// them as the long help.
pub(super) fn doc(text: &str) -> (String, Option<String>) {
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|paragraph| {
            paragraph
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|paragraph| !paragraph.is_empty())
        .collect();
    let mut short = paragraphs.first().cloned().unwrap_or_default();
    if short.ends_with('.') && !short.ends_with("..") {
        short.pop();
    }
    let long = (paragraphs.len() > 1).then(|| paragraphs.join("\n\n"));
    (short, long)
}

/// `bodyFile` as `body-file`.
pub(super) fn kebab(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
