//! Listings paged as GitLab documents it, whichever of its headers a server
//! sends: `X-Next-Page`, or the `Link` header's `rel="next"` alone. A
//! server that answers the same page again is cut (and said so), never read
//! to helm's bound as if each page were new.

use fake_github::Fault;
use helm_forge::{ThreadPart, ThreadRef};
use serde_json::{Value, json};

use crate::support::{Lab, PROJECT};

fn note(id: u64, body: &str) -> Value {
    json!({
        "id": id, "body": body, "author": {"id": 2, "username": "alice"},
        "created_at": "2026-11-29T08:02:00.000Z", "updated_at": "2026-11-29T08:02:00.000Z",
        "system": false, "noteable_type": "Issue", "type": null, "resolvable": false
    })
}

fn link(page: u64) -> String {
    format!(
        "<http://gitlab.example/api/v4/projects/group%2Fsub%2Fproject/issues/1/notes?page={page}&per_page=100>; rel=\"next\""
    )
}

fn comments(lab: &Lab) -> (Value, bool) {
    let at = ThreadRef {
        number: 1,
        is_pr: false,
    };
    let looked = lab.run(lab.repo.thread(at, &[ThreadPart::Comments]));
    let looked = looked.unwrap_or_else(|e| panic!("{}", e.error));
    (looked[0].1.value.clone(), looked[0].1.truncated)
}

#[test]
fn a_listing_paged_by_its_link_header_alone_is_read_to_its_end() {
    let lab = Lab::new();
    lab.fake.gitlab().add_issue(PROJECT, "Widget crashes", "");
    let first = Fault::new("GET", "/notes?", 200, json!([note(1, "First.")]));
    lab.fake.inject(first.header("Link", &link(2)));
    let second = Fault::new("GET", "&page=2", 200, json!([note(2, "Second.")]));
    lab.fake.inject(second);
    let (read, truncated) = comments(&lab);
    let bodies: Vec<&str> = (read.as_array().unwrap().iter())
        .map(|c| c["body"].as_str().unwrap())
        .collect();
    assert_eq!(bodies, ["First.", "Second."]);
    assert!(!truncated);
    lab.done();
}

#[test]
fn a_server_that_answers_the_same_page_again_is_cut_at_once() {
    let lab = Lab::new();
    lab.fake.gitlab().add_issue(PROJECT, "Widget crashes", "");
    let same = Fault::new("GET", "/notes?", 200, json!([note(1, "Again.")]));
    lab.fake.inject(
        same.header("X-Next-Page", "2")
            .header("Link", &link(2))
            .always(),
    );
    let (read, truncated) = comments(&lab);
    assert!(truncated, "a listing helm did not read to its end says so");
    assert_eq!(read.as_array().unwrap().len(), 1, "{read}");
    let asked = lab.fake.requests().into_iter();
    let pages = asked
        .filter(|r| r.path_and_query.contains("/notes?"))
        .count();
    assert!(pages <= 2, "{pages} requests for one repeated page");
    lab.fake.clear_faults();
    lab.done();
}
