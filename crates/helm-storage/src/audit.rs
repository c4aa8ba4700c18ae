//! Column checks for a voyage helm did not write itself: every id, hash,
//! timestamp and JSON column read one row at a time and judged, so `import`
//! can refuse a bad file and `voyage verify` can report it. Each problem
//! names its table, row and column. Reads only; never writes and never prints.

use rusqlite::Connection;
use rusqlite::types::ValueRef;
use uuid::Uuid;

use crate::error::Result;
use crate::sql::Sql;

/// How many problems are spelled out; the rest are only counted.
const SHOWN: usize = 50;

/// What a column must hold.
#[derive(Clone, Copy)]
enum Rule {
    /// A hyphenated lowercase UUID, as helm names voyage files.
    VoyageId,
    /// A SHA-256 as 64 lowercase hex digits.
    Hash,
    /// An RFC 3339 timestamp (helm writes microseconds, the original helm nanoseconds).
    Timestamp,
    /// The same, or NULL.
    OptionalTimestamp,
    /// JSON text.
    Json,
}

/// The checked columns of each table, as (table, [(column, rule)]).
const COLUMNS: [(&str, &[(&str, Rule)]); 6] = [
    (
        "voyage",
        &[
            ("id", Rule::VoyageId),
            ("created_at", Rule::Timestamp),
            ("ended_at", Rule::OptionalTimestamp),
        ],
    ),
    ("artifacts", &[("hash", Rule::Hash)]),
    (
        "artifact_derivations",
        &[
            ("source_hash", Rule::Hash),
            ("derived_hash", Rule::Hash),
            ("created_at", Rule::Timestamp),
        ],
    ),
    (
        "slate",
        &[
            ("target", Rule::Json),
            ("artifact_hash", Rule::Hash),
            ("observed_at", Rule::Timestamp),
        ],
    ),
    (
        "logbook",
        &[("recorded_at", Rule::Timestamp), ("action", Rule::Json)],
    ),
    (
        "bearing_observations",
        &[
            ("target", Rule::Json),
            ("artifact_hash", Rule::Hash),
            ("observed_at", Rule::Timestamp),
        ],
    ),
];

/// What was found wrong: the first [`SHOWN`] problems and how many in all.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    pub(crate) shown: Vec<String>,
    pub(crate) total: usize,
}

impl Problems {
    fn push(&mut self, problem: String) {
        self.total += 1;
        if self.shown.len() < SHOWN {
            self.shown.push(problem);
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.total == 0
    }
}

/// Checks every column helm gives a meaning to, and that the voyage's status
/// agrees with its `ended_at`.
pub(crate) fn columns(conn: &Connection) -> Result<Problems> {
    let mut problems = Problems::default();
    for (table, columns) in COLUMNS {
        let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
        let sql = format!(
            "SELECT rowid, {} FROM {table} ORDER BY rowid",
            names.join(", ")
        );
        let mut stmt = conn.prepare(&sql).sql()?;
        let mut rows = stmt.query([]).sql()?;
        while let Some(row) = rows.next().sql()? {
            let rowid: i64 = row.get(0).sql()?;
            for (i, (column, rule)) in columns.iter().enumerate() {
                if let Some(why) = judge(row.get_ref(i + 1).sql()?, *rule) {
                    problems.push(format!("{table} row {rowid}, column {column}: {why}"));
                }
            }
        }
    }
    let mut stmt = conn
        .prepare("SELECT rowid, status, ended_at FROM voyage ORDER BY rowid")
        .sql()?;
    let mut rows = stmt.query([]).sql()?;
    while let Some(row) = rows.next().sql()? {
        let rowid: i64 = row.get(0).sql()?;
        let status = text(row.get_ref(1).sql()?);
        let ended = !matches!(row.get_ref(2).sql()?, ValueRef::Null);
        match (status, ended) {
            (Some("active"), true) => problems.push(format!(
                "voyage row {rowid}, column status: 'active' but ended_at is set"
            )),
            (Some("ended"), false) => problems.push(format!(
                "voyage row {rowid}, column status: 'ended' but ended_at is empty"
            )),
            (Some("active" | "ended"), _) => {}
            _ => problems.push(format!(
                "voyage row {rowid}, column status: neither 'active' nor 'ended'"
            )),
        }
    }
    Ok(problems)
}

/// Why `value` breaks `rule`, or `None` when it keeps it. The value itself
/// is never quoted: it came from the file and may be anything.
fn judge(value: ValueRef<'_>, rule: Rule) -> Option<&'static str> {
    if matches!(value, ValueRef::Null) {
        return match rule {
            Rule::OptionalTimestamp => None,
            _ => Some("is empty (NULL)"),
        };
    }
    let Some(text) = text(value) else {
        return Some("is not UTF-8 text");
    };
    let ok = match rule {
        Rule::VoyageId => Uuid::try_parse(text).is_ok_and(|id| id.hyphenated().to_string() == text),
        Rule::Hash => is_hash(text),
        Rule::Timestamp | Rule::OptionalTimestamp => text.parse::<jiff::Timestamp>().is_ok(),
        Rule::Json => serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok(),
    };
    (!ok).then_some(match rule {
        Rule::VoyageId => "is not a UUID in lowercase hyphenated form",
        Rule::Hash => "is not a SHA-256 (64 lowercase hex digits)",
        Rule::Timestamp | Rule::OptionalTimestamp => "is not an RFC 3339 timestamp",
        Rule::Json => "is not JSON",
    })
}

fn text(value: ValueRef<'_>) -> Option<&str> {
    match value {
        ValueRef::Text(bytes) => std::str::from_utf8(bytes).ok(),
        _ => None,
    }
}

/// 64 lowercase hex digits.
pub fn is_hash(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_accept_what_both_helms_write_and_nothing_else() {
        let ts = |s| judge(ValueRef::Text(s), Rule::Timestamp);
        assert_eq!(ts(b"2026-11-22T04:16:51.04161425Z"), None);
        assert_eq!(ts(b"2026-11-22T04:16:51.041614Z"), None);
        assert!(ts(b"yesterday\x1b[2J").is_some());
        let hash = |s| judge(ValueRef::Text(s), Rule::Hash);
        assert_eq!(hash(&[b'a'; 64]), None);
        assert!(hash(&[b'A'; 64]).is_some());
        assert!(hash("aé".repeat(21).as_bytes()).is_some());
        let id = |s| judge(ValueRef::Text(s), Rule::VoyageId);
        assert_eq!(id(b"5fabe0ec-6878-4623-8831-4a6642efa3ca"), None);
        assert!(id(b"5FABE0EC-6878-4623-8831-4A6642EFA3CA").is_some());
        assert!(id(b"5fabe0ec68784623883 14a6642efa3ca").is_some());
        assert!(judge(ValueRef::Text(b"{\"kind\""), Rule::Json).is_some());
        assert!(judge(ValueRef::Integer(3), Rule::Json).is_some());
        assert!(judge(ValueRef::Null, Rule::Timestamp).is_some());
        assert_eq!(judge(ValueRef::Null, Rule::OptionalTimestamp), None);
    }
}
