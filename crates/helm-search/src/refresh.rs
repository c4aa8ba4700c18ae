//! Bringing the index up to date before a search: each voyage file's
//! change stamp (its SQLite change counter and size, read through SQLite's
//! VFS: `storage::stamp`) is compared with the one its rows were made from,
//! and only a voyage whose stamp changed is read again, in one read
//! snapshot. Voyages gone from the home leave the index.
//!
//! The stamp is read before the voyage, so the rows are at least as new as
//! the stamp they are recorded with: a commit in between is read again at
//! the next search, never missed. A stamp that cannot be read (a writer
//! committing) is recorded as unknown, which reads the voyage again next
//! time. Index writes take the index's write lock up front (`BEGIN
//! IMMEDIATE`), so concurrent searches wait for each other, never fail.

use helm_storage::sql::Sql;
use std::collections::{HashMap, HashSet};

use rusqlite::{Connection, Transaction, TransactionBehavior, params};

use crate::model::error::Result;
use crate::model::tell;
use crate::storage::stamp::{ChangeStamp, stamp};
use crate::storage::store::Payload;
use crate::storage::{Home, VoyageFile, VoyageStore};
use crate::{StoredText, TextPiece, Texts};

/// Payloads stored (compressed) larger than this are not read for search:
/// a search must not decompress gigabytes of a walk or a log.
const LARGEST: u64 = 16 << 20;

/// What the index recorded of a voyage: its stamp (`None`: read it again).
type Recorded = HashMap<String, Option<ChangeStamp>>;

pub(crate) fn refresh(conn: &mut Connection, home: &Home, texts: &dyn Texts) -> Result<()> {
    let files = home.voyage_files()?;
    let stamps: Vec<(VoyageFile, Option<ChangeStamp>)> = files
        .into_iter()
        .map(|f| {
            let s = stamp(&f.path);
            (f, s)
        })
        .collect();
    if !changed(&recorded(conn)?, &stamps) {
        return Ok(());
    }
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .sql()?;
    // Read again under the lock: another search may have done the work.
    let known = recorded(&tx)?;
    let present: HashSet<String> = stamps.iter().map(|(f, _)| f.id.to_string()).collect();
    for id in known.keys().filter(|id| !present.contains(*id)) {
        forget(&tx, id)?;
    }
    for (file, stamp) in &stamps {
        let id = file.id.to_string();
        if stamp.is_some() && known.get(&id) == Some(stamp) {
            continue;
        }
        if let Err(err) = index_voyage(&tx, file, *stamp, texts) {
            tell::note(&format!("voyage {id} is left out of the search: {err}"));
            forget(&tx, &id)?;
        }
    }
    tx.commit().sql()?;
    Ok(())
}

fn recorded(conn: &Connection) -> Result<Recorded> {
    let mut stmt = conn
        .prepare_cached("SELECT id, counter, size FROM voyages")
        .sql()?;
    let rows = stmt
        .query_map([], |row| {
            let counter: Option<u32> = row.get(1)?;
            let size: i64 = row.get(2)?;
            let size = size as u64;
            Ok((
                row.get::<_, String>(0)?,
                counter.map(|counter| ChangeStamp { counter, size }),
            ))
        })
        .sql()?;
    rows.collect::<rusqlite::Result<_>>().sql()
}

fn changed(known: &Recorded, stamps: &[(VoyageFile, Option<ChangeStamp>)]) -> bool {
    known.len() != stamps.len()
        || stamps
            .iter()
            .any(|(file, stamp)| stamp.is_none() || known.get(&file.id.to_string()) != Some(stamp))
}

fn forget(tx: &Transaction<'_>, id: &str) -> Result<()> {
    tx.execute(
        "DELETE FROM texts WHERE rowid IN (SELECT id FROM docs WHERE voyage = ?1)",
        [id],
    )
    .sql()?;
    tx.execute("DELETE FROM docs WHERE voyage = ?1", [id])
        .sql()?;
    tx.execute("DELETE FROM voyages WHERE id = ?1", [id])
        .sql()?;
    Ok(())
}

/// One observation as the voyage holds it now: who first sealed it into a
/// bearing (none while it is on the slate) and when it was observed.
struct Seen {
    target: String,
    artifact: String,
    status: &'static str,
    identity: Option<String>,
    observed_at: String,
}

