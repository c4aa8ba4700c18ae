//! Self-tests of serving itself: hostile input, tokens, faults, concurrency, recording,
//! and answers fitting GitHub's response schemas.

use super::*;

#[test]
fn hostile_input_gets_an_answer_not_a_panic() {
    let gh = FakeGitHub::start();
    let n = gh.add_pr(REPO, "Target", "feature", "main");
    let mut client = Client::new(&gh);
    let huge = "99999999999999999999999";
    for (method, path, body) in [
        ("GET", format!("/issues/{huge}"), None),
        (
            "GET",
            format!("/issues/{n}/comments?per_page=0&page={huge}"),
            None,
        ),
        (
            "GET",
            "/issues?per_page=-5&page=18446744073709551615".to_owned(),
            None,
        ),
        ("GET", "/issues/%ZZ%".to_owned(), None),
        ("GET", "/commits/%F0%9F%92%A9/status".to_owned(), None),
        ("DELETE", format!("/issues/{n}"), None),
        ("BREW", "/pulls".to_owned(), None),
        ("POST", "/issues".to_owned(), Some(&b"\xff\xfe"[..])),
        ("POST", "/issues".to_owned(), Some(&b"[1, 2]"[..])),
        (
            "POST",
            "/pulls".to_owned(),
            Some(&br#"{"title": 1, "head": [], "base": {}}"#[..]),
        ),
        (
            "PATCH",
            format!("/issues/{n}"),
            Some(&br#"{"title": null, "labels": [{}, 3], "state": 7}"#[..]),
        ),
        ("PUT", format!("/pulls/{n}/merge"), Some(&b"null"[..])),
        (
            "POST",
            format!("/pulls/{n}/comments/{huge}/replies"),
            Some(&br#"{"body": 1}"#[..]),
        ),
    ] {
        let status = client.send(method, &url(&path), &[], body).status;
        assert!((200..500).contains(&status), "{method} {path}: {status}");
    }
    assert_eq!(
        client.get(&url(&format!("/pulls/{n}"))).status,
        200,
        "still serving"
    );
    drop(gh); // joins the workers: panics if any of them did
}

#[test]
fn requests_without_the_token_get_401() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "Secret", "");
    for auth in [
        None,
        Some("Bearer wrong".to_owned()),
        Some(format!("Basic {}", gh.token())),
    ] {
        let answer = Client::with_auth(&gh, auth).get(&url("/issues/1"));
        assert_eq!(answer.status, 401);
        assert_eq!(
            answer.json(),
            json!({"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"})
        );
    }
    let classic =
        Client::with_auth(&gh, Some(format!("token {}", gh.token()))).get(&url("/issues/1"));
    assert_eq!(classic.status, 200, "the classic `token` scheme works too");
    assert_eq!(gh.requests()[0].header("Authorization"), None);
}

#[test]
fn faults_apply_to_matching_requests_only() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Flaky", "");
    let mut client = Client::new(&gh);

    gh.fail_next("GET", "/issues/1", 502, json!({"message": "Server Error"}));
    assert_eq!(
        client.get(&url("/pulls")).status,
        200,
        "other paths unaffected"
    );
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 502);
    assert_eq!(
        client.get(&url(&format!("/issues/{n}"))).status,
        200,
        "fail_next fires once"
    );

    gh.inject(Fault::rate_limited("*", "/issues", Duration::from_secs(60)).times(2));
    let limited = client.get(&url(&format!("/issues/{n}")));
    assert_eq!(
        (limited.status, limited.header("x-ratelimit-remaining")),
        (403, Some("0"))
    );
    assert!(
        limited
            .header("x-ratelimit-reset")
            .and_then(|r| r.parse::<u64>().ok())
            .is_some()
    );
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 403);
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 200);

    gh.inject(Fault::secondary_rate_limited("POST", "/comments", 7));
    let slow_down = client.call(
        "POST",
        &url(&format!("/issues/{n}/comments")),
        json!({"body": "hi"}),
    );
    assert_eq!(
        (slow_down.status, slow_down.header("retry-after")),
        (429, Some("7"))
    );

    gh.fail_always("*", "/pulls", 500, json!({"message": "down"}));
    assert_eq!(client.get(&url("/pulls")).status, 500);
    assert_eq!(client.get(&url("/pulls")).status, 500);
    gh.inject(Fault::new("GET", "/issues", 503, json!({})).header("retry-after", "1"));
    gh.clear_faults();
    assert_eq!(client.get(&url("/pulls")).status, 200);
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 200);
    assert!(
        gh.comments(REPO, n).is_empty(),
        "a faulted write changes nothing"
    );
}

