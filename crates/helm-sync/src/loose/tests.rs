//! Objects written by helm are the objects git itself writes for the same
//! content: the same ids, read back alike, and `git fsck --strict` finds
//! nothing wrong with them.

use std::io::Write;
use std::path::Path;
use std::process::Command;

use super::*;
use crate::object::TreeEntry;

fn git(dir: &Path, args: &[&str], input: Option<&[u8]>) -> String {
    let mut command = Command::new("git");
    command
        .arg("--git-dir")
        .arg(dir)
        .args(args)
        .env_remove("GIT_DIR")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let mut child = command.spawn().unwrap();
    if let Some(input) = input {
        child.stdin.take().unwrap().write_all(input).unwrap();
    }
    drop(child.stdin.take());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "git {args:?}");
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

fn entry(mode: &str, name: &str, oid: &str) -> TreeEntry {
    TreeEntry {
        mode: mode.to_string(),
        name: Some(name.to_string()),
        oid: oid.to_string(),
    }
}

#[test]
fn objects_written_here_are_the_objects_git_writes() {
    let home = tempfile::tempdir().unwrap();
    let repo = SyncRepo::open(home.path(), home.path()).unwrap();
    let dir = repo.dir().to_path_buf();
    let objects = Objects::of(&repo).expect("a SHA-1 repository is written directly");

    let content = b"{\"layout\":1}\n";
    let blob = objects.blob(content).unwrap();
    assert_eq!(
        blob,
        git(&dir, &["hash-object", "--stdin"], Some(content)),
        "a blob's id is git's"
    );
    assert_eq!(
        git(&dir, &["cat-file", "blob", &blob], None),
        "{\"layout\":1}"
    );
    // Written again: the same object, still readable.
    assert_eq!(objects.blob(content).unwrap(), blob);

    // A folder sorts as if its name ended in `/`: after `lifecycle.json`.
    let empty = objects.tree(&[]).unwrap();
    assert_eq!(empty, git(&dir, &["mktree"], Some(b"")));
    let inner = objects.tree(&[entry("100644", "x.json", &blob)]).unwrap();
    let listed = [
        entry("40000", "lifecycle", &inner),
        entry("100644", "voyage.json", &blob),
        entry("100644", "lifecycle.json", &blob),
        entry("100644", "last-entry.json", &blob),
    ];
    let tree = objects.tree(&listed).unwrap();
    let mktree = format!(
        "040000 tree {inner}\tlifecycle\n100644 blob {blob}\tvoyage.json\n\
         100644 blob {blob}\tlifecycle.json\n100644 blob {blob}\tlast-entry.json\n"
    );
    assert_eq!(
        tree,
        git(&dir, &["mktree"], Some(mktree.as_bytes())),
        "a tree's id is git's"
    );

    let parents = [];
    let commit = objects
        .commit(&CommitObject {
            tree: &tree,
            parents: &parents,
            author: "someone <> 1700000000 +0000",
            committer: "helm <helm@localhost> 1700000001 +0000",
            message: b"helm: entry 1: started",
        })
        .unwrap();
    let child = objects
        .commit(&CommitObject {
            tree: &empty,
            parents: &[&commit, &commit],
            author: "helm <helm@localhost> 1700000002 +0000",
            committer: "helm <helm@localhost> 1700000002 +0000",
            message: b"helm: remote voyage\n",
        })
        .unwrap();
    assert_eq!(
        git(
            &dir,
            &[
                "log",
                "--format=%H %T %P %an|%ae|%at %cn|%ce|%ct %B",
                &commit
            ],
            None
        ),
        format!(
            "{commit} {tree}  someone||1700000000 helm|helm@localhost|1700000001 helm: entry 1: started"
        )
    );
    assert_eq!(
        git(
            &dir,
            &[
                "rev-parse",
                &format!("{child}^2"),
                &format!("{child}^{{tree}}")
            ],
            None
        ),
        format!("{commit}\n{empty}")
    );
    git(&dir, &["update-ref", "refs/helm/test", &child], None);
    git(&dir, &["fsck", "--strict", "--no-dangling", "--full"], None);
}

