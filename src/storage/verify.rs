//! `voyage verify`: reads a voyage end to end and reports what is wrong —
//! SQLite's own integrity check, foreign keys, every stowed artifact's
//! SHA-256 recomputed from its decompressed bytes, the schema version and the
//! logbook's action JSON. Never writes.

use std::io;
use std::path::Path;

use rusqlite::Connection;
use serde::Serialize;

use super::artifact;
use crate::error::Result;

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
    match super::open(path) {
        Ok(conn) => {
            if let Err(err) = check(&conn, &mut findings) {
                findings.problems.push(err.message().to_string());
            }
        }
        Err(err) => findings.problems.push(err.message().to_string()),
    }
    findings
}

fn check(conn: &Connection, findings: &mut Findings) -> Result<()> {
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let integrity: Vec<String> = stmt
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    if integrity != ["ok"] {
        findings.problems.extend(
            integrity
                .into_iter()
                .map(|line| format!("integrity: {line}")),
        );
    }
    let mut stmt = conn.prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")?;
    let orphans: Vec<(String, Option<i64>, String)> = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (table, rowid, parent) in orphans {
        findings.problems.push(format!(
            "foreign key: {table} row {} refers to a missing {parent} row",
            rowid.map_or("?".to_string(), |r| r.to_string())
        ));
    }
    let voyages: i64 = conn.query_row("SELECT count(*) FROM voyage", [], |r| r.get(0))?;
    if voyages != 1 {
        findings.problems.push(format!(
            "the voyage table has {voyages} rows instead of one"
        ));
    }
    let mut stmt = conn.prepare("SELECT id, action FROM logbook ORDER BY id")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        findings.entries += 1;
        let id: i64 = row.get(0)?;
        let action: String = row.get(1)?;
        if serde_json::from_str::<serde_json::Value>(&action).is_err() {
            findings
                .problems
                .push(format!("entry {id}: its action is not JSON"));
        }
    }
    // One artifact in memory at a time: the blob is read, checked, dropped.
    let mut stmt =
        conn.prepare("SELECT hash FROM artifacts WHERE status = 'stowed' ORDER BY hash")?;
    let hashes: Vec<String> = stmt
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for hash in hashes {
        findings.artifacts += 1;
        let data: Vec<u8> =
            conn.query_row("SELECT data FROM artifacts WHERE hash = ?1", [&hash], |r| {
                r.get(0)
            })?;
        match artifact::unpack(&data, &mut io::sink()) {
            Ok(actual) if actual == hash => {}
            Ok(actual) => findings
                .problems
                .push(format!("artifact {hash}: its payload hashes to {actual}")),
            Err(err) => findings.problems.push(format!(
                "artifact {hash}: the payload does not decompress ({err})"
            )),
        }
    }
    findings.problems.extend(super::lifecycle::check(conn)?);
    Ok(())
}
