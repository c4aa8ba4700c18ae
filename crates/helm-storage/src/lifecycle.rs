//! The artifact lifecycle of seed 002: a `stowed` artifact holds its payload;
//! a `reduced` one gave it up for a summary (a new artifact linked through
//! `artifact_derivations`); a `jettisoned` one gave it up for nothing. Either
//! way the row stays, so every slate row and bearing still names its hash,
//! and the data column (NOT NULL) holds an empty blob.
//!
//! A summary is stored as the payload
//! `{"kind": "summary", "of": "<source hash>", "method": "<method>", "text": "<text>"}`:
//! one summary artifact per source, so a derivation links exactly two rows.
//!
//! This module owns those transitions, the listing of artifacts with their
//! references, and the lifecycle checks `voyage verify` makes. It never
//! touches an entry and never checks whether the voyage has ended: lightening
//! the cargo of a finished voyage is the common case. It never prints.

use std::collections::HashMap;
use std::io;

use rusqlite::{Connection, OptionalExtension, Transaction};
use serde::Serialize;

use super::artifact::{self, ArtifactStatus, Packer, status_of_a};
use crate::error::{Error, Kind, Result};
use crate::error::{arg, cmd};
use crate::model::words;
use crate::sql::Sql;

/// The payload a summary artifact holds.
#[derive(Debug, Serialize)]
pub(crate) struct SummaryPayload<'a> {
    pub(crate) kind: &'static str,
    pub(crate) of: &'a str,
    pub(crate) method: &'a str,
    pub(crate) text: &'a str,
}

/// One source reduced to a summary.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reduced {
    pub hash: String,
    pub summary: String,
    pub(crate) method: String,
    pub(crate) created_at: String,
    /// Stored (compressed) bytes given up; the file shrinks by them only
    /// after `voyage compact`.
    pub freed_bytes: u64,
}

/// One artifact jettisoned; `changed` is false when it already was.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Jettisoned {
    pub hash: String,
    pub changed: bool,
    pub freed_bytes: u64,
}

/// A derivation row: `summary` was made of `source` by `method`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Derivation {
    pub(crate) source: String,
    pub summary: String,
    pub method: String,
    pub created_at: String,
}

/// One artifact as `artifact list` shows it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
// The MCP schemas (and docs/agents.md) have always called it `Listed`.
#[schemars(rename = "Listed")]
pub struct ListedArtifact {
    pub hash: String,
    pub status: ArtifactStatus,
    /// The zstd frame's length as stored (0 once the payload is dropped).
    pub stored_bytes: u64,
    /// The payload JSON's length; only for a stowed artifact.
    pub payload_bytes: Option<u64>,
    /// Whether an observation on the slate names it.
    pub slate: bool,
    /// Entries whose bearings name it, in logbook order.
    pub entries: Vec<i64>,
    /// The newest summary made of it, if any.
    pub summary: Option<String>,
    /// The artifact it is a summary of, if it is one.
    pub summary_of: Option<String>,
}

/// Full hashes for the given hashes or unique prefixes, each once, in the
/// order given.
pub(crate) fn resolve_all(conn: &Connection, hashes: &[String]) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for hash in hashes {
        let full = artifact::resolve(conn, hash)?;
        if !out.contains(&full) {
            out.push(full);
        }
    }
    Ok(out)
}

/// Replaces each source's payload by a summary holding `text`, all or none.
/// Refuses an empty summary, a summary as source, and a source whose
/// payload is already gone.
pub(crate) fn reduce(
    tx: &Transaction<'_>,
    hashes: &[String],
    method: &str,
    text: &str,
    now: &str,
) -> Result<Vec<Reduced>> {
    let method = method.trim();
    if method.is_empty() {
        return Err(Error::usage("the method is empty").hint(words![
            "say how the summary was made, e.g. ",
            arg("method"),
            " human or ",
            arg("method"),
            " \"llm: sonnet\"",
        ]));
    }
    let text = text.trim_end();
    if text.trim().is_empty() {
        return Err(Error::usage("the summary is empty")
            .hint("write what the payload said into the summary file; nothing was reduced"));
    }
    let mut done = Vec::new();
    for hash in resolve_all(tx, hashes)? {
        let (status, stored) = state(tx, &hash)?;
        refuse_summary(tx, &hash, ArtifactStatus::Reduced)?;
        match status {
            ArtifactStatus::Stowed => {}
            ArtifactStatus::Reduced => {
                let summary = summary_of(tx, &hash)?
                    .map(|d| d.summary)
                    .unwrap_or_default();
                return Err(Error::new(
                    Kind::Conflict,
                    format!("artifact {hash} is already reduced; its summary is {summary}"),
                )
                .hint(words![
                    cmd("artifact show"),
                    " prints the summary; nothing was reduced",
                ]));
            }
            ArtifactStatus::Jettisoned => {
                return Err(Error::new(
                    Kind::Conflict,
                    format!("artifact {hash} was {status}: there is no payload left to summarise"),
                )
                .hint("observe the target again to stow its payload; nothing was reduced"));
            }
        }
        let packed = Packer::pack(&SummaryPayload {
            kind: "summary",
            of: &hash,
            method,
            text,
        })?;
        artifact::stow(tx, &packed)?;
        tx.prepare_cached(
            "INSERT INTO artifact_derivations (source_hash, derived_hash, method, created_at)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (source_hash, derived_hash) DO UPDATE
             SET method = excluded.method, created_at = excluded.created_at",
        )
        .sql()?
        .execute((&hash, &packed.hash, method, now))
        .sql()?;
        drop_payload(tx, &hash, ArtifactStatus::Reduced)?;
        done.push(Reduced {
            hash,
            summary: packed.hash,
            method: method.to_string(),
            created_at: now.to_string(),
            freed_bytes: stored,
        });
    }
    Ok(done)
}

