//! `voyage verify`: reads a voyage end to end and reports what is wrong —
//! SQLite's own integrity check, foreign keys, every stowed artifact's
//! SHA-256 recomputed from its decompressed bytes, the schema version, schema
//! objects helm did not create, every id, hash, timestamp and JSON column,
//! and a file name that is not its voyage's id. Never writes (so a foreign
//! trigger never runs here).

use std::io;
use std::path::Path;

use rusqlite::Connection;
use serde::Serialize;

use super::{artifact, audit, schema};
use crate::error::Result;
use crate::sql::Sql;

#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Findings {
    pub problems: Vec<String>,
    pub artifacts: u64,
    pub entries: u64,
}

/// Opens and checks one voyage file. An unopenable file is itself a finding.
pub fn verify(path: &Path) -> Findings {
    let mut findings = Findings::default();
    let opened = super::open_unchecked(path).and_then(|conn| {
        let foreign = schema::check_readable(&conn)?;
        Ok((conn, foreign))
    });
    match opened {
        Ok((conn, foreign)) => {
            findings.problems.extend(
                foreign
                    .into_iter()
                    .map(|object| format!("schema: a {object} that helm did not create")),
            );
            if let Err(err) = check(&conn, path, &mut findings) {
                findings.problems.push(err.message().to_string());
            }
        }
        Err(err) => findings.problems.push(err.message().to_string()),
    }
    findings
}

fn check(conn: &Connection, path: &Path, findings: &mut Findings) -> Result<()> {
    let mut stmt = conn.prepare("PRAGMA integrity_check").sql()?;
    let integrity: Vec<String> = stmt
        .query_map([], |row| row.get(0))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    if integrity != ["ok"] {
        findings.problems.extend(
            integrity
                .into_iter()
                .map(|line| format!("integrity: {line}")),
        );
    }
    let mut stmt = conn
        .prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")
        .sql()?;
    let orphans: Vec<(String, Option<i64>, String)> = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    for (table, rowid, parent) in orphans {
        findings.problems.push(format!(
            "foreign key: {table} row {} refers to a missing {parent} row",
            rowid.map_or("?".to_string(), |r| r.to_string())
        ));
    }
    let voyages: i64 = conn
        .query_row("SELECT count(*) FROM voyage", [], |r| r.get(0))
        .sql()?;
    if voyages != 1 {
        findings.problems.push(format!(
            "the voyage table has {voyages} rows instead of one"
        ));
    }
    findings.entries = conn
        .query_row("SELECT count(*) FROM logbook", [], |r| r.get::<_, i64>(0))
        .sql()? as u64;
    let audit = audit::columns(conn)?;
    findings.problems.extend(audit.shown.iter().cloned());
    if audit.total > audit.shown.len() {
        findings.problems.push(format!(
            "and {} more column problems",
            audit.total - audit.shown.len()
        ));
    }
    // The file name is how helm finds a voyage; a copy renamed by hand would
    // be found under an id that is not its own.
    let named = path
        .file_name()
        .and_then(|name| name.to_str())
        .and_then(|name| name.strip_suffix(".sqlite"))
        .unwrap_or_default()
        .to_string();
    let ids: Vec<String> = conn
        .prepare("SELECT id FROM voyage WHERE typeof(id) = 'text'")
        .sql()?
        .query_map([], |row| row.get(0))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    if let [id] = ids.as_slice()
        && *id != named
    {
        findings.problems.push(format!(
            "file name: the file is named {named:?} but holds voyage {id:?}"
        ));
    }
    for_each_stowed(conn, |problem| {
        findings.artifacts += 1;
        findings.problems.extend(problem);
        true
    })?;
    findings.problems.extend(super::lifecycle::check(conn)?);
    Ok(())
}

/// Recomputes every stowed artifact's SHA-256 from its decompressed bytes,
/// one artifact in memory at a time, and passes `check` what is wrong with
/// each (`None` when it matches its key) until `check` returns false.
/// `voyage verify` lists every problem; import stops at the first.
pub(super) fn for_each_stowed(
    conn: &Connection,
    mut check: impl FnMut(Option<String>) -> bool,
) -> Result<()> {
    let mut stmt = conn
        .prepare("SELECT hash FROM artifacts WHERE status = ?1 ORDER BY hash")
        .sql()?;
    let hashes: Vec<String> = stmt
        .query_map([artifact::ArtifactStatus::Stowed], |row| row.get(0))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    for hash in hashes {
        let data: Vec<u8> = conn
            .query_row("SELECT data FROM artifacts WHERE hash = ?1", [&hash], |r| {
                r.get(0)
            })
            .sql()?;
        let problem = match artifact::unpack(&data, &mut io::sink()) {
            Ok(actual) if actual == hash => None,
            Ok(actual) => Some(format!("artifact {hash}: its payload hashes to {actual}")),
            Err(err) => Some(format!(
                "artifact {hash}: the payload does not decompress ({err})"
            )),
        };
        if !check(problem) {
            break;
        }
    }
    Ok(())
}
