//! Where a page's links go: only to the forge host this machine is
//! configured for (`HELM_GITHUB_API_URL`, github.com by default), never to
//! a host a recorded entry names, which a remote may have written (issue
//! 40 item 9). An entry's address on another host is shown as text.

use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// A voyage with one steered comment whose recorded address (and the
/// addresses its action holds; the fake GitHub answers github.com's) is
/// moved to `origin`, as a pulled entry
/// written elsewhere could hold; the page `voyage page` writes for it with
/// `api` as the configured server (none: github.com's).
fn page_of(origin: &str, api: Option<&str>) -> String {
    let (env, gh, voyage) = github_voyage(REPO, "links");
    let issue = gh
        .add_issue(REPO, "Widget crashes", "It crashes.")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    crate::github::steer(
        &env,
        "noted",
        &["comment", "--issue", &issue, "--body", "ok"],
    )
    .ok();
    let conn = env.sqlite(&voyage);
    let changed = conn
        .execute(
            "UPDATE logbook SET action = replace(action, ?1, ?2)",
            ["https://github.com", origin],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(conn);
    let path = env.root().join("page.html");
    let mut command = env.command(&["voyage", "page", &voyage, "--out", path.to_str().unwrap()]);
    command.env_remove("HELM_GITHUB_API_URL");
    if let Some(api) = api {
        command.env("HELM_GITHUB_API_URL", api);
    }
    let output = command.output().unwrap();
    assert!(output.status.success(), "{output:?}");
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn a_recorded_address_on_another_host_is_text_not_a_link() {
    let html = page_of("https://github.com.evil.example", None);
    assert!(
        !html.contains("href=\"https://github.com.evil.example"),
        "{html}"
    );
    // Nothing links to it, yet the address is still there to read.
    assert!(
        html.contains("https://github.com.evil.example/acme/widgets/issues/1"),
        "{html}"
    );
    // What helm builds itself from the repository goes to the configured
    // host, github.com.
    assert!(
        html.contains("href=\"https://github.com/acme/widgets/issues/1\""),
        "{html}"
    );
}

#[test]
fn links_go_to_the_configured_host() {
    let html = page_of("https://github.com", None);
    assert!(
        html.contains("href=\"https://github.com/acme/widgets/issues/1"),
        "{html}"
    );
    // An Enterprise server configured here: github.com is another host.
    let html = page_of("https://github.com", Some("https://ghe.example.com/api/v3"));
    assert!(!html.contains("href=\"https://github.com"), "{html}");
    let html = page_of(
        "https://ghe.example.com",
        Some("https://ghe.example.com/api/v3"),
    );
    assert!(
        html.contains("href=\"https://ghe.example.com/acme/widgets/issues/1"),
        "{html}"
    );
}
