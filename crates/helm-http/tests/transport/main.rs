//! helm-http against a real local server: one deadline per exchange, bodies
//! read within their bounds, at most three redirects, rate limits waited
//! out as the server asks, reads retried and writes never, the token sent
//! in the forge's scheme and only to its host, and the gate every write
//! passes (a client without one sends none).

mod server;

use std::sync::Arc;
use std::time::{Duration, Instant};

use helm_http::client::gate::WriteGate;
use helm_http::{AuthScheme, Credentials, Failure, HttpClient, HttpError, Server as Forge};
use helm_model::error::{Error, Kind};
use http::Method;
use serde_json::{Value, json};
use server::{Reply, Server};

const JSON: &str = "application/json";

/// A client of `server` as a forge named "GitHub" would make it, with a
/// deadline of `seconds` and a gate that passes every write.
fn client(server: &Server, scheme: AuthScheme, seconds: u64) -> HttpClient {
    bare(server, scheme, seconds).gated(Arc::new(|_| Ok(())))
}

/// The same without a gate.
fn bare(server: &Server, scheme: AuthScheme, seconds: u64) -> HttpClient {
    HttpClient::connect(Forge {
        forge: "GitHub",
        api_url: &server.url,
        credentials: Some(Credentials {
            scheme,
            token: "t0k",
        }),
        headers: &[("x-forge-version", "7")],
        unnamed_limit: None,
        deadline: Duration::from_secs(seconds),
    })
    .unwrap()
}

fn run<T>(work: impl std::future::Future<Output = T>) -> T {
    helm_http::runtime().unwrap().block_on(work)
}

fn get(client: &HttpClient, path: &str) -> Result<helm_http::Answer, HttpError> {
    run(client.send(Method::GET, path, JSON, None))
}

fn post(client: &HttpClient, path: &str, body: &Value) -> Result<helm_http::Answer, HttpError> {
    run(client.send(Method::POST, path, JSON, Some(body)))
}

#[test]
fn one_deadline_bounds_the_whole_exchange_however_the_server_drips() {
    for slow in [
        Reply::Late(Duration::from_secs(5), Box::new(Reply::status(200))),
        Reply::Drip,
    ] {
        let server = Server::start(vec![slow]);
        let started = Instant::now();
        // A write, so the timeout is not retried: the time is spent.
        let err = post(&client(&server, AuthScheme::Bearer, 1), "/x", &json!({})).unwrap_err();
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(err.failure, Failure::TimedOut);
        assert_eq!(
            err.message,
            "GitHub gave no whole answer within 1 s (HELM_GITHUB_TIMEOUT)"
        );
        assert_eq!(server.seen().len(), 1);
    }
}

#[test]
fn a_success_beyond_the_bound_is_refused_and_a_refusal_is_cut() {
    let big = vec![b'a'; helm_http::MAX_ANSWER + 1];
    let server = Server::start(vec![Reply::with(200, &[], &big)]);
    let err = get(&client(&server, AuthScheme::Bearer, 30), "/big").unwrap_err();
    assert_eq!(err.failure, Failure::TooLarge);
    assert_eq!(
        err.message,
        "was larger than the 32 MiB helm reads of one answer"
    );
    let server = Server::start(vec![Reply::with(404, &[], &big)]);
    let answer = get(&client(&server, AuthScheme::Bearer, 30), "/gone").unwrap();
    assert_eq!(answer.status, 404);
    assert_eq!(answer.body.len(), helm_http::MAX_REFUSAL);
}

#[test]
fn at_most_three_redirects_are_followed() {
    let again = Reply::with(307, &[("location", "/again")], b"");
    let server = Server::start(vec![again]);
    let err = get(&client(&server, AuthScheme::Bearer, 5), "/first").unwrap_err();
    assert_eq!(
        err.message,
        "GitHub redirected the request more than 3 times"
    );
    assert_eq!((err.status, err.failure), (Some(307), Failure::Answered));
    let paths: Vec<String> = server.seen().into_iter().map(|s| s.path).collect();
    assert_eq!(paths, ["/first", "/again", "/again", "/again"]);
    // A 301 is followed for a read, and a write is never turned into a GET.
    let moved = Reply::with(301, &[("location", "/there")], b"");
    let server = Server::start(vec![moved.clone(), Reply::status(200)]);
    assert_eq!(
        get(&client(&server, AuthScheme::Bearer, 5), "/here")
            .unwrap()
            .status,
        200
    );
    let server = Server::start(vec![moved]);
    let answer = post(&client(&server, AuthScheme::Bearer, 5), "/here", &json!({})).unwrap();
    assert_eq!((answer.status.as_u16(), server.seen().len()), (301, 1));
}

