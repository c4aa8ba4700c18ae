//! The logbook: append-only entries, each with the bearing sealed from the
//! slate at the moment it was recorded.
//!
//! [`seal`] is the one place an entry is written. It holds a single write
//! transaction around the whole seal → perform → record → clear sequence, so a
//! failed action (or a crash) leaves the slate and the logbook as they were.

use rusqlite::{Connection, Transaction};

pub use super::logbook_read::{Entry, entries};
use super::sealing::{Decision, Sealing, find_by_request_id};
use super::slate::{self, Observation};
use crate::error::{Error, Kind, Result};
use crate::model::{EntryAction, Provenance};
use crate::sql::Sql;

/// What [`seal`] did.
#[derive(Debug)]
pub struct Sealed {
    pub entry: Entry,
    /// True when the request id was already recorded and nothing was performed.
    pub replayed: bool,
}

/// Seals the slate into a bearing, performs the action, records one entry and
/// clears the slate — all in one write transaction.
///
/// `perform` runs while the write lock is held and sees the bearing about to
/// be sealed. If it fails, the transaction is rolled back: nothing recorded,
/// slate untouched. With a `request_id` that is already recorded, `perform` is
/// not called and the recorded entry is returned. An ended voyage is refused.
pub(super) fn seal<F>(
    conn: &mut Connection,
    provenance: &Provenance,
    request_id: Option<&str>,
    perform: F,
) -> Result<Sealed>
where
    F: FnOnce(&[Observation]) -> Result<EntryAction>,
{
    let sealed = seal_with(conn, request_id, |sealing| {
        sealing.ensure_active()?;
        let action = perform(&sealing.bearing)?;
        Ok(Decision::Record(provenance.clone(), action))
    })?;
    sealed.ok_or_else(|| Error::new(Kind::Storage, "the entry was not recorded"))
}

