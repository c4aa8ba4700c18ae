//! What clap parsed, as the JSON object an MCP client would send for the
//! same struct, read by the struct's own serde code.

use clap::ArgMatches;
use clap::error::ErrorKind;
use schemars::Schema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value};

use super::build::{ValueShape, field};
use crate::model::Repo;
use helm_core::Flag;

/// What the flags set: the fields, and the repository that an issue or
/// pull request URL given for a number named.
pub(super) struct Read {
    pub(super) fields: Map<String, Value>,
    pub(super) url_repo: Option<Repo>,
}

/// The fields `flags` set in `matches`; flags not given (and without a
/// default) are left out, as a client leaves them out.
pub(super) fn fields(
    matches: &ArgMatches,
    flags: &[Flag],
    schema: &Schema,
) -> Result<Read, clap::Error> {
    let mut fields = Map::new();
    let mut url_repo: Option<Repo> = None;
    for flag in flags {
        let id = flag.id();
        if let Some(value) = flag.sets {
            if given_switch(matches, id)? {
                fields.insert(flag.field.into(), value.into());
            }
            continue;
        }
        let (shape, many, _) = field(schema, flag.field);
        if let ValueShape::Switch = shape {
            if given_switch(matches, id)? {
                fields.insert(flag.field.into(), true.into());
            }
            continue;
        }
        let raw = matches
            .try_get_raw(id)
            .map_err(|err| internal(format!("--{id}: {err}")))?;
        let Some(raw) = raw else { continue };
        if flag.number {
            for text in raw {
                number(text, flag, &mut fields, &mut url_repo)?;
            }
            continue;
        }
        let values = if flag.names {
            raw.map(utf8)
                .collect::<Result<Vec<_>, _>>()?
                .into_iter()
                .flat_map(names)
                .map(Value::String)
                .collect()
        } else {
            raw.map(|text| json(text, &shape))
                .map(|value| value.map(|value| chosen(value, flag)))
                .collect::<Result<Vec<_>, _>>()?
        };
        let value = if many {
            Value::Array(values)
        } else {
            match values.into_iter().next() {
                Some(value) => value,
                None => continue,
            }
        };
        fields.insert(flag.field.into(), value);
    }
    if let Some(twin) = flags.iter().find(|flag| flag.by_position) {
        let raw = matches
            .try_get_raw(super::BY_POSITION)
            .map_err(|err| internal(format!("the number by position: {err}")))?;
        for text in raw.into_iter().flatten() {
            number(text, twin, &mut fields, &mut url_repo)?;
        }
    }
    Ok(Read { fields, url_repo })
}

/// An issue or pull request number given as `42`, `#42` or its URL, into
/// `flag`'s field; a URL's repository into `url_repo`.
fn number(
    text: &std::ffi::OsStr,
    flag: &Flag,
    fields: &mut Map<String, Value>,
    url_repo: &mut Option<Repo>,
) -> Result<(), clap::Error> {
    let text = text.to_str().unwrap_or_default();
    let (number, repo) = super::number::parse(text)
        .map_err(|err| clap::Error::raw(ErrorKind::ValueValidation, format!("{err}\n")))?;
    fields.insert(flag.field.into(), Value::Number(Number::from(number)));
    if let Some(repo) = repo {
        *url_repo = Some(one_repository(url_repo.take(), repo)?);
    }
    Ok(())
}

/// Two URLs must name one repository.
pub(super) fn one_repository(seen: Option<Repo>, named: Repo) -> Result<Repo, clap::Error> {
    match seen {
        Some(seen) if seen != named => Err(clap::Error::raw(
            ErrorKind::ArgumentConflict,
            format!("the URLs given name two repositories, {seen} and {named}\n"),
        )),
        _ => Ok(named),
    }
}

/// The struct from its fields.
pub(super) fn typed<T: DeserializeOwned>(fields: Map<String, Value>) -> Result<T, clap::Error> {
    serde_json::from_value(Value::Object(fields))
        .map_err(|err| clap::Error::raw(ErrorKind::ValueValidation, format!("{err}\n")))
}

fn given_switch(matches: &ArgMatches, id: &str) -> Result<bool, clap::Error> {
    matches
        .try_get_one::<bool>(id)
        .map(|value| value.copied().unwrap_or(false))
        .map_err(|err| internal(format!("--{id}: {err}")))
}

/// A choice as its own name when it was typed as another spelling.
fn chosen(value: Value, flag: &Flag) -> Value {
    match flag.aliases.iter().find(|(alias, _)| value == *alias) {
        Some((_, choice)) => Value::String(choice.to_string()),
        None => value,
    }
}

/// The names one value of a [`Flag::names`] flag holds: split at each
/// comma, `\,` being a comma inside a name and any other character itself.
/// Pieces are kept as typed (an empty one too): the core judges each name
/// for every front end alike.
pub(super) fn names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut name = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&',') => {
                name.push(',');
                chars.next();
            }
            ',' => names.push(std::mem::take(&mut name)),
            c => name.push(c),
        }
    }
    names.push(name);
    names
}

fn utf8(text: &std::ffi::OsStr) -> Result<&str, clap::Error> {
    text.to_str().ok_or_else(|| {
        clap::Error::raw(
            ErrorKind::InvalidUtf8,
            format!("'{}' is not UTF-8\n", text.to_string_lossy()),
        )
    })
}

/// One value, already checked by its parser, as JSON.
fn json(text: &std::ffi::OsStr, shape: &ValueShape) -> Result<Value, clap::Error> {
    let text = utf8(text)?;
    Ok(match shape {
        ValueShape::Integer {
            unsigned_bits: Some(_),
        } => text
            .parse::<u64>()
            .map(|n| Value::Number(Number::from(n)))
            .map_err(|err| internal(format!("'{text}': {err}")))?,
        ValueShape::Integer {
            unsigned_bits: None,
        } => text
            .parse::<i64>()
            .map(|n| Value::Number(Number::from(n)))
            .map_err(|err| internal(format!("'{text}': {err}")))?,
        _ => Value::String(text.to_string()),
    })
}

/// A flag and its definition disagree: a bug in helm, said as one.
fn internal(what: String) -> clap::Error {
    clap::Error::raw(
        ErrorKind::Io,
        format!("helm could not read its own flag ({what}); please report this bug\n"),
    )
}
