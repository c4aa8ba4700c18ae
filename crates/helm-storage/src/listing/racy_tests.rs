//! The listing's cache trusted from a stat alone (ADR 0022): only while the
//! file's times are older than the clock read before it was stamped, and
//! never for a file that was changed or replaced, whatever its size and
//! modification time say. Each test edits the cache the way a race or a
//! replacement would leave it, and fails if the listing believes it.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use uuid::Uuid;

use super::{Dir, list};
use crate::storage::{Home, voyage};

struct Fixture {
    _dir: tempfile::TempDir,
    home: Home,
    id: Uuid,
    path: PathBuf,
}

fn fixture(intent: &str) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path());
    let id = voyage::create(&home, intent, "2026-11-22T04:55:58.828755Z")
        .unwrap()
        .id;
    let path = home.voyage_path(&id);
    Fixture {
        _dir: dir,
        home,
        id,
        path,
    }
}

/// (intent, entries) of the only voyage, as `list` answers.
fn listed(home: &Home) -> (String, u64) {
    let listing = list(home).unwrap();
    assert!(listing.unreadable.is_empty(), "{:?}", listing.unreadable);
    let [summary] = &listing.voyages[..] else {
        panic!("one voyage, got {:?}", listing.voyages);
    };
    (summary.voyage.intent.clone(), summary.entries)
}

fn cache_path(home: &Home) -> PathBuf {
    home.root().join("cache/voyage-list.json")
}

fn cache(home: &Home) -> Value {
    serde_json::from_slice(&std::fs::read(cache_path(home)).unwrap()).unwrap()
}

/// Changes the cache's entry for `id` on disk.
fn edit_entry(home: &Home, id: Uuid, edit: impl FnOnce(&mut Value)) {
    let mut file = cache(home);
    edit(&mut file["voyages"][id.to_string()]);
    std::fs::write(cache_path(home), serde_json::to_vec(&file).unwrap()).unwrap();
}

/// The file's stat as the cache records it.
fn meta(path: &Path) -> Value {
    let dir = Dir::open(path.parent().unwrap());
    serde_json::to_value(dir.meta(path).unwrap()).unwrap()
}

fn add_entry(path: &Path, summary: &str) {
    rusqlite::Connection::open(path)
        .unwrap()
        .execute(
            "INSERT INTO logbook (recorded_at, identity, action, summary, role, method)
             VALUES ('2026-11-22T05:00:00Z', 'test', '{\"kind\":\"log\",\"status\":\"ready\"}',
                     ?1, 'coder', 'human')",
            [summary],
        )
        .unwrap();
}

