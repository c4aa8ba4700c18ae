//! Housekeeping of helm's private repository, asked for only when it is due.
//!
//! `git fetch` runs `git maintenance run --auto` after every fetch: one more
//! process on every pull (about 2 ms of a one-entry pull of 20 ms), which
//! looks at the repository and almost always finds nothing to do. A push
//! never ran it at all, so a home that only pushes gathered one pack per
//! push (411 of them in the bench's home after one run, each one more index
//! every git process there opens). helm's fetch now runs with
//! `maintenance.auto=false`, and after a push or a pull helm makes the
//! check git's `gc --auto` makes, from a directory listing: more packs than
//! `gc.autoPackLimit`, or more loose objects than `gc.auto` (estimated, as
//! git does, from the folder `objects/17`). Only then does it run `git gc
//! --auto`, which decides again with the user's settings and does the work
//! in the background.
//!
//! helm's own refs are its bookkeeping: two per voyage and remote (what was
//! fetched, what is synced). git writes each as a file of its own, and
//! every `git fetch` and `git push` in the private repository reads every
//! ref (the fetch to know what it has and to check what arrived, the push
//! to match its refspecs): after a `list --remote` of a remote of 3,334
//! voyages, a one-entry pull made 37,000 system calls, and 4,000 once
//! those refs were packed into one file. So past a
//! few hundred loose refs helm packs them (`git pack-refs --all`) and
//! writes a commit-graph of their commits, which git's fetch reads instead
//! of each commit when it looks at every ref's tip.

use std::path::Path;

use super::git::SyncRepo;

/// git's defaults for `gc.auto` and `gc.autoPackLimit`.
const AUTO: u64 = 6700;
const AUTO_PACK_LIMIT: u64 = 50;

/// The loose refs under `refs/helm` past which helm packs them: each costs
/// every later fetch and push a few system calls, packing them all costs
/// one rewrite of `packed-refs`.
const LOOSE_REFS: usize = 256;

/// Packs helm's refs when more than [`LOOSE_REFS`] are loose, then runs
/// `git gc --auto` in the private repository when its
/// packs or loose objects are past the limits `config` sets (the user's
/// git configuration, `(key, value)` with keys in lower case), or git's
/// defaults. Best effort: housekeeping never fails a sync.
pub(crate) fn tidy(repo: &SyncRepo, config: &[(String, String)]) {
    if loose_refs_past(&repo.dir().join("refs").join("helm"), LOOSE_REFS) {
        let _ = repo.run(&["pack-refs", "--all"], "git pack-refs");
        // A fetch still looks at the commit of every ref: read from a
        // commit-graph, 16,668 refs cost it 6 ms instead of 86.
        let _ = repo.run(
            &["commit-graph", "write", "--reachable", "--no-progress"],
            "git commit-graph",
        );
    }
    let setting = |key: &str| {
        config
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.trim().to_ascii_lowercase())
    };
    if setting("maintenance.auto")
        .is_some_and(|v| matches!(v.as_str(), "false" | "no" | "off" | "0"))
    {
        return;
    }
    let number = |key: &str, default: u64| {
        setting(key).map_or(Some(default), |v| {
            v.parse::<i64>().ok().map(|n| n.max(0) as u64)
        })
    };
    let (Some(auto), Some(packs)) = (
        number("gc.auto", AUTO),
        number("gc.autopacklimit", AUTO_PACK_LIMIT),
    ) else {
        // A value helm cannot read: let git decide, as a fetch would.
        run(repo);
        return;
    };
    if due(&repo.dir().join("objects"), auto, packs) {
        run(repo);
    }
}