#[test]
fn a_rate_limit_is_waited_out_as_asked_for_writes_too_within_the_deadline() {
    let limited = Reply::with(429, &[("retry-after", "1")], b"{}");
    let server = Server::start(vec![limited.clone(), Reply::status(201)]);
    let started = Instant::now();
    let answer = post(
        &client(&server, AuthScheme::Bearer, 5),
        "/w",
        &json!({"a": 1}),
    )
    .unwrap();
    assert_eq!(answer.status, 201);
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(server.seen().len(), 2);
    // A wait longer than the deadline leaves fails at once, naming both.
    let long = Reply::with(403, &[("retry-after", "30")], b"{}");
    let server = Server::start(vec![long]);
    let err = get(&client(&server, AuthScheme::Bearer, 2), "/r").unwrap_err();
    assert_eq!((err.failure, err.status), (Failure::Limited, Some(403)));
    assert_eq!(
        err.message,
        "Forbidden (GitHub asks helm to wait 30 s, more than the 2 s HELM_GITHUB_TIMEOUT leaves)"
    );
    let limited = err.limited.expect("the refusal, for the forge to read");
    assert_eq!((limited.wait.as_secs(), limited.left.as_secs()), (30, 2));
    assert_eq!(server.seen().len(), 1);
}

#[test]
fn reads_are_retried_and_writes_never() {
    let server = Server::start(vec![
        Reply::status(502),
        Reply::status(503),
        Reply::status(200),
    ]);
    assert_eq!(
        get(&client(&server, AuthScheme::Bearer, 5), "/r")
            .unwrap()
            .status,
        200
    );
    assert_eq!(server.seen().len(), 3);
    let server = Server::start(vec![Reply::status(502), Reply::status(200)]);
    let answer = post(&client(&server, AuthScheme::Bearer, 5), "/w", &json!({})).unwrap();
    assert_eq!((answer.status.as_u16(), server.seen().len()), (502, 1));
    // No answer at all: a read asks again, a write may have acted and does not.
    let server = Server::start(vec![Reply::Hang, Reply::status(200)]);
    assert_eq!(
        get(&client(&server, AuthScheme::Bearer, 5), "/r")
            .unwrap()
            .status,
        200
    );
    assert_eq!(server.seen().len(), 2);
    let server = Server::start(vec![Reply::Hang, Reply::status(200)]);
    let err = post(&client(&server, AuthScheme::Bearer, 5), "/w", &json!({})).unwrap_err();
    assert_eq!((err.failure, server.seen().len()), (Failure::NoAnswer, 1));
}

#[test]
fn the_token_goes_in_the_forges_scheme_and_only_to_its_host() {
    let server = Server::start(vec![Reply::status(200)]);
    get(&client(&server, AuthScheme::Bearer, 5), "/r").unwrap();
    get(&client(&server, AuthScheme::Token, 5), "/r").unwrap();
    let seen = server.seen();
    assert_eq!(seen[0].header("authorization"), Some("Bearer t0k"));
    assert_eq!(seen[1].header("authorization"), Some("token t0k"));
    assert_eq!(seen[0].header("x-forge-version"), Some("7"));
    assert_eq!(seen[0].header("accept"), Some(JSON));
    // An absolute URL on another host gets no token, nor a redirect to one.
    let elsewhere = Server::start(vec![Reply::status(200)]);
    let home = Server::start(vec![Reply::status(200)]);
    let client = client(&home, AuthScheme::Bearer, 5);
    get(&client, &format!("{}/else", elsewhere.url)).unwrap();
    assert_eq!(elsewhere.seen()[0].header("authorization"), None);
    get(&client, &format!("{}/home", home.url)).unwrap();
    assert_eq!(home.seen()[0].header("authorization"), Some("Bearer t0k"));
}

