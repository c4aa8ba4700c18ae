//! gh's and git's editor habit (issue 46 item 6): a required text not given
//! on a terminal is written in `$HELM_EDITOR`, else `$VISUAL`, else
//! `$EDITOR`, on a file explaining what to write; left empty, nothing is
//! sent. In a pipe the editor never opens and the error stays.

use crate::github::{REPO, setup};
use crate::support::env::TestEnv;
use crate::terminal_look::on_terminal;

/// An editor (a tiny shell script) that writes `text` above what helm put
/// in the file, and leaves a mark that it ran.
fn editor(env: &TestEnv, name: &str, text: &str) -> String {
    let mark = env.root().join(format!("{name}.ran"));
    let script = format!(
        "{{ printf '{text}'; cat \"$1\"; }} > \"$1.new\" && mv \"$1.new\" \"$1\"\ntouch '{}'\n",
        mark.display()
    );
    let path = env.write(&format!("{name}.sh"), script);
    format!("sh {}", path.display())
}

fn comment(issue: &str) -> Vec<&str> {
    vec![
        "steer",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "comment",
        "--issue",
        issue,
    ]
}

#[test]
fn a_missing_body_on_a_terminal_is_written_in_the_editor_in_gits_order() {
    let (env, gh, _) = setup();
    let n = gh.add_issue(REPO, "Crash", "").to_string();
    let helm = editor(&env, "helm", "## From HELM_EDITOR\\n");
    let visual = editor(&env, "visual", "from VISUAL\\n");
    let plain = editor(&env, "plain", "from EDITOR\\n");
    let vars = [
        ("HELM_EDITOR", helm.as_str()),
        ("VISUAL", visual.as_str()),
        ("EDITOR", plain.as_str()),
    ];
    for (given, expected) in [
        (&vars[..], "## From HELM_EDITOR"),
        (&vars[1..], "from VISUAL"),
        (&vars[2..], "from EDITOR"),
    ] {
        let shown = on_terminal(&env, &comment(&n), given);
        assert!(shown.contains("recorded entry"), "{shown}");
        let last = gh.comments(REPO, n.parse().unwrap()).pop().unwrap();
        assert_eq!(last.body, expected, "the explanation is removed: {shown}");
    }
}

#[test]
fn a_body_left_empty_aborts_and_a_pipe_never_opens_the_editor() {
    let (mut env, gh, voyage) = setup();
    let n = gh.add_issue(REPO, "Crash", "").to_string();
    let empty = editor(&env, "empty", "");
    let shown = on_terminal(&env, &comment(&n), &[("HELM_EDITOR", empty.as_str())]);
    assert!(shown.contains("left empty in the editor"), "{shown}");
    assert!(env.root().join("empty.ran").exists(), "the editor ran");
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());

    let writing = editor(&env, "piped", "text\\n");
    env.set("HELM_EDITOR", &writing);
    let piped = env.run(&comment(&n));
    assert!(
        piped.fails(2).contains("the comment body is missing"),
        "{piped:?}"
    );
    assert!(
        !env.root().join("piped.ran").exists(),
        "no editor in a pipe"
    );
    assert!(gh.writes().is_empty());
    assert_eq!(
        crate::support::env::count(&env.sqlite(&voyage), "logbook"),
        0
    );
}