/// Reads the voyage in one snapshot and replaces its rows: every entry's,
/// and the rows of observations whose artifact or its state changed (an
/// observation's rows are kept as long as its artifact is, since an
/// artifact's bytes never change).
fn index_voyage(
    tx: &Transaction<'_>,
    file: &VoyageFile,
    stamp: Option<ChangeStamp>,
    texts: &dyn Texts,
) -> Result<()> {
    let mut store = VoyageStore::open(file.clone())?;
    let snapshot = store.snapshot()?;
    let id = file.id.to_string();
    tx.execute(
        "DELETE FROM texts WHERE rowid IN (SELECT id FROM docs WHERE voyage = ?1 AND entry IS NOT NULL)",
        [&id],
    ).sql()?;
    tx.execute(
        "DELETE FROM docs WHERE voyage = ?1 AND entry IS NOT NULL",
        [&id],
    )
    .sql()?;
    for entry in &snapshot.entries {
        let kind = entry.stored_kind().unwrap_or_else(|| "unknown".to_string());
        let doc = Doc {
            voyage: &id,
            kind: &kind,
            entry: Some(entry.id),
            seen: None,
            identity: Some(&entry.provenance.identity),
            recorded_at: &entry.recorded_at,
        };
        insert(tx, &doc, &texts.entry(entry))?;
    }
    let mut seen: Vec<Seen> = Vec::new();
    let mut at: HashMap<(String, String), usize> = HashMap::new();
    let bearings = snapshot.entries.iter().flat_map(|e| {
        e.bearing
            .iter()
            .map(move |o| (o, Some(e.provenance.identity.clone())))
    });
    for (observation, identity) in bearings.chain(snapshot.slate.iter().map(|o| (o, None))) {
        let key = (observation.target.clone(), observation.artifact.clone());
        if at.contains_key(&key) {
            continue;
        }
        at.insert(key, seen.len());
        seen.push(Seen {
            target: observation.target.clone(),
            artifact: observation.artifact.clone(),
            status: observation.status_text(),
            identity,
            observed_at: observation.observed_at.clone(),
        });
    }
    // Rows of observations gone, or whose artifact was reduced or
    // jettisoned since, go; the rest stay and learn who sealed them.
    let mut kept: HashSet<usize> = HashSet::new();
    {
        let mut stmt = tx.prepare_cached(
            "SELECT DISTINCT target, artifact, status FROM docs WHERE voyage = ?1 AND entry IS NULL",
        ).sql()?;
        let rows: Vec<(String, String, String)> = stmt
            .query_map([&id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
            .sql()?
            .collect::<rusqlite::Result<_>>()
            .sql()?;
        for (target, artifact, status) in rows {
            match at.get(&(target.clone(), artifact.clone())) {
                Some(&i) if seen[i].status == status => {
                    kept.insert(i);
                    tx.execute(
                        "UPDATE docs SET identity = ?4, recorded_at = ?5
                         WHERE voyage = ?1 AND target = ?2 AND artifact = ?3",
                        params![id, target, artifact, seen[i].identity, seen[i].observed_at],
                    )
                    .sql()?;
                }
                _ => {
                    tx.execute(
                        "DELETE FROM texts WHERE rowid IN (SELECT id FROM docs
                         WHERE voyage = ?1 AND target = ?2 AND artifact = ?3)",
                        params![id, target, artifact],
                    )
                    .sql()?;
                    tx.execute(
                        "DELETE FROM docs WHERE voyage = ?1 AND target = ?2 AND artifact = ?3",
                        params![id, target, artifact],
                    )
                    .sql()?;
                }
            }
        }
    }
    let wanted: Vec<usize> = (0..seen.len()).filter(|i| !kept.contains(i)).collect();
    let hashes: Vec<&str> = wanted.iter().map(|&i| seen[i].artifact.as_str()).collect();
    let mut payloads: HashMap<String, Payload> = HashMap::new();
    store.payloads(&hashes, LARGEST, |hash, payload| {
        payloads.insert(hash.to_string(), payload);
    })?;
    for &i in &wanted {
        let one = &seen[i];
        let pieces = match payloads.get(&one.artifact) {
            Some(Payload::Stowed(Some(bytes))) => {
                texts.observation(&one.target, StoredText::Payload(bytes))
            }
            Some(Payload::Reduced(Some(bytes))) => {
                texts.observation(&one.target, StoredText::Summary(bytes))
            }
            _ => Vec::new(),
        };
        let doc = Doc {
            voyage: &id,
            kind: "observation",
            entry: None,
            seen: Some(one),
            identity: one.identity.as_deref(),
            recorded_at: &one.observed_at,
        };
        // An observation with nothing to find still gets a row, so that
        // it is known to be indexed and is not read again.
        let pieces = if pieces.is_empty() {
            vec![TextPiece::default()]
        } else {
            pieces
        };
        insert(tx, &doc, &pieces)?;
    }
    tx.execute(
        "INSERT INTO voyages (id, intent, counter, size) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (id) DO UPDATE SET intent = ?2, counter = ?3, size = ?4",
        params![
            id,
            snapshot.voyage.intent,
            stamp.map(|s| s.counter),
            stamp.map_or(0, |s| s.size as i64)
        ],
    )
    .sql()?;
    Ok(())
}

struct Doc<'a> {
    voyage: &'a str,
    kind: &'a str,
    entry: Option<i64>,
    seen: Option<&'a Seen>,
    identity: Option<&'a str>,
    recorded_at: &'a str,
}

/// One row per piece: a piece's author and standing go with its text.
fn insert(tx: &Transaction<'_>, doc: &Doc<'_>, pieces: &[TextPiece]) -> Result<()> {
    let mut row = tx.prepare_cached(
        "INSERT INTO docs (voyage, kind, entry, target, artifact, status, identity, recorded_at, author, untrusted)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    ).sql()?;
    let mut text = tx
        .prepare_cached("INSERT INTO texts (rowid, text) VALUES (?1, ?2)")
        .sql()?;
    for piece in pieces {
        row.execute(params![
            doc.voyage,
            doc.kind,
            doc.entry,
            doc.seen.map(|s| &s.target),
            doc.seen.map(|s| &s.artifact),
            doc.seen.map(|s| s.status),
            doc.identity,
            doc.recorded_at,
            piece.author,
            piece.untrusted,
        ])
        .sql()?;
        text.execute(params![tx.last_insert_rowid(), piece.text])
            .sql()?;
    }
    Ok(())
}
