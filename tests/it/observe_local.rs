//! Local observations: file-contents, directory-tree, rust-project, and the
//! canonical targets that make one slate row of many spellings.

use sha2::{Digest, Sha256};

use crate::support::env::{TestEnv, count};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn file_contents_prints_the_document_and_stores_a_keyed_artifact() {
    let env = TestEnv::new();
    let id = env.new_voyage("read");
    let path = env.write("src/main.rs", "fn main() {\n    println!(\"hi\\t\");\n}\n");
    let run = env.run(&[
        "observe",
        "-V",
        &id,
        "file-contents",
        "src/main.rs",
        "--json",
    ]);
    let doc = run.json();
    assert!(
        run.stderr.contains("observed file-contents"),
        "{}",
        run.stderr
    );
    let canonical = path.canonicalize().unwrap();
    assert_eq!(doc["target"]["kind"], "file-contents");
    assert_eq!(doc["target"]["paths"][0], canonical.to_str().unwrap());
    let file = &doc["payload"]["files"][0];
    assert_eq!(file["encoding"], "utf-8");
    assert_eq!(
        file["content"],
        "fn main() {\n    println!(\"hi\\t\");\n}\n"
    );
    assert_eq!(file["size"], 36);

    // The artifact row: key = SHA-256 of the uncompressed JSON, data = a zstd frame of it.
    let conn = env.sqlite(&id);
    let (hash, data): (String, Vec<u8>) = conn
        .query_row("SELECT hash, data FROM artifacts", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(hash, doc["artifact"].as_str().unwrap());
    assert_eq!(&data[..4], &[0x28, 0xb5, 0x2f, 0xfd], "zstd magic number");
    let raw = zstd::decode_all(&data[..]).unwrap();
    assert_eq!(hex(&Sha256::digest(&raw)), hash);
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&raw).unwrap(),
        doc["payload"]
    );

    // artifact show prints the same payload back, by full hash or prefix.
    let shown = env.run(&["artifact", "show", "-V", &id, &hash[..10]]);
    assert_eq!(shown.json(), doc["payload"]);
    assert_eq!(
        hex(&Sha256::digest(shown.stdout.trim_end().as_bytes())),
        hash
    );
}

#[test]
fn the_same_files_spelled_differently_are_one_target() {
    let env = TestEnv::new();
    let id = env.new_voyage("spellings");
    env.write("a.txt", "alpha");
    env.write("dir/b.txt", "beta");
    let abs_a = env.work().join("a.txt");
    for spelling in [
        vec!["a.txt", "dir/b.txt"],
        vec!["./dir/../dir/b.txt", "a.txt", "a.txt"],
        vec![abs_a.to_str().unwrap(), "dir/./b.txt"],
    ] {
        let mut args = vec!["observe", "-V", id.as_str(), "file-contents"];
        args.extend(spelling);
        env.run(&args).ok();
    }
    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "slate"), 1);
    // The same payload three times is one artifact.
    assert_eq!(count(&conn, "artifacts"), 1);

    // Newest payload wins.
    env.write("a.txt", "alpha, changed");
    env.run(&["observe", "-V", &id, "file-contents", "dir/b.txt", "a.txt"])
        .ok();
    assert_eq!(count(&conn, "slate"), 1);
    assert_eq!(count(&conn, "artifacts"), 2);
    let slate = env.run(&["slate", "list", "-V", &id, "--json"]).json();
    let hash = slate["slate"][0]["artifact"].as_str().unwrap().to_string();
    let payload = env.run(&["artifact", "show", "-V", &id, &hash]).json();
    assert_eq!(payload["files"][0]["content"], "alpha, changed");
}

