//! A voyage a pull brings that is not here yet: made whole under a hidden
//! temporary name beside the voyages, then linked into place, so no
//! command ever sees it half made and a crash leaves only a file that the
//! next sync sweeps away.

use std::fs;
use std::path::PathBuf;

use rusqlite::{Connection, OpenFlags};
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::model::Voyage;
use crate::sql::{Sql, sql_error};
use crate::{Home, VoyageFile, VoyageStore, schema};

/// A voyage file in the making: created under a temporary name beside the
/// voyages with the given id, intent and creation time, filled by the caller
/// through [`VoyageStore`], then [`Born::place`]d under its id. Until then no
/// command sees it; a crash leaves only a hidden temporary file.
pub struct Born {
    pub store: VoyageStore,
    temp: PathBuf,
    path: PathBuf,
}

impl Born {
    pub fn new(home: &Home, voyage: &Voyage) -> Result<Born> {
        let dir = home.ensure()?;
        let temp = dir.join(format!(
            "{BORN_PREFIX}{}-{}.sqlite.new",
            voyage.id.hyphenated(),
            Uuid::now_v7().simple()
        ));
        let made =
            (|| {
                crate::files::create_private_new(&temp).map_err(|err| {
                    Error::io(format!("cannot create {}", temp.display()), &err)
                        .hint("check that $HELM_HOME/voyages is writable")
                })?;
                let mut conn = crate::connect(&temp, OpenFlags::default()).sql()?;
                crate::configure(&conn)?;
                conn.pragma_update(None, "journal_mode", "DELETE").sql()?;
                schema::create(&mut conn)?;
                conn.execute(
                "INSERT INTO voyage (id, intent, created_at, status) VALUES (?1, ?2, ?3, 'active')",
                (voyage.id.hyphenated().to_string(), &voyage.intent, &voyage.created_at),
            ).sql()?;
                close(conn)
            })();
        if let Err(err) = made {
            let _ = fs::remove_file(&temp);
            return Err(err);
        }
        let file = VoyageFile {
            id: voyage.id,
            path: temp.clone(),
        };
        Ok(Born {
            store: VoyageStore::open_for_write(file)?,
            temp,
            path: home.voyage_path(&voyage.id),
        })
    }

    /// Gives the finished file its voyage's name; never over an existing
    /// voyage (a pull that raced this one): then `Ok(false)` and nothing
    /// is placed.
    pub fn place(self) -> Result<bool> {
        let Born { store, temp, path } = self;
        drop(store);
        let placed = (|| {
            fs::File::open(&temp)
                .and_then(|file| file.sync_all())
                .map_err(|err| Error::io(format!("cannot write {}", temp.display()), &err))?;
            match fs::hard_link(&temp, &path) {
                Ok(()) => Ok(true),
                Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
                Err(err) => Err(Error::io(format!("cannot create {}", path.display()), &err)),
            }
        })();
        let _ = fs::remove_file(&temp);
        if let Some(dir) = path.parent() {
            crate::files::sync_dir(dir);
        }
        placed
    }
}

/// The prefix of every file a pull makes a voyage in ([`Born`]).
const BORN_PREFIX: &str = ".pull-";

/// Removes what pulls killed part way left in `voyages/`: a
/// `.pull-….sqlite.new` and its journal. Only a sync makes them, and syncs
/// of one home run one at a time (`sync/lock`), so the caller, holding that
/// lock, knows that any such file is a dead pull's. Best effort: one that
/// cannot be removed is tried again at the next sync, and is never listed
/// as a voyage meanwhile.
pub fn sweep_unborn(home: &Home) {
    let dir = home.voyages_dir();
    let Ok(entries) = fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        let unborn = name.starts_with(BORN_PREFIX)
            && [".sqlite.new", ".sqlite.new-journal"]
                .iter()
                .any(|end| name.ends_with(end));
        if unborn {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn close(conn: Connection) -> Result<()> {
    conn.close().map_err(|(_, err)| sql_error(err))
}
