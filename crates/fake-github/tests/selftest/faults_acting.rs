//! Self-tests of faults that strike after the write was performed (issue 10's unknown
//! outcomes): the state changed, but the client gets a 502, no answer, or a late one.

use super::*;

fn post_comment(client: &mut Client, n: u64, body: &str) -> io::Result<Answer> {
    let body = json!({ "body": body }).to_string();
    let path = url(&format!("/issues/{n}/comments"));
    client.try_send("POST", &path, &[], Some(body.as_bytes()))
}

#[test]
fn a_502_after_acting_still_posts() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Question", "");
    gh.inject(Fault::bad_gateway_after_acting("POST", "/comments"));
    let mut client = Client::new(&gh);

    let answer = post_comment(&mut client, n, "once").expect("an answer");
    assert_eq!(
        (answer.status, answer.json()["message"].as_str()),
        (502, Some("Server Error"))
    );
    let stored = gh.comments(REPO, n);
    assert_eq!(stored.len(), 1, "GitHub acted although it answered 502");
    assert_eq!(
        (stored[0].user.as_str(), stored[0].body.as_str()),
        (VIEWER, "once")
    );
    assert_eq!(gh.requests().last().map(|r| r.status), Some(502));
    assert_eq!(
        post_comment(&mut client, n, "twice")
            .expect("answer")
            .status,
        201,
        "one-shot"
    );
}

#[test]
fn a_dropped_connection_after_acting_gives_no_answer() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Question", "");
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let mut client = Client::new(&gh);

    let error = post_comment(&mut client, n, "once").expect_err("no answer");
    assert!(
        matches!(
            error.kind(),
            io::ErrorKind::UnexpectedEof | io::ErrorKind::ConnectionReset
        ),
        "{error:?}"
    );
    assert_eq!(gh.comments(REPO, n).len(), 1, "GitHub acted");
    assert_eq!(
        gh.requests().last().map(|r| r.status),
        Some(0),
        "recorded as unanswered"
    );
    let mut fresh = Client::new(&gh);
    assert_eq!(
        fresh.get(&url(&format!("/issues/{n}"))).json()["comments"],
        1
    );
}

#[test]
fn a_hang_after_acting_outlasts_the_client_but_the_write_happened() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Stale", "");
    gh.inject(Fault::hang_after_acting(
        "PATCH",
        "/issues/",
        Duration::from_secs(60),
    ));
    let mut client = Client::new(&gh);
    client.set_timeout(Duration::from_millis(300));
    let body = json!({"state": "closed"}).to_string();
    let path = url(&format!("/issues/{n}"));
    let error = client
        .try_send("PATCH", &path, &[], Some(body.as_bytes()))
        .expect_err("the client times out");
    assert!(
        matches!(
            error.kind(),
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
        ),
        "{error:?}"
    );
    assert_eq!(
        gh.issue(REPO, n).map(|i| i.state),
        Some("closed".to_owned())
    );

    // A short hang ends with the real answer: the fault delays, it does not invent.
    gh.inject(Fault::hang_after_acting(
        "POST",
        "/comments",
        Duration::from_millis(50),
    ));
    let mut patient = Client::new(&gh);
    assert_eq!(
        post_comment(&mut patient, n, "late")
            .expect("answer")
            .status,
        201
    );
    drop(gh); // must not wait out the 60 s hang
}

/// One GraphQL request to `gh` on a connection of its own (a dropped answer closes it).
fn graphql(gh: &FakeGitHub, query: &str, id: &str) -> io::Result<Answer> {
    let body = json!({ "query": query, "variables": { "id": id, "threadId": id } });
    Client::new(gh).try_send("POST", "/graphql", &[], Some(body.to_string().as_bytes()))
}

/// Both a GraphQL query and a mutation go to `POST /graphql`: a fault matched on the body
/// strikes only the mutation, and the query that looks for its effect is answered.
#[test]
fn a_fault_on_the_body_spares_the_other_graphql_requests() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Why?");
    let id = format!("PRRT_{root}");
    let fault = Fault::drop_after_acting("POST", "/graphql");
    gh.inject(fault.when_body_contains("resolveReviewThread"));

    let state =
        "query($id: ID!) { node(id: $id) { ... on PullRequestReviewThread { id isResolved } } }";
    let before = graphql(&gh, state, &id).expect("the query is answered");
    assert_eq!(before.json()["data"]["node"]["isResolved"], json!(false));
    let resolve =
        "mutation($id: ID!) { resolveReviewThread(input: {threadId: $id}) { thread { id } } }";
    graphql(&gh, resolve, &id).expect_err("the mutation's answer is dropped");
    assert!(gh.thread_resolved(REPO, root), "GitHub acted");
    let after = graphql(&gh, state, &id).expect("the query is answered");
    assert_eq!(after.json()["data"]["node"]["isResolved"], json!(true));
    let missing = graphql(&gh, state, "PRRT_0").expect("answered");
    assert_eq!(missing.json()["errors"][0]["type"], json!("NOT_FOUND"));
    assert_eq!(missing.json()["data"]["node"], json!(null));
}