/// Drops each artifact's payload and marks it jettisoned, all or none. One
/// already jettisoned is left as it is; a reduced one or a summary is refused.
pub(crate) fn jettison(tx: &Transaction<'_>, hashes: &[String]) -> Result<Vec<Jettisoned>> {
    let mut done = Vec::new();
    for hash in resolve_all(tx, hashes)? {
        let (status, stored) = state(tx, &hash)?;
        refuse_summary(tx, &hash, ArtifactStatus::Jettisoned)?;
        let changed = match status {
            ArtifactStatus::Jettisoned => false,
            ArtifactStatus::Reduced => {
                let summary = summary_of(tx, &hash)?
                    .map(|d| d.summary)
                    .unwrap_or_default();
                return Err(Error::new(
                    Kind::Conflict,
                    format!(
                        "artifact {hash} is reduced: its payload is already gone and its summary {summary} tells its story"
                    ),
                )
                .hint("leave it as it is; nothing was jettisoned"));
            }
            ArtifactStatus::Stowed => {
                drop_payload(tx, &hash, ArtifactStatus::Jettisoned)?;
                true
            }
        };
        done.push(Jettisoned {
            hash,
            changed,
            freed_bytes: if changed { stored } else { 0 },
        });
    }
    Ok(done)
}

/// The artifact's status and stored length.
fn state(conn: &Connection, hash: &str) -> Result<(ArtifactStatus, u64)> {
    conn.prepare_cached(concat!(
        "SELECT ",
        status_of_a!(),
        ", length(data) FROM artifacts a WHERE hash = ?1"
    ))
    .sql()?
    .query_row([hash], |row| {
        Ok((
            row.get(0)?,
            row.get::<_, Option<i64>>(1)?.unwrap_or(0) as u64,
        ))
    })
    .sql()
}

/// A summary keeps the story of what it summarises: it is never given up.
fn refuse_summary(conn: &Connection, hash: &str, verb: ArtifactStatus) -> Result<()> {
    match source_of(conn, hash)? {
        Some(source) => Err(Error::new(
            Kind::Conflict,
            format!("artifact {hash} is the summary of {source}, so it cannot be {verb}"),
        )
        .hint(format!(
            "name the artifacts the bearings observed; nothing was {verb}"
        ))),
        None => Ok(()),
    }
}

fn drop_payload(tx: &Transaction<'_>, hash: &str, status: ArtifactStatus) -> Result<()> {
    tx.prepare_cached("UPDATE artifacts SET status = ?2, data = x'' WHERE hash = ?1")
        .sql()?
        .execute((hash, status))
        .sql()?;
    Ok(())
}

/// The newest summary made of `hash`.
pub(crate) fn summary_of(conn: &Connection, hash: &str) -> Result<Option<Derivation>> {
    conn.prepare_cached(
        "SELECT source_hash, derived_hash, method, created_at FROM artifact_derivations
             WHERE source_hash = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1",
    )
    .sql()?
    .query_row([hash], |row| {
        Ok(Derivation {
            source: row.get(0)?,
            summary: row.get(1)?,
            method: row.get(2)?,
            created_at: row.get(3)?,
        })
    })
    .optional()
    .sql()
}

/// The artifact `hash` is a summary of, if it is one.
pub(crate) fn source_of(conn: &Connection, hash: &str) -> Result<Option<String>> {
    conn.prepare_cached("SELECT source_hash FROM artifact_derivations WHERE derived_hash = ?1")
        .sql()?
        .query_row([hash], |row| row.get(0))
        .optional()
        .sql()
}

