//! A hostile remote, forged with plain git: objects huge uncompressed and
//! tiny on the remote are refused from their headers, under a memory limit,
//! before a byte of them is read; and every commit a pull takes is checked
//! as if it were the tip, not only the last one. The voyage here is left
//! byte for byte as it was, and stays sound.

use std::io::Write;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Output, Stdio};

use super::{Machines, Remote, git_command, log_with_file, verified, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// 256 MiB of zeros: a few hundred KiB once git compresses it.
const HUGE: usize = 256 << 20;

/// The address space helm (and every git it starts) may use: below the
/// huge object itself, so a helm that read it whole would abort.
const LIMIT: u64 = 192 << 20;

/// Writes a blob of `HUGE` zeros into the remote, streamed, and returns it.
fn huge_blob(remote: &Remote) -> String {
    let mut command = git_command(remote.path().parent().unwrap());
    command
        .arg("--git-dir")
        .arg(remote.path())
        .args(["hash-object", "-w", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..HUGE / chunk.len() {
        stdin.write_all(&chunk).unwrap();
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

/// A commit on `parent` (or a root) whose tree is `files`.
fn commit(remote: &Remote, parent: Option<&str>, files: &[(&str, &str)]) -> String {
    let listing: String = files
        .iter()
        .map(|(name, blob)| format!("100644 blob {blob}\t{name}\n"))
        .collect();
    let mut command = git_command(remote.path().parent().unwrap());
    command.arg("--git-dir").arg(remote.path()).arg("mktree");
    let tree = run_with(command, listing.as_bytes());
    let mut args = vec!["commit-tree", tree.trim(), "-m", "forged"];
    if let Some(parent) = parent {
        args.extend(["-p", parent]);
    }
    remote.git(&args).trim().to_string()
}

fn run_with(mut command: Command, input: &[u8]) -> String {
    command.stdin(Stdio::piped()).stdout(Stdio::piped());
    let mut child = command.spawn().unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

fn blob(remote: &Remote, bytes: &[u8]) -> String {
    let mut command = git_command(remote.path().parent().unwrap());
    command
        .arg("--git-dir")
        .arg(remote.path())
        .args(["hash-object", "-w", "--stdin"]);
    run_with(command, bytes).trim().to_string()
}

/// Runs helm under an address-space limit (what `prlimit --as` sets,
/// inherited by every git helm starts); its output and its peak resident
/// set in KiB, the largest of helm's and its children's.
// The child is reaped by `wait4`, which also gives its rusage.
#[allow(clippy::zombie_processes)]
fn limited(env: &TestEnv, args: &[&str]) -> (Output, i64) {
    let mut command = env.command(args);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: LIMIT as libc::rlim_t,
                rlim_max: LIMIT as libc::rlim_t,
            };
            match libc::setrlimit(libc::RLIMIT_AS, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let child = command.spawn().expect("helm runs");
    let pid = child.id() as libc::pid_t;
    let (mut out, mut err) = (child.stdout.unwrap(), child.stderr.unwrap());
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut buf).unwrap();
        buf
    });
    let mut stdout = Vec::new();
    std::io::Read::read_to_end(&mut out, &mut stdout).unwrap();
    let stderr = reader.join().unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, once; the pointers are live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let output = Output {
        status: ExitStatusExt::from_raw(status),
        stdout,
        stderr,
    };
    (output, usage.ru_maxrss)
}

fn refused_as_bad_remote(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let err: serde_json::Value = serde_json::from_slice(&output.stderr)
        .unwrap_or_else(|_| panic!("not a clean refusal: {output:?}"));
    assert_eq!(err["error"]["kind"], "bad-remote", "{err}");
    err["error"]["message"].as_str().unwrap().to_string()
}

#[test]
fn objects_huge_uncompressed_are_refused_from_their_headers_under_a_memory_limit() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Bounded before it is read");
    m.push(&m.a, &id).ok();
    let remote = m.remote.arg();
    // A normal pull, under the same limit: what helm needs anyway.
    let (normal, normal_kib) = limited(&m.b, &["voyage", "pull", &id, "--remote", &remote]);
    assert!(normal.status.success(), "{normal:?}");
    let before = std::fs::read(m.b.voyage_file(&id)).unwrap();

    // The remote's own git streams big blobs from its packs, as a server does.
    let huge = huge_blob(&m.remote);
    m.remote.git(&["config", "core.bigFileThreshold", "1m"]);
    // A voyage whose voyage.json is the huge blob...
    let stranger = "01a21afe-0000-7000-8000-000000000001";
    let root = commit(&m.remote, None, &[("voyage.json", &huge)]);
    let name = format!("refs/helm/voyages/{stranger}");
    m.remote.git(&["update-ref", &name, &root]);
    // ...and the voyage here, one commit on, with the huge blob as entry 2.
    let tip = m.remote.tip(&id).unwrap();
    let voyage_json = m
        .remote
        .git(&["cat-file", "blob", &format!("{tip}:voyage.json")]);
    let counted = blob(
        &m.remote,
        voyage_json
            .replace("\"entries\":1", "\"entries\":2")
            .as_bytes(),
    );
    let next = commit(
        &m.remote,
        Some(&tip),
        &[("entry-00000002.json", &huge), ("voyage.json", &counted)],
    );
    m.remote
        .git(&["update-ref", &format!("refs/helm/voyages/{id}"), &next]);
    m.remote.git(&["repack", "-adq"]);

    let (pulled, pulled_kib) = limited(
        &m.b,
        &["voyage", "pull", &id, "--remote", &remote, "--json"],
    );
    let message = refused_as_bad_remote(&pulled);
    assert!(
        message.contains("entry file") && message.contains("268435456"),
        "{message}"
    );
    assert_eq!(std::fs::read(m.b.voyage_file(&id)).unwrap(), before);
    m.b.assert_sound(&id);

    let c = TestEnv::new();
    let (fresh, fresh_kib) = limited(
        &c,
        &["voyage", "pull", stranger, "--remote", &remote, "--json"],
    );
    let message = refused_as_bad_remote(&fresh);
    assert!(message.contains("voyage.json"), "{message}");
    assert!(!c.voyage_file(stranger).exists());

    let (listed, listed_kib) = limited(
        &c,
        &["voyage", "list", "--remote", &remote, "--all", "--json"],
    );
    assert!(listed.status.success(), "{listed:?}");
    let listed: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(listed["unreadable"][0]["path"], name.as_str(), "{listed}");
    let why = listed["unreadable"][0]["error"].as_str().unwrap();
    assert!(why.contains("over the"), "{why}");

    for (what, kib) in [
        ("pull", pulled_kib),
        ("first pull", fresh_kib),
        ("list", listed_kib),
    ] {
        assert!(
            kib <= normal_kib + 64 * 1024,
            "{what} of a hostile remote peaked at {kib} KiB, a normal pull at {normal_kib} KiB"
        );
    }
    verified(&m.b, &id);
}

/// The voyage `b` holds, and the remote three entries ahead: a chain of
/// commits whose middle one the cases forge.
fn three_ahead(m: &Machines) -> String {
    let id = voyage_with_an_entry(&m.a, "Every commit checked");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    for n in 2..=4 {
        log_with_file(&m.a, &id, &format!("step{n}.txt"), &format!("step {n}"));
    }
    m.push(&m.a, &id).ok();
    id
}

/// Replaces the voyage's chain from its tip's grandparent on by the same
/// commits, the middle one's voyage.json rewritten by `forge`; returns the
/// forged middle commit and the new tip.
fn forge_middle(remote: &Remote, id: &str, forge: impl Fn(&str) -> String) -> (String, String) {
    let tip = remote.tip(id).unwrap();
    let chain = remote.git(&["rev-list", "--max-count=3", &tip]);
    let chain: Vec<&str> = chain.lines().collect();
    let (middle, before) = (chain[1], chain[2]);
    let listing = remote.git(&["ls-tree", middle]);
    let mut files: Vec<(String, String)> = listing
        .lines()
        .map(|line| {
            let (head, name) = line.split_once('\t').unwrap();
            (
                name.to_string(),
                head.split(' ').nth(2).unwrap().to_string(),
            )
        })
        .collect();
    let original = remote.git(&["cat-file", "blob", &format!("{middle}:voyage.json")]);
    let forged = forge(&original);
    assert_ne!(forged, original);
    let forged = blob(remote, forged.as_bytes());
    for (name, oid) in &mut files {
        if name == "voyage.json" {
            *oid = forged.clone();
        }
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, o)| (n.as_str(), o.as_str()))
        .collect();
    let middle = commit(remote, Some(before), &files);
    let tree = remote.git(&["rev-parse", &format!("{tip}^{{tree}}")]);
    let top = remote.git(&["commit-tree", tree.trim(), "-p", &middle, "-m", "forged"]);
    remote.git(&["update-ref", &format!("refs/helm/voyages/{id}"), top.trim()]);
    (middle, top.trim().to_string())
}

#[test]
fn every_commit_a_pull_takes_is_checked_as_if_it_were_the_tip() {
    let m = Machines::new();
    let id = three_ahead(&m);
    let good = m.remote.tip(&id).unwrap();
    let name = format!("refs/helm/voyages/{id}");
    let before = std::fs::read(m.b.voyage_file(&id)).unwrap();
    type Forge = fn(&str) -> String;
    // The case, the forgery, what the refusal says, and whether it names
    // the tip (the commit that reopens the voyage) rather than the middle.
    let cases: Vec<(&str, Forge, &str, bool)> = vec![
        (
            "not JSON",
            |_| "not json\n".to_string(),
            "voyage.json",
            false,
        ),
        (
            "the wrong count",
            |v| v.replace("\"entries\":3", "\"entries\":4"),
            "counts 4 entries, its commits 3",
            false,
        ),
        (
            "another intent",
            |v| v.replace("Every commit checked", "Something else"),
            "intent",
            false,
        ),
        (
            "an end, then active again",
            |v| {
                v.replace(
                    "\"status\":\"active\"",
                    "\"status\":\"ended\",\"endedAt\":\"2026-01-01T00:00:00.000000Z\"",
                )
            },
            "active again",
            true,
        ),
    ];
    for (case, forge, said, at_tip) in cases {
        let (middle, top) = forge_middle(&m.remote, &id, forge);
        let named = if at_tip { top } else { middle };
        let err = m.pull(&m.b, &id).error_json();
        assert_eq!(err["error"]["kind"], "bad-remote", "{case}: {err}");
        let message = err["error"]["message"].as_str().unwrap();
        assert!(message.contains(&named[..12]), "{case}: {message}");
        assert!(message.contains(said), "{case}: {message}");
        assert_eq!(
            std::fs::read(m.b.voyage_file(&id)).unwrap(),
            before,
            "{case}"
        );
        m.b.assert_sound(&id);
        // A home without the voyage reads the whole chain: refused too.
        let c = TestEnv::new();
        let err = m.pull(&c, &id).error_json();
        assert_eq!(err["error"]["kind"], "bad-remote", "{case}: {err}");
        assert!(!c.voyage_file(&id).exists(), "{case}");
        m.remote.git(&["update-ref", &name, &good]);
    }
    // The chain as it was pulls cleanly.
    m.pull(&m.b, &id).ok();
    assert_eq!(super::story(&m.b, &id), super::story(&m.a, &id));
    m.b.assert_sound(&id);
    verified(&m.b, &id);
}
