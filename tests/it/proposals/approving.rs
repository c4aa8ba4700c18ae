//! The agent proposes and sends nothing; the approver's approval sends
//! exactly the proposed request, once, and records a steer naming the
//! proposal, the proposer and the approver.

use super::{APPROVER_TOKEN, REPO, approve, entry_of, propose, setup};
use crate::support::env::count;

#[test]
fn a_proposed_comment_is_sent_once_at_approval_exactly_as_proposed() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Widget crash", "It crashes.");
    env.run(&["observe", "github-issue", &issue.to_string()])
        .ok();

    let proposed = propose(
        &env,
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body",
            "Fixed in #45.",
        ],
    );
    let json = proposed.json();
    assert_eq!(json["kind"], "proposal", "{json}");
    let number = entry_of(&proposed);
    let action = &json["action"];
    assert_eq!(action["request"]["method"], "POST", "{action}");
    let body = action["request"]["body"]["body"].as_str().unwrap();
    let marker = format!("<!-- helm proposal {voyage}/{number} -->");
    assert!(
        body.starts_with("Fixed in #45.") && body.ends_with(&marker),
        "{body}"
    );
    assert!(action["digest"].as_str().unwrap().starts_with("sha256:"));
    assert!(
        gh.writes().is_empty(),
        "the agent sent nothing: {:?}",
        gh.writes()
    );
    let db = env.sqlite(&voyage);
    assert_eq!(
        count(&db, "slate"),
        0,
        "the slate is sealed into the proposal"
    );
    assert_eq!(count(&db, "bearing_observations"), 1);

    let listed = env.run(&["proposals", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "pending", "{listed}");
    assert_eq!(listed["proposals"][0]["proposer"], "agent-1");

    let approved = approve(&env, "alice", number, &[]);
    let json = approved.json();
    assert_eq!(json["replayed"], false, "{json}");
    assert_eq!(json["kind"], "steer");
    assert_eq!(json["identity"], "alice");
    let approval = &json["action"]["approval"];
    assert_eq!(approval["proposal"], number, "{json}");
    assert_eq!(approval["proposer"], "agent-1");
    assert_eq!(approval["approver"], "alice");
    let writes = gh.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(
        gh.writes_by(APPROVER_TOKEN).len(),
        1,
        "the approver's token wrote"
    );
    assert_eq!(
        gh.writes_by(gh.token()).len(),
        0,
        "the agent's token never wrote"
    );
    assert_eq!(
        writes[0].body.as_ref().unwrap()["body"],
        body,
        "exactly the proposed body"
    );

    let listed = env.run(&["proposals", "--all", "--json"]).json();
    let proposal = &listed["proposals"][0];
    assert_eq!(proposal["state"], "performed", "{listed}");
    assert_eq!(proposal["decidedBy"]["identity"], "alice");
    assert!(
        env.run(&["proposals", "--json"]).json()["proposals"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    // Again: the entry, replayed, and nothing sent.
    let again = approve(&env, "bob", number, &[]).json();
    assert_eq!(again["replayed"], true, "{again}");
    assert_eq!(again["id"], json["id"]);
    assert_eq!(
        gh.writes().len(),
        1,
        "one write however often it is approved"
    );
    env.assert_sound(&voyage);
}

#[test]
fn the_brief_shows_a_waiting_proposal_first_and_the_page_its_fate() {
    let (env, gh, voyage) = setup();
    let issue = gh
        .add_issue(REPO, "Widget crash", "It crashes.")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let number = entry_of(&propose(
        &env,
        &["comment", "--issue", &issue, "--body", "Fixed."],
    ));

    let brief = env.run(&["voyage", "brief", "--json"]).json();
    assert_eq!(brief["proposals"][0]["entry"], number, "{brief}");
    assert_eq!(brief["proposals"][0]["proposer"], "agent-1");
    let text = env.run(&["voyage", "brief"]).ok().stdout.clone();
    let first = text.lines().nth(2).unwrap_or_default();
    assert!(
        first.starts_with(&format!("proposal {number} waits for approval")),
        "{text}"
    );
    let shown = env.run(&["voyage", "show"]).ok().stdout.clone();
    assert!(
        shown.contains(&format!("── Proposal {number} ──")),
        "{shown}"
    );

    let approved = approve(&env, "alice", number, &[]).json();
    let steer = approved["id"].as_i64().unwrap();
    let brief = env.run(&["voyage", "brief", "--json"]).json();
    assert!(brief.get("proposals").is_none(), "{brief}");
    let page = env.run(&["voyage", "page", &voyage]).ok().stdout.clone();
    assert!(
        page.contains(&format!(
            "performed, approved by alice in <a href=\"#e{steer}\">entry {steer}</a>"
        )),
        "the proposal links to the steer it became"
    );
    assert!(page.contains(&format!("<a href=\"#e{number}\">entry {number}</a>")));
}
