//! `helm://voyages/{id}/page`: the page `voyage page` writes, as an MCP
//! resource of mime type text/html, listed beside the story and the brief.

use rmcp::model::ReadResourceRequestParams;

use super::Session;
use crate::support::env::TestEnv;

#[test]
fn a_voyage_page_is_a_resource_in_html() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("A page <for> reviewers");
    env.log(&voyage, "waiting", "asked for a review").ok();
    let session = Session::start(&env);
    let client = session.client();
    let runtime = session.runtime();

    let listed = runtime.block_on(client.list_all_resources()).unwrap();
    let page = listed
        .iter()
        .find(|r| r.uri == format!("helm://voyages/{voyage}/page"))
        .expect("the page is listed");
    assert_eq!(page.mime_type.as_deref(), Some("text/html"));

    let read = runtime
        .block_on(client.read_resource(ReadResourceRequestParams::new(format!(
            "helm://voyages/{}/page",
            &voyage[..20]
        ))))
        .unwrap();
    let contents = serde_json::to_value(&read.contents[0]).unwrap();
    assert_eq!(contents["mimeType"], "text/html");
    let cli = env.run(&["voyage", "page", &voyage]);
    assert_eq!(contents["text"], cli.ok().stdout.as_str());
    assert!(cli.stdout.contains("<h1>A page &lt;for&gt; reviewers</h1>"));
}
