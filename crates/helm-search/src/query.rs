//! A search: its filters, the FTS5 query run against the index, ranked by
//! BM25, and each result's snippet with the matches marked. One result per
//! entry or observation (its best piece), however many of its pieces match.
//! A query FTS5 cannot read is a usage error in helm's words.

use helm_storage::sql::Sql;
use std::collections::HashSet;

use rusqlite::Connection;

use crate::model::error::{Error, Result};

/// What to find, and where.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// FTS5's syntax: words, "phrases", `prefix*`, AND/OR/NOT.
    pub text: String,
    /// One voyage's full id.
    pub voyage: Option<String>,
    /// An entry's kind (`steer`, `log`, `proposal`) or `observation`.
    pub kind: Option<String>,
    /// Recorded by this identity.
    pub identity: Option<String>,
    /// Recorded at or after this time (helm's timestamp format, or a prefix of it).
    pub since: Option<String>,
    pub limit: usize,
}

/// A part of a snippet: text, and whether it is a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub matched: bool,
}

/// One result.
#[derive(Clone, Debug)]
pub struct SearchHit {
    pub voyage: String,
    pub intent: String,
    /// The entry's number, for an entry.
    pub entry: Option<i64>,
    /// The observation's target (canonical JSON) and artifact.
    pub target: Option<String>,
    pub artifact: Option<String>,
    /// `steer`, `log`, `proposal` (an entry's kind) or `observation`.
    pub kind: String,
    pub identity: Option<String>,
    pub recorded_at: String,
    /// The matching piece's author, for text written on GitHub.
    pub author: Option<String>,
    pub untrusted: bool,
    pub snippet: Vec<Span>,
    /// BM25, higher is better.
    pub score: f64,
}

/// Marks FTS5 puts around a match: private-use characters no stored text
/// is expected to hold, turned into [`Span`]s.
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

impl Query {
    pub(crate) fn check(&self) -> Result<()> {
        if self.text.trim().is_empty() {
            return Err(Error::usage("the search query is empty")
                .hint("give words to find, e.g. helm search \"bounds check\""));
        }
        if self.limit == 0 {
            return Err(Error::usage("the limit must be at least 1"));
        }
        Ok(())
    }
}

pub(crate) fn run(conn: &Connection, query: &Query) -> Result<Vec<SearchHit>> {
    // FTS5 reads the query when it first looks for it, which a join over
    // an empty table may never do: read it alone first, so a malformed
    // query is always said to be one.
    conn.prepare_cached("SELECT rowid FROM texts WHERE texts MATCH ?1 LIMIT 1")
        .sql()?
        .query_map([&query.text], |_| Ok(()))
        .and_then(|rows| rows.collect::<rusqlite::Result<Vec<()>>>())
        .map_err(|err| malformed(&query.text, err))?;
    // `ORDER BY rank` is FTS5's own: it ranks the matches inside the table
    // and hands rows over best first, so the sort needs no snippet and a
    // snippet is made only for a row stepped to, the few the limit keeps
    // (a sort by `bm25(texts)` made one for every match). Equal ranks come
    // in FTS5's order.
    let mut stmt = conn
        .prepare_cached(
            "SELECT d.voyage, v.intent, d.entry, d.target, d.artifact, d.kind, d.identity,
                d.recorded_at, d.author, d.untrusted,
                snippet(texts, 0, char(57344), char(57345), '…', 24), rank
         FROM texts CROSS JOIN docs d ON d.id = texts.rowid CROSS JOIN voyages v ON v.id = d.voyage
         WHERE texts MATCH ?1
           AND (?2 IS NULL OR d.voyage = ?2)
           AND (?3 IS NULL OR d.kind = ?3)
           AND (?4 IS NULL OR d.identity = ?4)
           AND (?5 IS NULL OR d.recorded_at >= ?5)
         ORDER BY rank",
        )
        .sql()?;
    let mut rows = stmt
        .query(rusqlite::params![
            query.text,
            query.voyage,
            query.kind,
            query.identity,
            query.since
        ])
        .map_err(|err| malformed(&query.text, err))?;
    let mut hits = Vec::new();
    let mut found = HashSet::new();
    while hits.len() < query.limit {
        let Some(row) = rows.next().map_err(|err| malformed(&query.text, err))? else {
            break;
        };
        let hit = SearchHit {
            voyage: row.get(0).sql()?,
            intent: row.get(1).sql()?,
            entry: row.get(2).sql()?,
            target: row.get(3).sql()?,
            artifact: row.get(4).sql()?,
            kind: row.get(5).sql()?,
            identity: row.get(6).sql()?,
            recorded_at: row.get(7).sql()?,
            author: row.get(8).sql()?,
            untrusted: row.get(9).sql()?,
            snippet: spans(&row.get::<_, String>(10).sql()?),
            score: -row.get::<_, f64>(11).sql()?,
        };
        let key = (
            hit.voyage.clone(),
            hit.entry,
            hit.target.clone(),
            hit.artifact.clone(),
        );
        if found.insert(key) {
            hits.push(hit);
        }
    }
    Ok(hits)
}

fn spans(snippet: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut matched = false;
    for (i, part) in snippet.split([OPEN, CLOSE]).enumerate() {
        if i > 0 {
            matched = !matched;
        }
        if !part.is_empty() {
            spans.push(Span {
                text: part.to_string(),
                matched,
            });
        }
    }
    spans
}

/// What FTS5 said of a query it could not read, in helm's words; any other
/// error stays what it was.
fn malformed(query: &str, err: rusqlite::Error) -> Error {
    let said = err.to_string();
    let problem = if let Some(near) = said.strip_prefix("fts5: syntax error near ") {
        let near = near.trim_matches('"');
        match near {
            "" => "it ends where a word or phrase was expected".to_string(),
            _ => format!("it cannot be read near `{near}`"),
        }
    } else if said.starts_with("unterminated string") {
        "a double quote is not closed".to_string()
    } else if let Some(column) = said.strip_prefix("no such column: ") {
        format!("`{column}:` asks for a field the index does not have")
    } else if said.starts_with("fts5:") || said.contains("malformed MATCH") {
        "it is not valid search syntax".to_string()
    } else {
        return helm_storage::sql::sql_error(err);
    };
    Error::usage(format!("the search query '{query}' is malformed: {problem}")).hint(
        "use words, \"quoted phrases\", prefix* and AND, OR, NOT; put a word with punctuation in double quotes",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snippet_becomes_spans_with_its_matches_marked() {
        let spans = spans("the \u{E000}bounds\u{E001} check \u{E000}x\u{E001}");
        let shown: Vec<(&str, bool)> = spans.iter().map(|s| (s.text.as_str(), s.matched)).collect();
        assert_eq!(
            shown,
            [
                ("the ", false),
                ("bounds", true),
                (" check ", false),
                ("x", true)
            ]
        );
    }

    #[test]
    fn malformed_queries_are_usage_errors_in_helms_words() {
        let dir = tempfile::tempdir().unwrap();
        let conn = crate::index::open(&dir.path().join("s.sqlite"), false).unwrap();
        for text in ["\"open", "AND", "foo:bar", "a OR", "(x", "NOT"] {
            let query = Query {
                text: text.into(),
                limit: 5,
                ..Query::default()
            };
            let Err(err) = run(&conn, &query) else {
                panic!("{text} was read")
            };
            assert_eq!(
                err.kind(),
                crate::model::error::Kind::Usage,
                "{text}: {err}"
            );
            assert!(!err.to_string().contains("fts5"), "{text}: {err}");
            assert!(!err.to_string().contains("SQL"), "{text}: {err}");
        }
    }
}