#[test]
fn a_repository_in_another_object_format_is_left_to_git() {
    let home = tempfile::tempdir().unwrap();
    let repo = SyncRepo::open(home.path(), home.path()).unwrap();
    let config = repo.dir().join("config");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str("[extensions]\n\tobjectFormat = sha256\n");
    std::fs::write(&config, text).unwrap();
    assert!(Objects::of(&repo).is_none());
}

#[test]
fn ids_that_are_not_sha1_are_refused() {
    assert!(raw_oid("ab").is_err());
    assert!(raw_oid(&"zz".repeat(20)).is_err());
    assert_eq!(raw_oid(&"0a".repeat(20)).unwrap(), [10u8; 20]);
}

#[test]
fn gathered_objects_are_one_pack_that_git_reads_and_checks() {
    let home = tempfile::tempdir().unwrap();
    let repo = SyncRepo::open(home.path(), home.path()).unwrap();
    let dir = repo.dir().to_path_buf();
    let objects = Objects::of(&repo).unwrap();
    repo.gather();
    let mut tips = Vec::new();
    // A blob big enough that its size takes three bytes of the pack's header.
    let big = "x".repeat(70_000);
    for i in 0..20 {
        let blob = objects.blob(format!("entry {i}\n").as_bytes()).unwrap();
        let shared = objects.blob(big.as_bytes()).unwrap();
        let tree = objects
            .tree(&[
                entry("100644", "e.json", &blob),
                entry("100644", "big", &shared),
            ])
            .unwrap();
        tips.push(
            objects
                .commit(&CommitObject {
                    tree: &tree,
                    parents: &[],
                    author: "someone <> 1700000000 +0000",
                    committer: "helm <helm@localhost> 1700000001 +0000",
                    message: format!("helm: voyage {i}").as_bytes(),
                })
                .unwrap(),
        );
    }
    let loose = |dir: &Path| {
        std::fs::read_dir(dir.join("objects"))
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().len() == 2)
            .count()
    };
    assert_eq!(loose(&dir), 0, "nothing written loose while gathering");
    repo.write_gathered().unwrap();
    let packs: Vec<_> = std::fs::read_dir(dir.join("objects/pack"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(packs.len(), 2, "one pack and its index: {packs:?}");
    let idx = packs.iter().find(|p| p.ends_with(".idx")).unwrap();
    let idx = dir.join("objects/pack").join(idx);
    let verified = git(&dir, &["verify-pack", "-v", idx.to_str().unwrap()], None);
    // 20 entry blobs, one shared blob, 20 trees, 20 commits.
    assert!(verified.contains("non delta: 61 objects"), "{verified}");
    for (i, tip) in tips.iter().enumerate() {
        assert_eq!(
            git(&dir, &["cat-file", "-p", &format!("{tip}:e.json")], None),
            format!("entry {i}")
        );
        git(
            &dir,
            &["update-ref", &format!("refs/helm/test/{i}"), tip],
            None,
        );
    }
    git(&dir, &["fsck", "--strict", "--no-dangling", "--full"], None);
    // Gathering ended: the next object is loose again.
    objects.blob(b"after\n").unwrap();
    assert_eq!(loose(&dir), 1);
}

#[test]
fn one_compressor_reused_writes_every_size_git_reads_back() {
    let home = tempfile::tempdir().unwrap();
    let repo = SyncRepo::open(home.path(), home.path()).unwrap();
    let dir = repo.dir().to_path_buf();
    let objects = Objects::of(&repo).unwrap();
    // Incompressible bytes (a simple generator), so a stream can outgrow
    // its first buffer; then small ones after it, from the same compressor.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let noise: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let bodies: Vec<Vec<u8>> = vec![
        noise,
        Vec::new(),
        b"x".to_vec(),
        b"{\"entries\":1}\n".repeat(5000),
        b"voyage.json\n".to_vec(),
    ];
    for body in &bodies {
        let oid = objects.blob(body).unwrap();
        let read = Command::new("git")
            .arg("--git-dir")
            .arg(&dir)
            .args(["cat-file", "blob", &oid])
            .output()
            .unwrap();
        assert!(read.status.success(), "git reads {oid}");
        assert_eq!(read.stdout, *body, "{oid}");
    }
    git(&dir, &["fsck", "--strict", "--no-progress"], None);
}