/// [`seal`] for a closure that may also decide to record nothing, or that
/// an entry already records what it would (settling an interrupted steer,
/// ADR 0012). The voyage may have ended: the closure checks that itself
/// ([`Sealing::ensure_active`]). `None` when nothing was recorded.
pub(super) fn seal_with<F>(
    conn: &mut Connection,
    request_id: Option<&str>,
    perform: F,
) -> Result<Option<Sealed>>
where
    F: FnOnce(&Sealing<'_>) -> Result<Decision>,
{
    let tx = super::write(conn)?;
    if let Some(request_id) = request_id
        && let Some(entry) = find_by_request_id(&tx, request_id)?
    {
        return Ok(Some(Sealed {
            entry,
            replayed: true,
        }));
    }
    let sealing = Sealing {
        bearing: slate::list(&tx)?,
        tx: &tx,
    };
    let (provenance, mut action) = match perform(&sealing)? {
        Decision::Record(provenance, action) => (provenance, action),
        Decision::Already(entry) => {
            return Ok(Some(Sealed {
                entry: *entry,
                replayed: true,
            }));
        }
        Decision::Nothing => return Ok(None),
    };
    let bearing = sealing.bearing;
    action.set_request_id(request_id.map(str::to_string));
    let recorded_at = crate::model::now();
    let action_json = serde_json::to_string(&action)?;
    let id = record(&tx, &provenance, &action_json, &recorded_at)?;
    // The bearing rows in the slate's order, so reading them back by rowid
    // gives `bearing` as it is: the entry is built from what was written,
    // without reading it again.
    tx.prepare_cached(
        "INSERT INTO bearing_observations (logbook_id, target, artifact_hash, observed_at)
         SELECT ?1, target, artifact_hash, observed_at FROM slate ORDER BY observed_at, target",
    )
    .sql()?
    .execute([id])
    .sql()?;
    slate::clear(&tx)?;
    tx.commit().sql()?;
    let entry = Entry::sealed(id, recorded_at, provenance, action_json, action, bearing);
    Ok(Some(Sealed {
        entry,
        replayed: false,
    }))
}

fn record(tx: &Transaction<'_>, who: &Provenance, action: &str, now: &str) -> Result<i64> {
    tx.prepare_cached(
        "INSERT INTO logbook (recorded_at, identity, action, summary, role, method)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .sql()?
    .execute((
        now,
        &who.identity,
        action,
        &who.summary,
        &who.role,
        &who.method,
    ))
    .sql()?;
    Ok(tx.last_insert_rowid())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logbook_read::get;
    use crate::storage::artifact::Packer;
    use crate::storage::{Home, open, voyage};

    fn who() -> Provenance {
        Provenance {
            identity: "t".into(),
            role: "r".into(),
            method: "m".into(),
            summary: "s".into(),
        }
    }

    fn waiting() -> EntryAction {
        EntryAction::Log {
            status: "waiting".into(),
            refused: None,
            request_id: None,
            trace: None,
        }
    }

    /// A real voyage file with two observations on the slate.
    fn voyage_with_slate(dir: &std::path::Path) -> Connection {
        let home = Home::new(dir);
        let created = voyage::create(&home, "test", "2026-01-01T00:00:00.000000Z").unwrap();
        let mut conn = open(&home.voyage_path(&created.id)).unwrap();
        let tx = crate::storage::write(&mut conn).unwrap();
        for n in 0..2 {
            let packed = Packer::pack(&serde_json::json!({ "n": n })).unwrap();
            slate::put(
                &tx,
                &crate::model::SlateKey::exact(format!("target-{n}")),
                &packed,
                "2026-01-01T00:00:01.000000Z",
            )
            .unwrap();
        }
        tx.commit().unwrap();
        conn
    }

    fn snapshot(conn: &Connection) -> (Vec<String>, i64, i64) {
        let slate = slate::list(conn)
            .unwrap()
            .into_iter()
            .map(|o| o.target)
            .collect();
        let count = |t: &str| {
            conn.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
                .unwrap()
        };
        (slate, count("logbook"), count("bearing_observations"))
    }

    #[test]
    fn the_sealed_entry_is_the_entry_as_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = voyage_with_slate(dir.path());
        let sealed = seal(&mut conn, &who(), Some("r-1"), |_| Ok(waiting())).unwrap();
        let read = get(&conn, sealed.entry.id).unwrap();
        let shape = |e: &Entry| {
            let bearing: Vec<_> = e
                .bearing
                .iter()
                .map(|o| {
                    let o = o.clone();
                    (
                        o.target,
                        o.artifact,
                        o.observed_at,
                        o.stored_bytes,
                        o.status,
                    )
                })
                .collect();
            (
                e.id,
                e.recorded_at.clone(),
                e.provenance.clone(),
                e.action.clone(),
                e.parsed_action().cloned(),
                bearing,
            )
        };
        assert_eq!(sealed.entry.bearing.len(), 2);
        assert_eq!(shape(&sealed.entry), shape(&read));
    }

    #[test]
    fn a_failed_action_leaves_slate_and_logbook_as_they_were() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = voyage_with_slate(dir.path());
        let before = snapshot(&conn);
        let result = seal(&mut conn, &who(), None, |bearing| {
            assert_eq!(bearing.len(), 2);
            Err(Error::new(Kind::GitHub, "refused"))
        });
        assert_eq!(result.unwrap_err().kind(), Kind::GitHub);
        assert_eq!(snapshot(&conn), before);
    }

    #[test]
    fn a_failure_after_the_entry_is_written_rolls_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = voyage_with_slate(dir.path());
        let before = snapshot(&conn);
        // Make copying the bearing fail after the logbook row was inserted.
        conn.execute_batch(
            "CREATE TEMP TRIGGER boom BEFORE INSERT ON bearing_observations
             BEGIN SELECT RAISE(ABORT, 'disk on fire'); END;",
        )
        .unwrap();
        let result = seal(&mut conn, &who(), None, |_| Ok(waiting()));
        assert!(
            result
                .unwrap_err()
                .message()
                .to_string()
                .contains("disk on fire")
        );
        assert_eq!(snapshot(&conn), before);

        conn.execute_batch("DROP TRIGGER boom").unwrap();
        let sealed = seal(&mut conn, &who(), None, |_| Ok(waiting())).unwrap();
        assert_eq!(sealed.entry.id, 1);
        assert_eq!(sealed.entry.bearing.len(), 2);
        assert_eq!(snapshot(&conn), (vec![], 1, 2));
    }

    #[test]
    fn a_recorded_request_id_is_not_performed_again() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = voyage_with_slate(dir.path());
        let first = seal(&mut conn, &who(), Some("r-1"), |_| Ok(waiting())).unwrap();
        let second = seal(&mut conn, &who(), Some("r-1"), |_| -> Result<EntryAction> {
            panic!("must not perform twice")
        })
        .unwrap();
        assert!(!first.replayed && second.replayed);
        assert_eq!(first.entry.id, second.entry.id);
        assert_eq!(entries(&conn).unwrap().len(), 1);
    }
}
