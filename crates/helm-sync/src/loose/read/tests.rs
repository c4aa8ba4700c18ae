//! What the files answer is what `git cat-file` answers, and whatever they
//! cannot vouch for (a packed object or ref, a damaged object) is left to
//! git.

use std::path::Path;
use std::process::Command;

use super::*;
use crate::loose::CommitObject;
use crate::object::TreeEntry;

fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .arg("--git-dir")
        .arg(dir)
        .args(args)
        .env_remove("GIT_DIR")
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}");
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

fn file(name: &str, oid: &str, mode: &str) -> TreeEntry {
    TreeEntry {
        mode: mode.to_string(),
        name: Some(name.to_string()),
        oid: oid.to_string(),
    }
}

/// A repository holding a commit whose tree has `voyage.json` and
/// `entries/1.json`, loose, and a ref naming it.
fn repository() -> (tempfile::TempDir, SyncRepo, String) {
    let home = tempfile::tempdir().unwrap();
    let repo = SyncRepo::open(home.path(), home.path()).unwrap();
    let objects = Objects::of(&repo).unwrap();
    let voyage = objects.blob(b"{\"entries\":1}\n").unwrap();
    let entry = objects.blob(b"{\"summary\":\"one\"}\n").unwrap();
    let entries = objects.tree(&[file("1.json", &entry, "100644")]).unwrap();
    let tree = objects
        .tree(&[
            file("voyage.json", &voyage, "100644"),
            file("entries", &entries, "40000"),
        ])
        .unwrap();
    let commit = objects
        .commit(&CommitObject {
            tree: &tree,
            parents: &[],
            author: "helm <helm@localhost> 1700000000 +0000",
            committer: "helm <helm@localhost> 1700000000 +0000",
            message: b"one\n",
        })
        .unwrap();
    git(repo.dir(), &["update-ref", "refs/helm/synced/k/v", &commit]);
    (home, repo, commit)
}

/// What `git cat-file` says of `name`: its header and contents.
fn cat_file(dir: &Path, name: &str) -> Option<(String, Vec<u8>)> {
    let output = Command::new("git")
        .arg("--git-dir")
        .arg(dir)
        .args(["cat-file", "-p", name])
        .output()
        .unwrap();
    if !output.status.success() {
        return None;
    }
    let kind = git(dir, &["cat-file", "-t", name]);
    let raw = Command::new("git")
        .arg("--git-dir")
        .arg(dir)
        .args(["cat-file", &kind, name])
        .output()
        .unwrap()
        .stdout;
    Some((kind, raw))
}

#[test]
fn names_read_from_the_files_are_what_git_reads() {
    let (_home, repo, commit) = repository();
    let local = Local::of(&repo).expect("a SHA-1 repository of ref files");
    for name in [
        commit.clone(),
        "refs/helm/synced/k/v".to_string(),
        format!("{commit}:voyage.json"),
        format!("{commit}:entries/1.json"),
        format!("{commit}:entries"),
        format!("{commit}:"),
    ] {
        let (kind, bytes) = cat_file(repo.dir(), &name).unwrap();
        match local.read(&name) {
            OnDisk::Found(info, found) => {
                assert_eq!(
                    (info.kind.as_str(), &found),
                    (kind.as_str(), &bytes),
                    "{name}"
                );
                assert_eq!(info.size, bytes.len() as u64, "{name}");
                assert_eq!(info.oid, git(repo.dir(), &["rev-parse", &name]), "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    // A tree read here that lacks the name: missing, as git says.
    for name in [
        format!("{commit}:lifecycle"),
        format!("{commit}:entries/2.json"),
    ] {
        assert!(cat_file(repo.dir(), &name).is_none(), "{name}");
        assert_eq!(local.read(&name), OnDisk::Missing, "{name}");
    }
    // A name only git can resolve.
    assert_eq!(local.read("HEAD"), OnDisk::AskGit);
    assert_eq!(local.read("refs/helm/synced/k/../v"), OnDisk::AskGit);
    assert_eq!(local.read("refs/helm/synced/k/none"), OnDisk::AskGit);
}

#[test]
fn packed_refs_and_objects_and_damaged_objects_are_left_to_git() {
    let (_home, repo, commit) = repository();
    let local = Local::of(&repo).unwrap();
    let voyage = git(repo.dir(), &["rev-parse", &format!("{commit}:voyage.json")]);

    // Damaged: the bytes no longer hash to the name.
    let path = repo
        .dir()
        .join("objects")
        .join(&voyage[..2])
        .join(&voyage[2..]);
    let good = std::fs::read(&path).unwrap();
    let mut other = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut other, b"blob 14\0{\"entries\":2}\n").unwrap();
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    #[allow(clippy::permissions_set_readonly_false)]
    permissions.set_readonly(false);
    std::fs::set_permissions(&path, permissions).unwrap();
    std::fs::write(&path, other.finish().unwrap()).unwrap();
    assert_eq!(local.read(&voyage), OnDisk::AskGit);
    assert_eq!(local.read(&format!("{commit}:voyage.json")), OnDisk::AskGit);
    std::fs::write(&path, good).unwrap();
    assert!(matches!(local.read(&voyage), OnDisk::Found(..)));

    // Packed, refs and objects: none of it is answered here.
    git(repo.dir(), &["pack-refs", "--all"]);
    git(repo.dir(), &["repack", "-a", "-d", "-q"]);
    git(repo.dir(), &["prune-packed"]);
    assert_eq!(local.read("refs/helm/synced/k/v"), OnDisk::AskGit);
    assert_eq!(local.read(&commit), OnDisk::AskGit);
    assert_eq!(local.read(&format!("{commit}:voyage.json")), OnDisk::AskGit);
}
