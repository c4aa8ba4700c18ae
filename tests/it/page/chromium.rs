//! Headless Chromium (Debian's `chromium`, installed by
//! `scripts/test-deps.sh`) as the tests' reader of pages: it loads a page
//! from a file and says what a person's browser would have done with it —
//! the DOM after every script that could run has run, each console message
//! (a Content-Security-Policy violation is one), and each network request
//! the page made, from Chromium's own network log. It also takes
//! screenshots. Shared by helm's page tests and the tour's test
//! (`crates/fake-github/tests/tour.rs`).
//!
//! Chromium's own background traffic (sign-in, updates, time) is turned
//! off or sent to a closed local port, so nothing leaves the machine, and
//! requests are told apart from the page's by their network isolation key:
//! the page's are keyed by its `file://` origin.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a page did when loaded.
#[derive(Debug)]
pub struct Loaded {
    /// The DOM, serialised after load (and a second of virtual time).
    pub dom: String,
    /// Every console message, e.g. `"Refused to load …"`.
    pub console: Vec<String>,
    /// Every URL the page asked the network for (its own `file://` aside).
    pub requests: Vec<String>,
}

/// The `chromium` to run, or a failure saying how to install it.
fn chromium() -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join("chromium"))
            .find(|candidate| candidate.is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "chromium is not installed: the page tests open pages in a real browser; \
             run scripts/test-deps.sh (it installs Debian's chromium package)"
        )
    })
}

/// A Chromium command for one run, its profile and logs in `scratch`.
fn command(scratch: &Path) -> Command {
    let mut command = Command::new(chromium());
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-domain-reliability",
            "--disable-client-side-phishing-detection",
            "--no-pings",
            "--disable-features=Translate,OptimizationHints,MediaRouter,\
             AutofillServerCommunication,SpellCheck,NetworkTimeServiceQuerying",
            // Whatever is still asked of the internet goes to a closed port
            // here; 127.0.0.1 (where a test's listener waits) is reached directly.
            "--proxy-server=127.0.0.1:9",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.join("profile").display()
        ))
        .env("HOME", scratch);
    command
}

/// Runs Chromium to the end, its output kept in files (a pipe left unread
/// could stall it); a run still going after two minutes is stopped and
/// fails the test, so a page that never finishes loading cannot hang it.
fn run(mut command: Command) -> std::process::Output {
    let logs = tempfile::tempdir().expect("a temp dir");
    let (out, err) = (logs.path().join("out"), logs.path().join("err"));
    command
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&out).expect("a log file"))
        .stderr(std::fs::File::create(&err).expect("a log file"));
    let mut child = command.spawn().expect("chromium starts");
    let mut waited = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("chromium can be waited for") {
            break status;
        }
        if waited >= 1200 {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish in two minutes: a page that never stops loading?");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    };
    std::process::Output {
        status,
        stdout: std::fs::read(&out).unwrap_or_default(),
        stderr: std::fs::read(&err).unwrap_or_default(),
    }
}

fn url(page: &Path) -> String {
    let page = page.canonicalize().expect("the page exists");
    format!("file://{}", page.display())
}

/// Loads `page` and reports what it did.
pub fn load(page: &Path) -> Loaded {
    let scratch = tempfile::tempdir().expect("a temp dir");
    let net = scratch.path().join("net.json");
    let mut command = command(scratch.path());
    command
        .arg(format!("--log-net-log={}", net.display()))
        .arg("--virtual-time-budget=1000")
        .arg("--dump-dom")
        .arg(url(page));
    let output = run(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "chromium failed: {stderr}");
    let console = stderr
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .map(|line| line.split_once("] ").map_or(line, |(_, m)| m).to_string())
        .collect();
    Loaded {
        dom: String::from_utf8_lossy(&output.stdout).into_owned(),
        console,
        requests: requests(&net),
    }
}

/// The page's requests in a Chromium network log: events with a URL whose
/// request belongs to a `file://` page.
fn requests(net: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(net).expect("chromium wrote its network log");
    // A log cut short by the exit lacks its closing brackets.
    let log: serde_json::Value = serde_json::from_str(&text)
        .or_else(|_| serde_json::from_str(&format!("{}]}}", text.trim_end().trim_end_matches(','))))
        .expect("the network log is JSON");
    let mut urls: Vec<String> = Vec::new();
    let mut page_sources = std::collections::HashSet::new();
    let events = log["events"].as_array().expect("events");
    for event in events {
        let key = event["params"]["network_isolation_key"]
            .as_str()
            .unwrap_or("");
        if key.starts_with("file://") {
            page_sources.insert(event["source"]["id"].as_u64());
        }
    }
    for event in events {
        let Some(url) = event["params"]["url"].as_str() else {
            continue;
        };
        let from_page =
            page_sources.contains(&event["source"]["id"].as_u64()) || url.contains("127.0.0.1");
        if from_page && !url.starts_with("file:") && !urls.iter().any(|u| u == url) {
            urls.push(url.to_string());
        }
    }
    urls
}

/// A screenshot of `page` at `width`×`height`, as PNG bytes.
pub fn screenshot(page: &Path, width: u32, height: u32) -> Vec<u8> {
    let scratch = tempfile::tempdir().expect("a temp dir");
    let png = scratch.path().join("shot.png");
    let mut command = command(scratch.path());
    command
        .arg(format!("--window-size={width},{height}"))
        .arg("--hide-scrollbars")
        .arg(format!("--screenshot={}", png.display()))
        .arg(url(page));
    let output = run(command);
    assert!(
        output.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read(&png).expect("chromium wrote the screenshot")
}

/// How much of a screenshot is not its background: the share of pixels
/// that differ from the commonest colour, and how many colours it has.
pub fn ink(png_bytes: &[u8]) -> (f64, usize) {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).expect("one frame");
    let channels = frame.color_type.samples();
    let pixels: Vec<&[u8]> = buffer[..frame.buffer_size()].chunks(channels).collect();
    let mut counts: std::collections::HashMap<&[u8], usize> = std::collections::HashMap::new();
    for pixel in &pixels {
        *counts.entry(pixel).or_default() += 1;
    }
    let background = counts.values().copied().max().unwrap_or(0);
    let share = 1.0 - background as f64 / pixels.len().max(1) as f64;
    (share, counts.len())
}
