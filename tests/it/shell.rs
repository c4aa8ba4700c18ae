//! `helm completions` and `helm man`: what shells and `man` load, and the help
//! that teaches.

use crate::support::env::TestEnv;

#[test]
fn bash_loads_the_completion_script() {
    let env = TestEnv::new();
    let run = env.run(&["completions", "bash"]);
    run.ok();
    assert!(run.stdout.contains("_helm()"), "{}", run.stdout);
    let script = env.root().join("helm.bash");
    std::fs::write(&script, &run.stdout).unwrap();
    let loaded = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("source '{}' && complete -p helm", script.display()))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&loaded.stdout);
    assert!(loaded.status.success(), "{loaded:?}");
    assert!(stdout.contains("-F _helm helm"), "{stdout}");

    // The same through process substitution, as the README says.
    let helm = env!("CARGO_BIN_EXE_helm");
    let direct = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source <('{helm}' completions bash) && complete -p helm"
        ))
        .env("HELM_HOME", env.home())
        .output()
        .expect("bash runs");
    assert!(direct.status.success(), "{direct:?}");
}

#[test]
fn every_shell_gets_a_script_and_unknown_shells_are_usage_errors() {
    let env = TestEnv::new();
    for (shell, marker) in [
        ("zsh", "#compdef helm"),
        ("fish", "complete -c helm"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let run = env.run(&["completions", shell]);
        run.ok();
        assert!(run.stdout.contains(marker), "{shell}: {}", run.stdout);
    }
    let doc = env.run(&["completions", "fish", "--json"]).json();
    assert_eq!(doc["shell"], "fish");
    assert!(doc["script"].as_str().unwrap().contains("complete -c helm"));
    env.run(&["completions", "tcsh"]).fails(2);
}

#[test]
fn the_man_page_is_roff_covering_every_command() {
    let env = TestEnv::new();
    let run = env.run(&["man"]);
    run.ok();
    assert!(run.stdout.starts_with(".TH helm 1"), "{}", run.stdout);
    for command in [
        "helm voyage export",
        "helm observe rust-project",
        "helm steer merge-pr",
        "helm log",
    ] {
        assert!(
            run.stdout.contains(&format!(".SS \"{command}\"")),
            "{command}"
        );
    }
    let doc = env.run(&["man", "--json"]).json();
    assert_eq!(doc["format"], "roff");
    assert_eq!(doc["page"].as_str().unwrap(), run.stdout);
}

#[test]
fn help_ends_with_a_whole_voyage() {
    let env = TestEnv::new();
    let run = env.run(&["--help"]);
    run.ok();
    let example = run
        .stdout
        .split("A voyage, start to finish")
        .nth(1)
        .expect("the worked example");
    let order = [
        "helm voyage new",
        "helm observe github-issue 42",
        "comment --issue 42",
        "waiting",
        "create-pr",
        "request-review",
        "reply-inline",
        "merge-pr",
        "helm voyage end",
    ];
    let mut at = 0;
    for step in order {
        let found = example[at..]
            .find(step)
            .unwrap_or_else(|| panic!("{step} missing or out of order in:\n{example}"));
        at += found + step.len();
    }
}