#[test]
fn every_write_passes_the_gate_and_a_client_without_one_sends_none() {
    let server = Server::start(vec![Reply::status(201)]);
    let err = post(&bare(&server, AuthScheme::Bearer, 5), "/w", &json!({})).unwrap_err();
    assert_eq!(err.failure, Failure::Described);
    assert_eq!(
        err.message,
        "helm sends no POST to GitHub that its outbound gate has not checked, and this client has none (a bug in helm)"
    );
    let refusing: WriteGate = Arc::new(|out| match out.body.and_then(|b| b.get("body")) {
        Some(Value::String(text)) if text.contains("secret") => Err(Error::new(
            Kind::Usage,
            format!("{} {} holds a secret", out.method, out.path),
        )),
        _ => Ok(()),
    });
    let gated = bare(&server, AuthScheme::Bearer, 5).gated(refusing);
    let err = post(&gated, "/w?x=1", &json!({"body": "a secret"})).unwrap_err();
    assert_eq!(err.failure, Failure::Withheld);
    assert_eq!(
        err.refusal.unwrap().to_string(),
        "POST /w?x=1 holds a secret"
    );
    // Reads never meet the gate; a write it passes leaves.
    assert_eq!(get(&gated, "/r").unwrap().status, 201);
    assert_eq!(
        post(&gated, "/w", &json!({"body": "fine"})).unwrap().status,
        201
    );
    let seen = server.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(
        (seen[1].method.as_str(), seen[1].body.as_str()),
        ("POST", r#"{"body":"fine"}"#)
    );
}

#[test]
fn a_look_asks_once_counts_its_bytes_reads_the_clock_and_notes_a_move() {
    let dated = Reply::with(
        301,
        &[
            ("location", "/repos/new/name"),
            ("date", "Tue, 15 Nov 1994 08:12:31 GMT"),
        ],
        b"",
    );
    let server = Server::start(vec![dated, Reply::with(200, &[], b"[1,2,3]")]);
    let counter = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let mover: helm_http::Mover = Arc::new(|next: &str| {
        next.starts_with("/repos/").then(|| helm_http::MovedRepo {
            forge: "GitHub",
            from: "old/name".into(),
            to: Some(next.trim_start_matches("/repos/").into()),
        })
    });
    let client = client(&server, AuthScheme::Bearer, 5)
        .noting_moves(mover)
        .counting(Arc::clone(&counter));
    let look = client.remembering();
    for _ in 0..2 {
        assert_eq!(get(&look, "/repos/old/name").unwrap().body, b"[1,2,3]");
    }
    // Asked once (and the redirect followed once), counted once, from the
    // redirect's `Date`; the move is the client's and its copies'.
    assert_eq!(server.seen().len(), 2);
    assert_eq!(counter.load(std::sync::atomic::Ordering::Relaxed), 7);
    assert_eq!(
        client.clock().unwrap().github,
        "1994-11-15T08:12:31.000000Z"
    );
    assert_eq!(
        client.moved().unwrap().warning(),
        "GitHub moved old/name to new/name; use --repo new/name"
    );
}

#[test]
fn paths_go_under_an_enterprise_base_and_its_graphql_url_is_sent_as_given() {
    let server = Server::start(vec![Reply::status(200)]);
    let base = format!("{}/ghe/api/v3", server.url);
    let client = HttpClient::connect(Forge {
        forge: "GitHub",
        api_url: &base,
        credentials: Some(Credentials {
            scheme: AuthScheme::Bearer,
            token: "t0k",
        }),
        headers: &[],
        unnamed_limit: None,
        deadline: Duration::from_secs(5),
    })
    .unwrap();
    get(&client, "/repos/o/r").unwrap();
    // GitHub Enterprise serves GraphQL beside its REST base, not under it
    // (octocrab sent this to /ghe/api/v3/ghe/api/graphql).
    let graphql = format!("{}/ghe/api/graphql", server.url);
    run(client.query(&graphql, JSON, &json!({"query": "{ viewer { login } }"}))).unwrap();
    let seen = server.seen();
    let paths: Vec<&str> = seen.iter().map(|s| s.path.as_str()).collect();
    assert_eq!(paths, ["/ghe/api/v3/repos/o/r", "/ghe/api/graphql"]);
    assert_eq!(seen[1].header("authorization"), Some("Bearer t0k"));
}