/// `git gc --auto`: it checks again with the user's settings and, when it
/// repacks, does so in the background (`gc.autoDetach`, on by default), so
/// the sync that asked does not wait for it. Its output goes nowhere: the
/// background part keeps no pipe of helm's open.
fn run(repo: &SyncRepo) {
    let mut command = repo.command();
    command
        .args(["gc", "--auto", "--quiet"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if let Ok(mut child) = super::git::spawn(command, "git gc") {
        let _ = child.wait();
    }
}

/// Whether `git gc --auto` would find work in `objects`: more than `packs`
/// packs not kept, or more than `auto` loose objects, estimated from
/// `objects/17` as git estimates it. A limit of 0 turns its check off.
pub(crate) fn due(objects: &Path, auto: u64, packs: u64) -> bool {
    let count = |dir: &Path, keep: &dyn Fn(&str) -> bool| {
        std::fs::read_dir(dir).map_or(0, |entries| {
            entries
                .filter_map(|entry| entry.ok())
                .filter(|entry| entry.file_name().to_str().is_some_and(keep))
                .count() as u64
        })
    };
    if packs > 0 {
        let pack_dir = objects.join("pack");
        let kept = |name: &str| {
            name.strip_suffix(".pack")
                .is_some_and(|stem| !pack_dir.join(format!("{stem}.keep")).exists())
        };
        if count(&pack_dir, &kept) > packs {
            return true;
        }
    }
    if auto > 0 {
        let loose = |name: &str| name.len() == 38 && name.bytes().all(|b| b.is_ascii_hexdigit());
        let limit = auto.div_ceil(256);
        if count(&objects.join("17"), &loose) > limit {
            return true;
        }
    }
    false
}

/// Whether the folder `refs` holds more than `limit` files, at any depth
/// (a loose ref is a file); it stops counting there.
pub(crate) fn loose_refs_past(refs: &Path, limit: usize) -> bool {
    let mut seen = 0;
    let mut folders = vec![refs.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.filter_map(|entry| entry.ok()) {
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(entry.path()),
                Ok(_) => seen += 1,
                Err(_) => {}
            }
            if seen > limit {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loose_refs_are_counted_at_every_depth_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let refs = dir.path().join("helm");
        assert!(!loose_refs_past(&refs, 0), "no folder, no refs");
        for (folder, n) in [("remotes/k1", 2), ("synced/k1", 2), ("build/v/x", 1)] {
            std::fs::create_dir_all(refs.join(folder)).unwrap();
            for i in 0..n {
                std::fs::write(refs.join(folder).join(format!("r{i}")), "").unwrap();
            }
        }
        assert!(!loose_refs_past(&refs, 5), "five are not more than five");
        assert!(loose_refs_past(&refs, 4));
    }

    #[test]
    fn housekeeping_is_due_past_gits_limits_only() {
        let dir = tempfile::tempdir().unwrap();
        let objects = dir.path();
        std::fs::create_dir_all(objects.join("pack")).unwrap();
        std::fs::create_dir_all(objects.join("17")).unwrap();
        assert!(!due(objects, AUTO, AUTO_PACK_LIMIT));

        for i in 0..3 {
            std::fs::write(objects.join("pack").join(format!("pack-{i}.pack")), "").unwrap();
            std::fs::write(objects.join("pack").join(format!("pack-{i}.idx")), "").unwrap();
        }
        assert!(
            !due(objects, AUTO, 3),
            "three packs are not more than three"
        );
        assert!(due(objects, AUTO, 2));
        std::fs::write(objects.join("pack").join("pack-0.keep"), "").unwrap();
        assert!(!due(objects, AUTO, 2), "a kept pack is not counted");
        assert!(!due(objects, AUTO, 0), "0 turns the pack check off");

        for i in 0..3 {
            std::fs::write(objects.join("17").join(format!("{i:038x}")), "").unwrap();
        }
        std::fs::write(objects.join("17").join("tmp_obj_x"), "").unwrap();
        assert!(
            !due(objects, 3 * 256, 0),
            "three loose are not more than three"
        );
        assert!(due(objects, 2 * 256, 0));
        assert!(!due(objects, 0, 0), "0 turns the loose check off");
    }
}