#[test]
fn binary_empty_and_odd_files_are_stored_faithfully() {
    let env = TestEnv::new();
    let id = env.new_voyage("odd files");
    let binary: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
    env.write("blob.bin", &binary);
    env.write("latin1.txt", b"caf\xe9");
    env.write("empty.txt", "");
    env.write("nul.txt", "a\0b");
    let doc = env
        .run(&[
            "observe",
            "-V",
            &id,
            "file-contents",
            "blob.bin",
            "latin1.txt",
            "empty.txt",
            "nul.txt",
            "--json",
        ])
        .json();
    let files = doc["payload"]["files"].as_array().unwrap();
    let by_name = |name: &str| {
        files
            .iter()
            .find(|f| f["path"].as_str().unwrap().ends_with(name))
            .unwrap()
    };
    use base64::Engine;
    let decode = |f: &serde_json::Value| {
        base64::engine::general_purpose::STANDARD
            .decode(f["content"].as_str().unwrap())
            .unwrap()
    };
    assert_eq!(by_name("blob.bin")["encoding"], "base64");
    assert_eq!(decode(by_name("blob.bin")), binary);
    assert_eq!(by_name("latin1.txt")["encoding"], "base64");
    assert_eq!(decode(by_name("latin1.txt")), b"caf\xe9");
    assert_eq!(by_name("empty.txt")["content"], "");
    assert_eq!(by_name("empty.txt")["size"], 0);
    assert_eq!(by_name("nul.txt")["content"], "a\u{0}b");
}

#[test]
fn a_big_file_is_text_only_if_every_byte_is() {
    // Big files (over 64 KiB) are taken for text and checked as they are
    // packed; one stray byte near the end makes the whole file base64.
    let env = TestEnv::new();
    let id = env.new_voyage("big files");
    let text: String = (0..4000)
        .map(|i| format!("line {i}: ünïcode \"quoted\"\n"))
        .collect();
    assert!(text.len() > 64 * 1024);
    let mut stray = text.clone().into_bytes();
    let at = stray.len() - 10;
    stray[at] = 0xff;
    // A multibyte character cut by the end of the file is not text either.
    let mut cut = text.clone().into_bytes();
    cut.extend_from_slice("é".as_bytes().split_last().unwrap().1);
    env.write("text.log", &text);
    env.write("stray.log", &stray);
    env.write("cut.log", &cut);
    let doc = env
        .run(&[
            "observe",
            "-V",
            &id,
            "file-contents",
            "stray.log",
            "text.log",
            "cut.log",
            "--json",
        ])
        .json();
    let files = doc["payload"]["files"].as_array().unwrap();
    use base64::Engine;
    let decode = |f: &serde_json::Value| {
        base64::engine::general_purpose::STANDARD
            .decode(f["content"].as_str().unwrap())
            .unwrap()
    };
    // Compared with ==: on failure, assert_eq would print 100 KB of bytes.
    let same = |f: &serde_json::Value, bytes: &[u8]| {
        let decoded = decode(f);
        assert!(
            decoded == bytes,
            "{} bytes decoded, {} in the file, first difference at {:?}",
            decoded.len(),
            bytes.len(),
            decoded.iter().zip(bytes).position(|(a, b)| a != b)
        );
    };
    let by_name = |name: &str| {
        files
            .iter()
            .find(|f| f["path"].as_str().unwrap().ends_with(name))
            .unwrap()
    };
    assert_eq!(by_name("stray.log")["encoding"], "base64");
    same(by_name("stray.log"), &stray);
    assert_eq!(by_name("text.log")["encoding"], "utf-8");
    assert!(by_name("text.log")["content"] == text.as_str());
    assert_eq!(by_name("text.log")["size"], text.len());
    assert_eq!(by_name("cut.log")["encoding"], "base64");
    same(by_name("cut.log"), &cut);
    let verified = env.run(&["voyage", "verify", &id, "--json"]).json();
    assert_eq!(verified["ok"], true, "{verified}");
}

#[test]
fn bad_paths_fail_clearly_and_leave_the_slate_alone() {
    let env = TestEnv::new();
    let id = env.new_voyage("bad paths");
    env.write("good.txt", "ok");
    env.run(&["observe", "-V", &id, "file-contents", "good.txt"])
        .ok();

    let missing = env.run(&[
        "observe",
        "-V",
        &id,
        "file-contents",
        "good.txt",
        "missing.txt",
    ]);
    let stderr = missing.fails(1);
    assert!(stderr.contains("missing.txt"), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains("hint: "), "{stderr}");

    std::fs::create_dir_all(env.work().join("adir")).unwrap();
    let dir = env.run(&["observe", "-V", &id, "file-contents", "adir"]);
    assert!(dir.fails(2).contains("is a directory"));

    let tree_of_file = env.run(&["observe", "-V", &id, "directory-tree", "good.txt"]);
    assert!(tree_of_file.fails(2).contains("not a directory"));
    let not_rust = env.run(&["observe", "-V", &id, "rust-project", "adir"]);
    assert!(not_rust.fails(2).contains("no Cargo.toml"));

    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "slate"), 1);
}