#[test]
fn a_listing_stamps_its_entries_with_the_file_systems_clock() {
    let f = fixture("clocked");
    assert_eq!(listed(&f.home), ("clocked".to_string(), 0));
    let entry = &cache(&f.home)["voyages"][f.id.to_string()];
    let since = entry["since"].as_i64();
    assert!(
        since.is_some(),
        "no clock on the temporary folder's file system: {entry}"
    );
    // The listing's draft was renamed over the cache or removed: nothing else.
    let names: Vec<_> = std::fs::read_dir(f.home.root().join("cache"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["voyage-list.json"]);
}

/// A write that lands after a listing read the clock, in the same tick as
/// the listing's stat, leaves the stat as the listing saw it. The entry's
/// times are then not older than its clock, so the next listing must look.
#[test]
fn a_write_in_the_same_tick_as_the_listing_is_still_seen() {
    let f = fixture("racy");
    assert_eq!(listed(&f.home).1, 0);
    add_entry(&f.path, "right after the listing");
    let now = meta(&f.path);
    let since = cache(&f.home)["voyages"][f.id.to_string()]["since"].clone();
    assert!(
        now["ctime_ns"].as_i64() >= since.as_i64(),
        "a write after the clock was read has a ctime of at least its time"
    );
    // As if the write had not moved the file's times: the same tick.
    edit_entry(&f.home, f.id, |entry| entry["stamp"]["meta"] = now.clone());
    assert_eq!(listed(&f.home).1, 1, "a racy entry was trusted");

    // The same entry with a clock read after the file's last change is
    // trusted from the stat alone: the listing does not read the file (so
    // this stale intent comes back), which is what makes the case above
    // a real test of the rule.
    let now = meta(&f.path);
    edit_entry(&f.home, f.id, |entry| {
        entry["stamp"]["meta"] = now.clone();
        entry["since"] = json!(now["ctime_ns"].as_i64().unwrap() + 1);
        entry["intent"] = json!("from the cache");
    });
    assert_eq!(listed(&f.home), ("from the cache".to_string(), 1));
    // A ctime equal to the clock is the same tick: not trusted.
    edit_entry(&f.home, f.id, |entry| {
        entry["since"] = now["ctime_ns"].clone();
    });
    assert_eq!(listed(&f.home), ("racy".to_string(), 1));
}

/// Another voyage file of the same size, modification time and change
/// counter renamed over the cached one (a restore, a copy with `touch -d`):
/// only its inode and ctime tell, and the listing must read it.
#[test]
fn a_file_replaced_by_one_of_the_same_size_and_mtime_is_read_again() {
    let f = fixture("aaaa");
    let copy = f.path.with_extension("copy");
    std::fs::copy(&f.path, &copy).unwrap();
    let set_intent = |path: &Path, intent: &str| {
        rusqlite::Connection::open(path)
            .unwrap()
            .execute("UPDATE voyage SET intent = ?1", [intent])
            .unwrap();
    };
    // One commit each: the same change counter, the same length.
    set_intent(&f.path, "AAAA");
    set_intent(&copy, "BBBB");
    assert_eq!(listed(&f.home).0, "AAAA");
    let before = meta(&f.path);

    let modified = std::fs::metadata(&f.path).unwrap().modified().unwrap();
    std::fs::File::options()
        .write(true)
        .open(&copy)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    std::fs::rename(&copy, &f.path).unwrap();
    let after = meta(&f.path);
    assert_eq!(after["len"], before["len"]);
    assert_eq!(after["mtime_ns"], before["mtime_ns"]);
    assert_ne!(after["ino"], before["ino"]);

    assert_eq!(listed(&f.home).0, "BBBB", "the replaced file's summary");
    // Even with the clock far ahead (its times safely old): the stat differs.
    set_intent(&f.path, "CCCC");
    edit_entry(&f.home, f.id, |entry| entry["since"] = json!(i64::MAX));
    assert_eq!(listed(&f.home).0, "CCCC");
}

/// A cache of format 2 (an older helm's, stamped without ctime or inode) is
/// ignored, however well its stamp matches, and rewritten in this format.
#[test]
fn a_cache_written_by_an_older_helm_is_not_used() {
    let f = fixture("current");
    let now = meta(&f.path);
    let counter = {
        let bytes = std::fs::read(&f.path).unwrap();
        u32::from_be_bytes(bytes[24..28].try_into().unwrap())
    };
    let old = json!({
        "format": 2,
        "voyages": { f.id.to_string(): {
            "stamp": { "len": now["len"], "mtime_ns": now["mtime_ns"], "counter": counter },
            "id": f.id, "intent": "stale", "createdAt": "2026-11-22T04:55:58.828755Z",
            "endedAt": null, "endedStatus": null, "ended": false, "entries": 7
        }}
    });
    std::fs::create_dir_all(f.home.root().join("cache")).unwrap();
    std::fs::write(cache_path(&f.home), serde_json::to_vec(&old).unwrap()).unwrap();
    assert_eq!(listed(&f.home), ("current".to_string(), 0));
    assert_eq!(cache(&f.home)["format"], 3);
}

/// Voyages added and removed between listings: the new one is read, the
/// gone one dropped from the answer and from the cache.
#[test]
fn voyages_added_and_deleted_between_listings() {
    let f = fixture("first");
    assert_eq!(listed(&f.home).0, "first");
    let second = voyage::create(&f.home, "second", "2026-11-22T04:56:00Z")
        .unwrap()
        .id;
    std::fs::remove_file(&f.path).unwrap();
    assert_eq!(listed(&f.home).0, "second");
    let voyages = cache(&f.home)["voyages"].clone();
    assert!(voyages.get(f.id.to_string()).is_none(), "{voyages}");
    assert!(voyages.get(second.to_string()).is_some(), "{voyages}");
}

/// Where there is no clock (another system, a network file system), every
/// cached summary is checked against the file's header: a commit or a
/// replacement is seen, an unchanged file is served from the cache.
#[test]
fn without_a_clock_the_stat_and_the_header_decide() {
    let f = fixture("unclocked");
    let unclocked = |home: &Home| {
        let listing = super::list_with(home, false).unwrap();
        let summary = &listing.voyages[0];
        (summary.voyage.intent.clone(), summary.entries)
    };
    assert_eq!(unclocked(&f.home), ("unclocked".to_string(), 0));
    assert_eq!(
        cache(&f.home)["voyages"][f.id.to_string()]["since"],
        Value::Null
    );
    add_entry(&f.path, "one");
    assert_eq!(unclocked(&f.home).1, 1);
    // As if the commit had left the stat as it was: its counter still tells.
    add_entry(&f.path, "two");
    let now = meta(&f.path);
    edit_entry(&f.home, f.id, |entry| entry["stamp"]["meta"] = now.clone());
    assert_eq!(unclocked(&f.home).1, 2);
    // Unchanged, header and all: the cache answers.
    edit_entry(&f.home, f.id, |entry| {
        entry["intent"] = json!("from the cache")
    });
    assert_eq!(unclocked(&f.home).0, "from the cache");
    // An entry stamped without a clock is not trusted by a listing with one.
    assert_eq!(listed(&f.home), ("unclocked".to_string(), 2));
}

/// Listing a home with no voyages, or none yet, makes nothing in it.
#[test]
fn listing_an_empty_home_makes_no_files() {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("home"));
    assert!(list(&home).unwrap().voyages.is_empty());
    assert!(!home.root().exists());
    std::fs::create_dir_all(home.voyages_dir()).unwrap();
    assert!(list(&home).unwrap().voyages.is_empty());
    assert!(!home.root().join("cache").exists());
}

/// Listings side by side in one process (`helm mcp`), each with its own
/// draft, while a writer commits: every answer is one the file has held,
/// and the one after the last commit is the last commit's.
#[test]
fn listings_side_by_side_in_one_process() {
    let f = fixture("side by side");
    std::thread::scope(|scope| {
        let listers: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| (0..20).map(|_| listed(&f.home).1).collect::<Vec<u64>>()))
            .collect();
        for n in 0..20 {
            add_entry(&f.path, &format!("entry {n}"));
        }
        for lister in listers {
            let seen = lister.join().unwrap();
            assert!(seen.iter().all(|&n| n <= 20), "{seen:?}");
            assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        }
    });
    assert_eq!(listed(&f.home).1, 20);
    let names: Vec<_> = std::fs::read_dir(f.home.root().join("cache"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["voyage-list.json"]);
}
