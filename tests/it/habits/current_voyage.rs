//! `helm voyage use ID`: a current voyage per working tree, as git keeps a
//! current branch. Anywhere in the tree, commands act on it when neither
//! `-V` nor `HELM_VOYAGE` names one; `voyage list` marks it; `--clear`
//! forgets it; another tree has its own.

use crate::support::env::{TestEnv, log_args};

#[test]
fn a_working_tree_keeps_its_current_voyage_below_v_and_helm_voyage() {
    let env = TestEnv::new();
    let first = env.new_voyage("first");
    let second = env.new_voyage("second");
    std::fs::create_dir_all(env.work().join("repo/.git")).unwrap();
    std::fs::create_dir_all(env.work().join("repo/src/deep")).unwrap();
    std::fs::create_dir_all(env.work().join("elsewhere")).unwrap();
    let in_dir = |dir: &str, args: &[&str]| {
        let out = env
            .command(args)
            .current_dir(env.work().join(dir))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };

    // Without one, a voyage must be named.
    let (code, _, stderr) = in_dir("repo", &["slate", "list"]);
    assert_eq!(code, Some(2), "{stderr}");

    let (code, stdout, stderr) = in_dir("repo/src", &["voyage", "use", &first[..13]]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.trim(), first);
    assert!(stderr.contains("is current in"), "{stderr}");

    // Anywhere in the tree: `log` records in the current voyage.
    let (code, _, stderr) = in_dir("repo/src/deep", &log_args("waiting"));
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        crate::support::env::count(&env.sqlite(&first), "logbook"),
        1
    );

    // HELM_VOYAGE and -V come first.
    let out = env
        .command(&["voyage", "brief", "--json"])
        .current_dir(env.work().join("repo"))
        .env("HELM_VOYAGE", &second)
        .output()
        .unwrap();
    let brief: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(brief.to_string().contains(&second), "{brief}");
    let (code, _, stderr) = in_dir(
        "repo",
        &[
            "log",
            "-V",
            &second,
            "--as",
            "a",
            "--role",
            "r",
            "--method",
            "m",
            "--summary",
            "s",
            "ready",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        crate::support::env::count(&env.sqlite(&second), "logbook"),
        1
    );
    assert_eq!(
        crate::support::env::count(&env.sqlite(&first), "logbook"),
        1
    );

    // `voyage list` marks it; --json is unchanged.
    let (_, stdout, _) = in_dir("repo", &["voyage", "list"]);
    let marked: Vec<&str> = stdout.lines().filter(|l| l.starts_with("* ")).collect();
    assert_eq!(marked.len(), 1, "{stdout}");
    assert!(marked[0].contains("first"), "{stdout}");
    let (_, stdout, _) = in_dir("repo", &["voyage", "list", "--json"]);
    assert!(!stdout.contains("current"), "{stdout}");

    // Another tree has none; --clear forgets this one.
    let (code, _, _) = in_dir("elsewhere", &["slate", "list"]);
    assert_eq!(code, Some(2));
    let (code, _, stderr) = in_dir("repo", &["voyage", "use", "--clear"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("has no current voyage now"), "{stderr}");
    let (code, _, _) = in_dir("repo/src", &["slate", "list"]);
    assert_eq!(code, Some(2));
}

/// Both ways a command finds no voyage (a voyage-scoped command, and
/// `voyage show` and its kin naming one by position) point at `voyage use`,
/// as well as `--voyage` and `HELM_VOYAGE`.
#[test]
fn the_no_voyage_error_names_voyage_use() {
    let env = TestEnv::new();
    env.new_voyage("unnamed");
    for args in [&["slate", "list"][..], &["voyage", "show"][..]] {
        let run = env.run(args);
        let stderr = run.fails(2);
        assert!(stderr.contains("error: no voyage given"), "{stderr}");
        assert!(
            stderr.contains("make one current in this working tree with `helm voyage use ID`"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("HELM_VOYAGE"), "{stderr}");
    }
}