#[test]
fn serves_keep_alive_and_concurrent_requests() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "One", "");
    let mut client = Client::new(&gh);
    for _ in 0..3 {
        assert_eq!(
            client.get(&url("/issues/1")).status,
            200,
            "same connection, several requests"
        );
    }

    let latency = Duration::from_millis(300);
    gh.set_latency(latency);
    let started = Instant::now();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..6)
            .map(|_| scope.spawn(|| Client::new(&gh).get(&url("/issues/1")).status))
            .collect();
        for handle in handles {
            assert_eq!(handle.join().expect("client thread"), 200);
        }
    });
    let elapsed = started.elapsed();
    assert!(elapsed >= latency, "latency applied ({elapsed:?})");
    assert!(
        elapsed < latency * 4,
        "served concurrently, not one by one ({elapsed:?})"
    );
}

#[test]
fn recorded_requests_are_checked_against_the_description() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let mut client = Client::new(&gh);
    client.get(&url("/pulls?state=open&per_page=100"));
    assert_eq!(gh.violations(), Vec::<String>::new());

    client.call(
        "PUT",
        &url(&format!("/pulls/{pr}/merge")),
        json!({"merge_method": "fast-forward"}),
    );
    client.get(&url("/pulls?sort_by=age"));
    let violations = gh.violations();
    assert_eq!(violations.len(), 2, "{violations:#?}");
    assert!(
        violations[0].starts_with(&format!(
            "PUT /repos/{REPO}/pulls/{pr}/merge: body.merge_method"
        )),
        "{violations:#?}"
    );
    assert!(
        violations[1].contains("undeclared query parameter `sort_by`"),
        "{violations:#?}"
    );

    let recorded = &gh.requests()[1];
    assert_eq!(
        (recorded.method.as_str(), recorded.path(), recorded.status),
        ("PUT", url(&format!("/pulls/{pr}/merge")).as_str(), 422)
    );
    assert!(
        recorded
            .header("authorization")
            .is_some_and(|a| a.starts_with("Bearer "))
    );
    assert_eq!(gh.writes().len(), 1);
}

