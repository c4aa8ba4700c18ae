use super::*;
use std::fs;

#[test]
fn honours_gitignore_skip_and_depth() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src/deep")).unwrap();
    fs::create_dir_all(root.join("target")).unwrap();
    fs::create_dir_all(root.join(".git")).unwrap();
    fs::write(root.join(".gitignore"), "*.log\n").unwrap();
    fs::write(root.join("a.log"), "").unwrap();
    fs::write(root.join("src/main.rs"), "").unwrap();
    fs::write(root.join("src/deep/x.rs"), "").unwrap();
    fs::write(root.join("target/out"), "").unwrap();
    let root = root.to_str().unwrap();

    let tally = Tally::default();
    let tree = walk(root, &["target".into()], None, &tally).unwrap();
    assert_eq!(
        tree.entries,
        [
            ".gitignore",
            "src/",
            "src/deep/",
            "src/deep/x.rs",
            "src/main.rs"
        ]
    );
    assert_eq!((tree.files, tree.dirs), (3, 2));

    let shallow = walk(root, &[], Some(1), &tally).unwrap();
    assert_eq!(shallow.entries, [".gitignore", "src/", "target/"]);
}

#[test]
fn the_fast_json_is_serde_jsons() {
    let mut tree = Tree {
        root: "/r \"q\"\\".into(),
        entries: vec!["a/".into(), "a/b\u{1}\t.rs".into(), "é 🚢".into()],
        files: 2,
        dirs: 1,
        ..Tree::default()
    };
    assert_eq!(tree.to_json(), serde_json::to_vec(&tree).unwrap());
    tree.non_utf8_names = 1;
    tree.errors = vec!["x: denied".into(), "\"y\"".into()];
    assert_eq!(tree.to_json(), serde_json::to_vec(&tree).unwrap());
    let empty = Tree::default();
    assert_eq!(empty.to_json(), serde_json::to_vec(&empty).unwrap());
}

#[test]
fn merging_and_writing_on_several_threads_gives_the_same_bytes() {
    // Names that share long prefixes and cross the pivots, in runs of
    // unequal length, as walker threads leave them.
    let mut names: Vec<String> = (0..PARALLEL_FROM * 3)
        .map(|i| format!("lib/{}/{}\"{}.rs", i % 7, i % 113, i))
        .collect();
    names.push("é/🚢".into());
    names.push("a\u{1}b".into());
    let mut runs: Vec<Vec<String>> = vec![Vec::new(), Vec::new(), Vec::new()];
    for (i, name) in names.iter().enumerate() {
        runs[(i * 7) % 3].push(name.clone());
    }
    let half = runs[2].len() / 2;
    runs[2].truncate(half);
    let wanted = merge(runs.clone(), 1);
    assert!(wanted.is_sorted());
    for threads in [2, 3, 5] {
        let runs: Vec<Vec<String>> = runs
            .iter()
            .map(|run| {
                let mut run = run.clone();
                run.sort();
                run
            })
            .collect();
        let merged = merge(runs, threads);
        assert_eq!(merged, wanted, "{threads} threads");
        let tree = Tree {
            root: "/r".into(),
            entries: merged,
            files: 1,
            dirs: 2,
            ..Tree::default()
        };
        assert_eq!(tree.to_json_on(threads), serde_json::to_vec(&tree).unwrap());
    }
}

#[test]
fn relative_paths_match_strip_prefix() {
    for (root, path, want) in [
        ("/r", "/r/a/b", "a/b"),
        ("/r/", "/r/a", "a"),
        (".", "./a", "a"),
        ("/r", "/rx/a", "/rx/a"),
    ] {
        assert_eq!(relative(Path::new(root), Path::new(path)), Path::new(want));
    }
}

#[test]
fn names_redacted_on_several_threads_are_recorded_at_their_own_place() {
    let token = format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK");
    let mut entries: Vec<String> = (0..PARALLEL_FROM * 2)
        .map(|i| format!("src/m{i}.rs"))
        .collect();
    let secret_at = [3, PARALLEL_FROM + 7, PARALLEL_FROM * 2 - 1];
    for &i in &secret_at {
        entries[i] = format!("keys/{token}");
    }
    let mut tree = Tree {
        root: "/r".into(),
        entries,
        ..Tree::default()
    };
    tree.redact();
    let places: Vec<&str> = tree.redacted.iter().map(|r| r.at.as_str()).collect();
    let expected: Vec<String> = secret_at.iter().map(|i| format!("/entries/{i}")).collect();
    assert_eq!(places, expected);
    for &i in &secret_at {
        assert_eq!(tree.entries[i], "keys/[redacted: github-pat]");
    }
    assert_eq!(tree.entries[4], "src/m4.rs");
}
