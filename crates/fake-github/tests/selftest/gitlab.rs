//! Self-tests of the fake GitLab: its shapes, state changes, merge readiness, the note
//! limit, faults shared with the GitHub fake, and no conditional answers.

use super::*;
use fake_github::GITLAB_TOKEN;
use std::str::FromStr;

const PROJECT: &str = "acme/tools/widgets";
const ENCODED: &str = "acme%2Ftools%2Fwidgets";

fn lab() -> (FakeGitHub, Client) {
    let fake = FakeGitHub::start();
    fake.gitlab().add_project(PROJECT);
    let client = Client::with_auth(&fake, Some(format!("Bearer {GITLAB_TOKEN}")));
    (fake, client)
}

fn api(rest: &str) -> String {
    format!("/api/v4/projects/{ENCODED}{rest}")
}

/// A form body, as the `gitlab` crate's builders send one.
fn form(client: &mut Client, method: &str, path: &str, body: &str) -> Answer {
    let headers = [("Content-Type", "application/x-www-form-urlencoded")];
    client.send(method, path, &headers, Some(body.as_bytes()))
}

#[test]
fn a_project_is_found_by_encoded_path_or_numeric_id_and_the_token_is_required() {
    let (fake, mut client) = lab();
    let id = fake.gitlab().add_project("acme/other");
    let by_path = client.get(&api(""));
    assert_eq!(by_path.status, 200, "{}", by_path.body);
    assert_eq!(by_path.json()["path_with_namespace"], PROJECT);
    assert_eq!(by_path.json()["merge_method"], "merge");
    let by_id = client.get(&format!("/api/v4/projects/{id}"));
    assert_eq!(by_id.json()["path_with_namespace"], "acme/other");
    assert_eq!(client.get("/api/v4/projects/acme%2Fnone").status, 404);
    let me = client.get("/api/v4/user");
    assert_eq!(me.json()["username"], fake_github::GITLAB_VIEWER);
    let private = [("PRIVATE-TOKEN", GITLAB_TOKEN)];
    let mut anonymous = Client::with_auth(&fake, None);
    assert_eq!(
        anonymous.send("GET", "/api/v4/user", &private, None).status,
        200
    );
    assert_eq!(anonymous.get("/api/v4/user").status, 401);
    // The GitHub token opens nothing on GitLab.
    let mut github = Client::new(&fake);
    assert_eq!(github.get("/api/v4/user").status, 401);
}