/// Every artifact, largest stored first, with where it is referenced.
pub(crate) fn list(conn: &Connection) -> Result<Vec<ListedArtifact>> {
    let mut entries: HashMap<String, Vec<i64>> = HashMap::new();
    let mut stmt = conn
        .prepare(
            "SELECT DISTINCT artifact_hash, logbook_id FROM bearing_observations
         ORDER BY logbook_id",
        )
        .sql()?;
    let mut rows = stmt.query([]).sql()?;
    while let Some(row) = rows.next().sql()? {
        entries
            .entry(row.get(0).sql()?)
            .or_default()
            .push(row.get(1).sql()?);
    }
    let on_slate: Vec<String> = conn
        .prepare("SELECT artifact_hash FROM slate")
        .sql()?
        .query_map([], |row| row.get(0))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    let mut summaries: HashMap<String, String> = HashMap::new();
    let mut sources: HashMap<String, String> = HashMap::new();
    let mut stmt = conn
        .prepare(
            "SELECT source_hash, derived_hash FROM artifact_derivations ORDER BY created_at, rowid",
        )
        .sql()?;
    let mut rows = stmt.query([]).sql()?;
    while let Some(row) = rows.next().sql()? {
        let (source, derived): (String, String) = (row.get(0).sql()?, row.get(1).sql()?);
        // Later rows are newer: the newest summary wins.
        summaries.insert(source.clone(), derived.clone());
        sources.insert(derived, source);
    }
    let mut stmt = conn
        .prepare(
            "SELECT hash, status, length(data), substr(data, 1, 18) FROM artifacts
         ORDER BY length(data) DESC, hash",
        )
        .sql()?;
    let mut rows = stmt.query([]).sql()?;
    let mut out = Vec::new();
    while let Some(row) = rows.next().sql()? {
        let hash: String = row.get(0).sql()?;
        let status: ArtifactStatus = row.get(1).sql()?;
        let head: Vec<u8> = row.get::<_, Option<Vec<u8>>>(3).sql()?.unwrap_or_default();
        let payload_bytes = match status {
            ArtifactStatus::Stowed => payload_len(conn, &hash, &head)?,
            ArtifactStatus::Reduced | ArtifactStatus::Jettisoned => None,
        };
        out.push(ListedArtifact {
            stored_bytes: row.get::<_, Option<i64>>(2).sql()?.unwrap_or(0) as u64,
            payload_bytes,
            slate: on_slate.contains(&hash),
            entries: entries.remove(&hash).unwrap_or_default(),
            summary: summaries.get(&hash).cloned(),
            summary_of: sources.get(&hash).cloned(),
            hash,
            status,
        });
    }
    Ok(out)
}

/// A payload's length: from the zstd frame header, which carries it when
/// the size was known up front; otherwise by decompressing into a counter
/// (streamed payloads). None when the frame is unreadable (verify says so).
fn payload_len(conn: &Connection, hash: &str, head: &[u8]) -> Result<Option<u64>> {
    if let Ok(Some(len)) = zstd::zstd_safe::get_frame_content_size(head) {
        return Ok(Some(len));
    }
    let data: Vec<u8> = conn
        .prepare_cached("SELECT data FROM artifacts WHERE hash = ?1")
        .sql()?
        .query_row([hash], |row| row.get(0))
        .sql()?;
    let mut counter = Counter(0);
    Ok(zstd::stream::copy_decode(&data[..], &mut counter)
        .ok()
        .map(|()| counter.0))
}

struct Counter(u64);

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `voyage verify`'s lifecycle checks: every reduced artifact has its
/// derivation, and every summary is stowed.
pub(crate) fn check(conn: &Connection) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut stmt = conn
        .prepare(
            "SELECT hash FROM artifacts a WHERE status = ?1 AND NOT EXISTS
         (SELECT 1 FROM artifact_derivations d WHERE d.source_hash = a.hash) ORDER BY hash",
        )
        .sql()?;
    for hash in stmt
        .query_map([ArtifactStatus::Reduced], |row| row.get::<_, String>(0))
        .sql()?
    {
        problems.push(format!(
            "artifact {}: it is reduced but no derivation names its summary",
            hash.sql()?
        ));
    }
    let mut stmt = conn
        .prepare(
            "SELECT d.derived_hash, d.source_hash, a.status FROM artifact_derivations d
         LEFT JOIN artifacts a ON a.hash = d.derived_hash
         WHERE a.status IS NOT ?1 ORDER BY d.derived_hash",
        )
        .sql()?;
    let rows = stmt
        .query_map([ArtifactStatus::Stowed], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, Option<ArtifactStatus>>(2)?,
            ))
        })
        .sql()?;
    for row in rows {
        let (derived, source, status) = row.sql()?;
        problems.push(format!(
            "artifact {derived}: the summary of {source} is {}, not {}",
            status.map_or("missing", ArtifactStatus::as_str),
            ArtifactStatus::Stowed
        ));
    }
    Ok(problems)
}