/// Drives every operation once and checks each JSON answer against GitHub's response schema.
#[test]
fn answers_fit_the_documented_response_schemas() {
    let gh = FakeGitHub::start();
    let issue = gh.add_issue(REPO, "Issue", "Body");
    let pr = gh.add_pr(REPO, "PR", "feature", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_issue_comment(REPO, issue, "erin", "Hi");
    gh.add_pr_file(REPO, pr, "README.md", "@@ -0,0 +1 @@\n+hello");
    let root = gh.add_review_comment(REPO, pr, "README.md", 1, "Nice");
    gh.add_review(REPO, pr, "erin", "APPROVED", "");
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    gh.add_status(REPO, &sha, "ci", "failure");
    gh.edit_issue(REPO, issue, |i| i.assignees.push("erin".into()));
    let mut client = Client::new(&gh);

    for path in [
        format!("/issues/{issue}"),
        format!("/issues/{pr}"),
        format!("/issues/{issue}/comments"),
        format!("/pulls/{pr}"),
        format!("/pulls/{pr}/files"),
        format!("/commits/{sha}/check-runs"),
        format!("/commits/{sha}/status"),
        format!("/pulls/{pr}/reviews"),
        format!("/pulls/{pr}/comments"),
        format!("/pulls/{pr}/requested_reviewers"),
        "/issues?state=all".into(),
        "/pulls?state=all".into(),
    ] {
        assert_eq!(client.get(&url(&path)).status, 200, "{path}");
    }
    assert_eq!(client.get("/user").status, 200);
    for (method, path, body) in [
        (
            "POST",
            format!("/issues/{issue}/comments"),
            json!({"body": "b"}),
        ),
        (
            "POST",
            "/issues".into(),
            json!({"title": "t", "labels": ["x"]}),
        ),
        (
            "PATCH",
            format!("/issues/{issue}"),
            json!({"state": "closed"}),
        ),
        (
            "POST",
            "/pulls".into(),
            json!({"title": "t", "head": "other", "base": "main"}),
        ),
        ("PATCH", format!("/pulls/{pr}"), json!({"body": "new"})),
        (
            "POST",
            format!("/pulls/{pr}/requested_reviewers"),
            json!({"reviewers": ["erin"], "team_reviewers": ["core"]}),
        ),
        (
            "POST",
            format!("/pulls/{pr}/comments/{root}/replies"),
            json!({"body": "b"}),
        ),
        (
            "PUT",
            format!("/pulls/{pr}/merge"),
            json!({"merge_method": "merge"}),
        ),
    ] {
        let status = client.call(method, &url(&path), body).status;
        assert!(status == 200 || status == 201, "{method} {path}: {status}");
    }
    // Merged, with requested reviewers and teams.
    assert_eq!(client.get(&url(&format!("/pulls/{pr}"))).status, 200);
    assert_eq!(client.get(&url("/pulls?state=closed")).status, 200);

    let mut problems = Vec::new();
    for request in gh.requests() {
        let (op, _) =
            openapi::route(&request.method, &request.path_and_query).expect("known operation");
        let answer = request.response.as_ref().expect("JSON answer");
        problems.extend(
            openapi::validate_response(&op.method, &op.template, answer)
                .into_iter()
                .map(|p| format!("{}: {p}", op.id)),
        );
    }
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(gh.violations(), Vec::<String>::new());
}

/// The fake's own HTTP layer: what no HTTP client would send still gets an answer.
#[test]
fn malformed_http_gets_400_and_the_fake_keeps_serving() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "Still here", "");
    let addr = gh.url().trim_start_matches("http://").to_owned();
    for raw in [
        &b"NONSENSE\r\n\r\n"[..],
        b"GET relative HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nno colon here\r\n\r\n",
        b"POST /x HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n",
        b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ] {
        let mut stream = TcpStream::connect(&addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        stream.write_all(raw).expect("send");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer); // the fake closes after a 400
        assert!(
            answer.starts_with("HTTP/1.1 400 "),
            "{:?}: {answer:?}",
            String::from_utf8_lossy(raw)
        );
    }
    let body = r#"{"title": "sent in chunks"}"#;
    let (head, tail) = body.split_at(10);
    let raw = format!(
        "POST {} HTTP/1.1\r\nAuthorization: Bearer {}\r\nTransfer-Encoding: chunked\r\n\
         Connection: close\r\n\r\n{:x}\r\n{head}\r\n{:x};ext=1\r\n{tail}\r\n0\r\n\r\n",
        url("/issues"),
        gh.token(),
        head.len(),
        tail.len()
    );
    let mut stream = TcpStream::connect(&addr).expect("connect");
    stream.write_all(raw.as_bytes()).expect("send");
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .expect("answer, then close");
    assert!(answer.starts_with("HTTP/1.1 201 Created\r\n"), "{answer}");
    assert_eq!(
        gh.issue(REPO, 2).map(|i| i.title),
        Some("sent in chunks".to_owned())
    );
    assert_eq!(Client::new(&gh).get(&url("/issues/1")).status, 200);
}