#[test]
fn issues_are_created_edited_labelled_in_one_request_and_closed_with_events() {
    let (fake, mut client) = lab();
    let created = form(
        &mut client,
        "POST",
        &api("/issues"),
        "title=Broken&description=It+fails&labels=bug",
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let iid = created.json()["iid"].as_u64().unwrap();
    assert_eq!(created.json()["labels"], json!(["bug"]));
    assert_eq!(created.json()["state"], "opened");
    assert!(
        created.json()["web_url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/{PROJECT}/-/issues/{iid}"))
    );
    let edited = client.call(
        "PUT",
        &api(&format!("/issues/{iid}")),
        json!({
            "add_labels": "ready,triaged", "remove_labels": "bug", "state_event": "close",
        }),
    );
    assert_eq!(edited.status, 200, "{}", edited.body);
    assert_eq!(edited.json()["labels"], json!(["ready", "triaged"]));
    assert_eq!(edited.json()["state"], "closed");
    assert_eq!(
        edited.json()["closed_by"]["username"],
        fake_github::GITLAB_VIEWER
    );
    let labels = client
        .get(&api(&format!("/issues/{iid}/resource_label_events")))
        .json();
    let actions: Vec<(String, String)> = labels
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().to_owned(),
                e["label"]["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        actions,
        [
            ("add".into(), "ready".into()),
            ("add".into(), "triaged".into()),
            ("remove".into(), "bug".into())
        ]
    );
    let states = client
        .get(&api(&format!("/issues/{iid}/resource_state_events")))
        .json();
    assert_eq!(states[0]["state"], "closed");
    assert_eq!(states[0]["user"]["username"], fake_github::GITLAB_VIEWER);
    let open = client.get(&api("/issues?state=opened")).json();
    assert_eq!(open, json!([]));
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn notes_carry_author_times_and_system_and_are_limited_per_user() {
    let (fake, mut client) = lab();
    let iid = fake.gitlab().add_issue(PROJECT, "Broken", "");
    fake.gitlab()
        .comment_on_issue(PROJECT, iid, "alice", "Seen it too");
    fake.gitlab().set_note_limit(2);
    let path = api(&format!("/issues/{iid}/notes"));
    assert_eq!(
        client.call("POST", &path, json!({ "body": "one" })).status,
        201
    );
    let second = client.call("POST", &path, json!({ "body": "two" }));
    assert_eq!(
        second.json()["author"]["username"],
        fake_github::GITLAB_VIEWER
    );
    assert_eq!(second.json()["system"], false);
    assert_eq!(second.json()["noteable_type"], "Issue");
    let limited = client.call("POST", &path, json!({ "body": "three" }));
    assert_eq!(limited.status, 429, "{}", limited.body);
    let retry: u64 = limited.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    // Another user's notes are not counted against the token's user.
    fake.gitlab()
        .comment_on_issue(PROJECT, iid, "bob", "me too");
    let notes = client.get(&format!("{path}?sort=asc")).json();
    let bodies: Vec<&str> = notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["body"].as_str().unwrap())
        .collect();
    assert_eq!(bodies, ["Seen it too", "one", "two", "me too"]);
    assert!(notes[0]["created_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(notes[0]["author"]["username"], "alice");
}

#[test]
fn answers_carry_no_validators_and_ignore_conditional_requests() {
    let (fake, mut client) = lab();
    let iid = fake.gitlab().add_issue(PROJECT, "Broken", "");
    let first = client.get(&api(&format!("/issues/{iid}")));
    assert_eq!(first.header("etag"), None);
    assert_eq!(first.header("last-modified"), None);
    let again = client.send(
        "GET",
        &api(&format!("/issues/{iid}")),
        &[("If-None-Match", "W/\"anything\"")],
        None,
    );
    assert_eq!(again.status, 200);
    assert_eq!(fake.not_modified_count(), 0);
}

#[test]
fn a_merge_request_shows_its_head_reviewers_diffs_pipelines_and_traces() {
    let (fake, mut client) = lab();
    let gl = fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add feature", "feature", "main");
    let alice = gl.add_member(PROJECT, "alice", 30);
    let pipeline = gl.set_pipeline(
        PROJECT,
        iid,
        "failed",
        "$ cargo test\nerror: 1 test failed\n",
    );
    let users = client.get("/api/v4/users?username=alice").json();
    assert_eq!(users[0]["id"], alice);
    let edited = form(
        &mut client,
        "PUT",
        &api(&format!("/merge_requests/{iid}")),
        &format!("reviewer_ids[]={alice}"),
    );
    assert_eq!(edited.json()["reviewers"][0]["username"], "alice");
    let mr = client.get(&api(&format!("/merge_requests/{iid}"))).json();
    assert_eq!(mr["diff_refs"]["head_sha"], mr["sha"]);
    assert_eq!(mr["head_pipeline"]["status"], "failed");
    assert_eq!(mr["detailed_merge_status"], "ci_must_pass");
    let diffs = client
        .get(&api(&format!("/merge_requests/{iid}/diffs")))
        .json();
    assert_eq!(diffs[0]["new_path"], "src/lib.rs");
    let pipelines = client
        .get(&api(&format!("/merge_requests/{iid}/pipelines")))
        .json();
    assert_eq!(pipelines[0]["id"], pipeline);
    let jobs = client
        .get(&api(&format!("/pipelines/{pipeline}/jobs")))
        .json();
    assert_eq!(jobs[0]["failure_reason"], "script_failure");
    let trace = client.get(&api(&format!("/jobs/{}/trace", jobs[0]["id"])));
    assert!(
        trace
            .header("content-type")
            .unwrap()
            .starts_with("text/plain")
    );
    assert!(trace.body.contains("1 test failed"));
    let members = client.get(&api("/members/all")).json();
    assert!(
        members
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["username"] == "alice" && m["access_level"] == 30)
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn discussions_are_replied_to_resolved_and_block_the_merge_until_resolved() {
    let (fake, mut client) = lab();
    let gl = fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add feature", "feature", "main");
    let thread = gl.open_thread(PROJECT, iid, "alice", "src/lib.rs", 2);
    let mr = client.get(&api(&format!("/merge_requests/{iid}"))).json();
    assert_eq!(mr["detailed_merge_status"], "discussions_not_resolved");
    let threads = client
        .get(&api(&format!("/merge_requests/{iid}/discussions")))
        .json();
    assert_eq!(threads[0]["id"], thread.as_str());
    assert_eq!(threads[0]["notes"][0]["resolvable"], true);
    assert_eq!(threads[0]["notes"][0]["resolved"], false);
    let reply = client.call(
        "POST",
        &api(&format!("/merge_requests/{iid}/discussions/{thread}/notes")),
        json!({ "body": "Fixed" }),
    );
    assert_eq!(reply.status, 201, "{}", reply.body);
    let resolved = client.call(
        "PUT",
        &api(&format!(
            "/merge_requests/{iid}/discussions/{thread}?resolved=true"
        )),
        json!({}),
    );
    assert_eq!(resolved.status, 200, "{}", resolved.body);
    assert!(gl.thread_resolved(PROJECT, &thread));
    assert_eq!(resolved.json()["notes"][1]["body"], "Fixed");
    let merged = client.call(
        "PUT",
        &api(&format!("/merge_requests/{iid}/merge")),
        json!({ "sha": mr["sha"] }),
    );
    assert_eq!(merged.status, 200, "{}", merged.body);
    assert_eq!(merged.json()["state"], "merged");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn the_merge_is_pinned_to_the_head_and_refused_when_not_ready() {
    let (fake, mut client) = lab();
    let gl = fake.gitlab();
    gl.set_merge_method(PROJECT, "ff");
    let iid = gl.add_mr(PROJECT, "Add feature", "feature", "main");
    let path = api(&format!("/merge_requests/{iid}"));
    let old = client.get(&path).json()["sha"].as_str().unwrap().to_owned();
    let new = gl.push(PROJECT, iid);
    let moved = client.call("PUT", &format!("{path}/merge"), json!({ "sha": old }));
    assert_eq!(moved.status, 409, "{}", moved.body);
    // Not approved hides the need for a rebase behind it.
    gl.require_approvals(PROJECT, iid, 1);
    gl.set_need_rebase(PROJECT, iid, true);
    assert_eq!(
        client.get(&path).json()["detailed_merge_status"],
        "not_approved"
    );
    assert_eq!(
        client
            .call("PUT", &format!("{path}/merge"), json!({ "sha": new }))
            .status,
        405
    );
    gl.approve(PROJECT, iid, "alice");
    assert_eq!(
        client.get(&path).json()["detailed_merge_status"],
        "need_rebase"
    );
    assert_eq!(
        client
            .call("PUT", &format!("{path}/merge"), json!({ "sha": new }))
            .status,
        406
    );
    gl.set_need_rebase(PROJECT, iid, false);
    gl.set_transient(PROJECT, iid, "checking", 1);
    assert_eq!(
        client.get(&path).json()["detailed_merge_status"],
        "checking"
    );
    assert_eq!(
        client.get(&path).json()["detailed_merge_status"],
        "mergeable"
    );
    let merged = client.call("PUT", &format!("{path}/merge"), json!({ "sha": new }));
    assert_eq!(merged.status, 200, "{}", merged.body);
    // A fast-forward makes no merge commit.
    assert_eq!(merged.json()["merge_commit_sha"], Value::Null);
    let events = client.get(&format!("{path}/resource_state_events")).json();
    assert_eq!(events[0]["state"], "merged");
    assert_eq!(gl.item(PROJECT, true, iid).0, "merged");
}

#[test]
fn faults_strike_gitlab_requests_after_acting() {
    let (fake, mut client) = lab();
    let iid = fake.gitlab().add_issue(PROJECT, "Broken", "");
    let path = api(&format!("/issues/{iid}/notes"));
    fake.inject(Fault::bad_gateway_after_acting("POST", &path));
    let answer = client.call("POST", &path, json!({ "body": "posted anyway" }));
    assert_eq!(answer.status, 502);
    assert_eq!(fake.gitlab().item(PROJECT, false, iid).2, ["posted anyway"]);
    fake.inject(Fault::drop_after_acting("POST", &path));
    assert!(
        client
            .try_send("POST", &path, &[], Some(br#"{"body":"dropped"}"#))
            .is_err()
    );
    assert_eq!(
        fake.gitlab().item(PROJECT, false, iid).2,
        ["posted anyway", "dropped"]
    );
}

#[test]
fn gitlab_stamps_on_the_fakes_clock_and_closing_a_merge_request_is_a_state_event() {
    let fake = FakeGitHub::start();
    // GitLab's clock runs a day ahead of this machine's, as the GitHub fake's can.
    fake.set_clock_offset(86_400);
    fake.gitlab().add_project(PROJECT);
    let gl = fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add feature", "feature", "main");
    let mut client = Client::with_auth(&fake, Some(format!("Bearer {GITLAB_TOKEN}")));
    let path = api(&format!("/merge_requests/{iid}"));
    gl.set_transient(PROJECT, iid, "approvals_syncing", 2);
    let syncing = client.get(&path).json();
    assert_eq!(syncing["detailed_merge_status"], "approvals_syncing");
    assert_eq!(syncing["merge_status"], "checking");
    assert_eq!(
        client
            .call("PUT", &format!("{path}/merge"), json!({}))
            .status,
        405
    );
    let closed = client.call("PUT", &path, json!({ "state_event": "close" }));
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert_eq!(closed.json()["state"], "closed");
    assert_eq!(closed.json()["detailed_merge_status"], "not_open");
    let updated = jiff::Timestamp::from_str(closed.json()["updated_at"].as_str().unwrap()).unwrap();
    let ahead = updated.as_second() - jiff::Timestamp::now().as_second();
    assert!((86_000..=86_800).contains(&ahead), "stamped {ahead}s ahead");
    let events = client.get(&format!("{path}/resource_state_events")).json();
    assert_eq!(events[0]["state"], "closed");
    assert_eq!(events[0]["resource_type"], "MergeRequest");
    assert_eq!(
        client
            .call("PUT", &format!("{path}/merge"), json!({}))
            .status,
        405
    );
}

#[test]
fn edits_and_review_requests_leave_system_notes_by_the_editor() {
    let (fake, mut client) = lab();
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Old title", "old text");
    let iid = gl.add_mr(PROJECT, "Add feature", "feature", "main");
    let alice = gl.add_member(PROJECT, "alice", 30);
    let path = api(&format!("/issues/{issue}"));
    let edited = client.call(
        "PUT",
        &path,
        json!({ "title": "New title", "description": "new text" }),
    );
    assert_eq!(edited.status, 200);
    let notes = client.get(&format!("{path}/notes?sort=asc")).json();
    let said: Vec<(&str, bool, &str)> = notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let body = n["body"].as_str().unwrap();
            (
                body,
                n["system"].as_bool().unwrap(),
                n["author"]["username"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            (
                "changed title from **Old title** to **New title**",
                true,
                "helm-bot"
            ),
            ("changed the description", true, "helm-bot"),
        ]
    );
    assert_eq!(
        edited.json()["user_notes_count"],
        0,
        "system notes are not users'"
    );
    let mr = api(&format!("/merge_requests/{iid}"));
    client.call("PUT", &mr, json!({ "reviewer_ids": [alice] }));
    client.call("PUT", &mr, json!({ "reviewer_ids": [alice] }));
    let notes = client.get(&format!("{mr}/notes")).json();
    let bodies: Vec<&str> = notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["body"].as_str().unwrap())
        .collect();
    assert_eq!(
        bodies,
        ["requested review from @alice"],
        "asked once, noted once"
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}
