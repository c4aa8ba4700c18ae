//! Tables line up by the columns a terminal gives each character: a
//! Japanese file name takes two per character, and the columns after it
//! start where they do for an ASCII one.

use unicode_width::UnicodeWidthStr;

use crate::support::env::TestEnv;

#[test]
fn the_slate_lines_up_with_wide_file_names() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("wide");
    env.set("HELM_VOYAGE", &voyage);
    env.write("日本語のファイル.txt", "こんにちは\n");
    env.write("plain.txt", "hello\n");
    env.run(&["observe", "file-contents", "日本語のファイル.txt"])
        .ok();
    env.run(&["observe", "file-contents", "plain.txt"]).ok();
    let listed = env.run(&["slate", "list"]);
    listed.ok();
    // Where the AGE column ends: the header's and every row's must agree.
    let ends: Vec<usize> = listed
        .stdout
        .lines()
        .map(|line| {
            let before = line.split("  ").next().unwrap_or_default();
            let rest = &line[before.len()..];
            let age = rest.trim_start();
            let first = age.split_whitespace().next().unwrap_or_default();
            before.width() + (rest.len() - age.len()) + first.width()
        })
        .collect();
    assert_eq!(ends.len(), 3, "{}", listed.stdout);
    assert!(
        ends.iter().all(|end| *end == ends[0]),
        "{ends:?}\n{}",
        listed.stdout
    );
}
