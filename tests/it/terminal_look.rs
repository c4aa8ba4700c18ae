//! helm under a pseudo-terminal (util-linux `script`), against the same
//! commands in a pipe: the pager and colour appear only on a terminal, and
//! only as `--color`, `--no-pager`, `HELM_PAGER`, `NO_COLOR`,
//! `CLICOLOR_FORCE` and `TERM=dumb` say; the text is the same either way.

use std::process::Command;

use crate::support::env::TestEnv;

/// A pager that marks each line it is given, so a test sees it ran.
pub(crate) const MARKING_PAGER: &str = "sed s/^/PAGED:/";

/// `script` runs a command under a pty; without it this test cannot run.
fn script() -> &'static str {
    let found = Command::new("script").arg("--version").output();
    assert!(
        found.is_ok_and(|out| out.status.success()),
        "util-linux `script` is missing: run scripts/test-deps.sh"
    );
    "script"
}

/// Runs helm under a pty; stdout and stderr both arrive as the terminal
/// shows them (with `\r\n`), given back with `\r` removed. The marking
/// pager is `HELM_PAGER` unless `vars` name a pager themselves.
pub(crate) fn on_terminal(env: &TestEnv, args: &[&str], vars: &[(&str, &str)]) -> String {
    sized(env, args, vars, None)
}

/// The same on a terminal `columns` wide (`stty` sizes the pty first).
pub(crate) fn sized(
    env: &TestEnv,
    args: &[&str],
    vars: &[(&str, &str)],
    columns: Option<u16>,
) -> String {
    let helm: Vec<String> = std::iter::once(env!("CARGO_BIN_EXE_helm"))
        .chain(args.iter().copied())
        .map(|arg| format!("'{}'", arg.replace('\'', r"'\''")))
        .collect();
    let size = columns.map(|c| format!("stty cols {c} rows 50 && "));
    let line = [size.unwrap_or_default(), helm.join(" ")];
    let mut command = Command::new(script());
    command.env_clear();
    // The test environment's variables, as `env.run` gives them.
    for (key, value) in env.command(&[]).get_envs() {
        if let Some(value) = value {
            command.env(key, value);
        }
    }
    command
        .env_remove("NO_COLOR")
        .env("TERM", "xterm-256color")
        .env("SHELL", "/bin/sh");
    if !vars.iter().any(|(key, _)| key.ends_with("PAGER")) {
        command.env("HELM_PAGER", MARKING_PAGER);
    }
    for (key, value) in vars {
        command.env(key, value);
    }
    let output = command
        .current_dir(env.work())
        .args(["-qec", &line.concat(), "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script runs");
    String::from_utf8_lossy(&output.stdout).replace('\r', "")
}

fn voyage_with_a_look() -> TestEnv {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("terminal");
    env.set("HELM_VOYAGE", &voyage);
    env.write("w/a.txt", "alpha\nbeta\n");
    env
}

const ESC: char = '\u{1b}';

#[test]
fn the_pager_runs_only_for_a_person_at_a_terminal() {
    let env = voyage_with_a_look();
    let look = ["observe", "file-contents", "w/a.txt"];
    let paged = on_terminal(&env, &look, &[]);
    assert!(paged.contains("PAGED:observed file-contents"), "{paged}");
    for (name, args, vars) in [
        ("--no-pager", vec!["--no-pager"], vec![]),
        ("HELM_PAGER=", vec![], vec![("HELM_PAGER", "")]),
        ("--json", vec!["--json"], vec![]),
    ] {
        let args: Vec<&str> = look.iter().copied().chain(args).collect();
        let shown = on_terminal(&env, &args, &vars);
        assert!(!shown.contains("PAGED:"), "{name}: {shown}");
        assert!(shown.contains("a.txt"), "{name}: {shown}");
    }
    // $PAGER stands in when HELM_PAGER is unset.
    let story = on_terminal(&env, &["voyage", "show"], &[("PAGER", MARKING_PAGER)]);
    assert!(story.contains("PAGED:"), "{story}");
    let mut env = env;
    env.set("HELM_PAGER", MARKING_PAGER);
    let piped = env.run(&look);
    piped.ok();
    assert!(!piped.stdout.contains("PAGED:"), "{}", piped.stdout);
}

#[test]
fn colour_follows_the_flag_and_the_environment_only_on_a_terminal() {
    let env = voyage_with_a_look();
    let look = ["observe", "file-contents", "w/a.txt", "--no-pager"];
    let coloured = on_terminal(&env, &look, &[]);
    assert!(coloured.contains(ESC), "a terminal is coloured: {coloured}");
    for (name, args, vars) in [
        ("NO_COLOR", vec![], vec![("NO_COLOR", "1")]),
        ("TERM=dumb", vec![], vec![("TERM", "dumb")]),
        ("--color never", vec!["--color", "never"], vec![]),
        ("--json", vec!["--json"], vec![]),
    ] {
        let args: Vec<&str> = look.iter().copied().chain(args).collect();
        let shown = on_terminal(&env, &args, &vars);
        assert!(!shown.contains(ESC), "{name}: {shown:?}");
    }
    // In a pipe: plain, unless forced.
    let piped = env.run(&look);
    assert!(!piped.stdout.contains(ESC), "{:?}", piped.stdout);
    let mut forced = env.command(&look);
    forced.env_remove("NO_COLOR").env("CLICOLOR_FORCE", "1");
    let forced = String::from_utf8(forced.output().unwrap().stdout).unwrap();
    assert!(forced.contains(ESC), "CLICOLOR_FORCE: {forced:?}");
    let always = env.run(&["observe", "file-contents", "w/a.txt", "--color=always"]);
    assert!(always.stdout.contains(ESC), "{:?}", always.stdout);
    // helm's own error: is styled as clap's, on a terminal only.
    let error = on_terminal(&env, &["voyage", "show", "nope"], &[]);
    assert!(error.contains("\u{1b}[1m\u{1b}[31merror:"), "{error:?}");
    let piped_error = env.run(&["voyage", "show", "nope"]);
    assert!(
        piped_error.stderr.starts_with("error: "),
        "{}",
        piped_error.stderr
    );
}

#[test]
fn a_terminal_and_a_pipe_read_the_same_text() {
    let env = voyage_with_a_look();
    let piped = env.run(&["observe", "file-contents", "w/a.txt"]);
    piped.ok();
    let shown = on_terminal(
        &env,
        &[
            "observe",
            "file-contents",
            "w/a.txt",
            "--color=never",
            "--no-pager",
        ],
        &[],
    );
    // The second look of the same file shows the same screen.
    for line in piped.stdout.lines().filter(|l| !l.starts_with("artifact ")) {
        assert!(shown.contains(line), "{line:?} not in {shown}");
    }
}
