//! The README's shell blocks marked ```` ```sh tested ```` run as a reader would run them:
//! in a fresh folder, with the built `helm` and `fake-github` first on `PATH`, `HOME` a
//! temporary folder and nothing else of this environment. What the README tells people to
//! type by hand must work as written. It lives beside the tour for the same reason: only
//! this package's tests are sure to have `fake-github` built, and `cargo test` at the
//! workspace root builds helm beside it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The marker after a fence's language that opts a block into this test.
const TESTED: &str = "```sh tested";

#[test]
fn the_readme_shell_blocks_marked_tested_run_against_the_fake() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let blocks = tested_blocks(&readme);
    assert!(
        !blocks.is_empty(),
        "README.md has no {TESTED} block: the by-hand trial went untested"
    );
    let bin = binaries();
    for (line, block) in blocks {
        let ran = run(&bin, &block);
        assert!(
            ran.success,
            "README.md's block at line {line} failed:\n{block}\n--- stdout\n{}\n--- stderr\n{}",
            ran.stdout, ran.stderr
        );
        assert!(
            !ran.stderr.contains("error:"),
            "README.md's block at line {line} printed an error:\n{}",
            ran.stderr
        );
        if block.contains("helm observe github-issue 1") {
            // What the README promises the first look shows: the tour's issue.
            for seen in [
                "observed github-issue acme/widgets#1",
                "#1 Widget crashes on empty input",
                "Sounds good, go ahead.",
            ] {
                assert!(
                    ran.stdout.contains(seen),
                    "block at line {line}: no {seen:?} in\n{}",
                    ran.stdout
                );
            }
        }
    }
}

/// Each marked block's first line number and its text.
fn tested_blocks(readme: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (number, line) in readme.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == TESTED => current = Some((number + 1, String::new())),
            None => {}
            Some(_) if line.trim_end() == "```" => blocks.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(
        current.is_none(),
        "README.md: a {TESTED} block is not closed"
    );
    blocks
}

/// The folder holding the built `fake-github` and, beside it, `helm`.
fn binaries() -> PathBuf {
    let fake = Path::new(env!("CARGO_BIN_EXE_fake-github"));
    let dir = fake.parent().expect("a folder").to_path_buf();
    let helm = dir.join(format!("helm{}", std::env::consts::EXE_SUFFIX));
    assert!(
        helm.exists(),
        "{} is missing: run this test from the workspace root (`cargo test`), which builds helm",
        helm.display()
    );
    dir
}

struct Ran {
    success: bool,
    stdout: String,
    stderr: String,
}

/// Runs one block with bash, stopping at its first failing command. Output goes to files,
/// not pipes: a server the block left running would hold a pipe open forever.
fn run(bin: &Path, block: &str) -> Ran {
    let temp = tempfile::tempdir().expect("a temp dir");
    let (home, work) = (temp.path().join("home"), temp.path().join("work"));
    for dir in [&home, &work] {
        std::fs::create_dir(dir).expect("a folder");
    }
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let (out, err) = (temp.path().join("stdout"), temp.path().join("stderr"));
    let status = Command::new("bash")
        .args(["-euo", "pipefail", "-c", block])
        .current_dir(&work)
        .env_clear()
        .env("PATH", path)
        .env("HOME", &home)
        .env("TMPDIR", temp.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(File::create(&out).expect("stdout file"))
        .stderr(File::create(&err).expect("stderr file"))
        .status()
        .expect("bash runs");
    let state = work.join("fake-github.json");
    if state.exists() {
        // The block failed before its own `fake-github stop`.
        let _ = Command::new(bin.join("fake-github"))
            .arg("--state")
            .arg(&state)
            .arg("stop")
            .current_dir(&work)
            .status();
    }
    Ran {
        success: status.success(),
        stdout: std::fs::read_to_string(out).unwrap_or_default(),
        stderr: std::fs::read_to_string(err).unwrap_or_default(),
    }
}