#[test]
fn directory_tree_honours_gitignore_skip_and_depth() {
    let env = TestEnv::new();
    let id = env.new_voyage("tree");
    env.write("proj/.gitignore", "*.log\nbuild/\n");
    env.write("proj/src/lib.rs", "");
    env.write("proj/src/deep/x.rs", "");
    env.write("proj/debug.log", "");
    env.write("proj/build/out.o", "");
    env.write("proj/node_modules/m/index.js", "");
    env.write("proj/.git/HEAD", "ref");
    let doc = env
        .run(&[
            "observe",
            "-V",
            &id,
            "directory-tree",
            "proj",
            "--skip",
            "node_modules",
            "--json",
        ])
        .json();
    let entries: Vec<&str> = doc["payload"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(
        entries,
        [
            ".gitignore",
            "src/",
            "src/deep/",
            "src/deep/x.rs",
            "src/lib.rs"
        ]
    );
    assert_eq!(doc["target"]["skip"], serde_json::json!(["node_modules"]));

    let shallow = env
        .run(&[
            "observe",
            "-V",
            &id,
            "directory-tree",
            "proj",
            "--max-depth",
            "1",
            "--json",
        ])
        .json();
    assert_eq!(shallow["target"]["maxDepth"], 1);
    assert!(
        !shallow["payload"]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e.as_str().unwrap().contains("lib.rs"))
    );
    // Different options are different targets.
    assert_eq!(count(&env.sqlite(&id), "slate"), 2);
}

#[cfg(unix)]
#[test]
fn symlink_loops_do_not_trap_the_walk() {
    let env = TestEnv::new();
    let id = env.new_voyage("loops");
    env.write("t/a/file.txt", "x");
    std::os::unix::fs::symlink(env.work().join("t"), env.work().join("t/a/loop")).unwrap();
    let doc = env
        .run(&["observe", "-V", &id, "directory-tree", "t", "--json"])
        .json();
    let entries = doc["payload"]["entries"].as_array().unwrap();
    assert!(entries.iter().any(|e| e == "a/loop"), "{entries:?}");
}

#[test]
fn rust_project_is_an_orientation() {
    let env = TestEnv::new();
    let id = env.new_voyage("rust");
    env.write("crate/Cargo.toml", "[package]\nname = \"demo\"\n");
    env.write("crate/README.md", "# Demo\n");
    env.write("crate/docs/guide.md", "guide\n");
    env.write(
        "crate/src/lib.rs",
        "//! Demo crate.\n//! Does things.\n\npub fn secret_source() {}\n",
    );
    env.write("crate/src/other.rs", "pub fn hidden() {}\n");
    env.write("crate/target/debug/junk", "");
    env.write("crate/sub/Cargo.toml", "[package]\nname = \"sub\"\n");
    env.write("crate/sub/src/main.rs", "//! Sub binary.\nfn main() {}\n");
    let doc = env
        .run(&["observe", "-V", &id, "rust-project", "crate", "--json"])
        .json();
    let payload = &doc["payload"];
    let entries = payload["tree"]["entries"].as_array().unwrap();
    assert!(entries.iter().any(|e| e == "src/other.rs"));
    assert!(
        !entries
            .iter()
            .any(|e| e.as_str().unwrap().starts_with("target"))
    );
    let paths = |key: &str| -> Vec<String> {
        payload[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["path"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(paths("manifests"), ["Cargo.toml", "sub/Cargo.toml"]);
    assert_eq!(paths("docs"), ["README.md", "docs/guide.md"]);
    assert_eq!(payload["crateDocs"][0]["doc"], "Demo crate.\nDoes things.");
    assert_eq!(payload["crateDocs"][1]["path"], "sub/src/main.rs");
    // Sources are not read.
    assert!(!doc.to_string().contains("secret_source"));
}
