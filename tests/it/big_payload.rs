//! Payloads whose compressed frame is bigger than helm keeps in memory: they
//! spill to an unnamed temporary file and are written into the voyage in
//! chunks. They must come back byte for byte, and leave nothing behind.

use sha2::{Digest, Sha256};

use crate::support::env::TestEnv;

/// Incompressible bytes (xorshift), so the frame is about as big as the file:
/// 6 MiB, over the 4 MiB that helm keeps in memory.
fn noise(len: usize) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.extend_from_slice(&state.to_le_bytes());
    }
    out.truncate(len);
    out
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn env_with_tmpdir() -> TestEnv {
    let mut env = TestEnv::new();
    let tmp = env.root().join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    env.set("TMPDIR", tmp.to_str().unwrap());
    env
}

fn tmp_entries(env: &TestEnv) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(env.root().join("tmp"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect()
}

#[test]
fn a_payload_over_the_streaming_threshold_round_trips() {
    let env = env_with_tmpdir();
    let id = env.new_voyage("big");
    let bytes = noise(6 << 20);
    env.write("big.bin", &bytes);

    let run = env.run(&["observe", "-V", &id, "file-contents", "big.bin", "--json"]);
    let doc = run.json();
    let hash = doc["artifact"].as_str().unwrap().to_string();
    let content = doc["payload"]["files"][0]["content"].as_str().unwrap();
    use base64::Engine;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(content)
        .unwrap();
    assert!(decoded == bytes, "the printed payload is the file");

    // Stored as one zstd frame bigger than what stays in memory.
    let stored: Vec<u8> = env
        .sqlite(&id)
        .query_row("SELECT data FROM artifacts WHERE hash = ?1", [&hash], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(stored.len() > 4 << 20, "{} bytes stored", stored.len());
    let raw = zstd::decode_all(&stored[..]).unwrap();
    assert_eq!(hex(&Sha256::digest(&raw)), hash);

    let shown = env.run(&["artifact", "show", "-V", &id, &hash]);
    assert_eq!(
        hex(&Sha256::digest(shown.stdout.trim_end().as_bytes())),
        hash
    );
    env.run(&["voyage", "verify", &id]).ok();

    // Observing it again finds it stowed; after a jettison it gets its
    // payload back through the same chunked write.
    env.run(&["observe", "-V", &id, "file-contents", "big.bin"])
        .ok();
    env.run(&["artifact", "jettison", &hash, "-V", &id]).ok();
    let again = env
        .run(&["observe", "-V", &id, "file-contents", "big.bin", "--json"])
        .json();
    assert_eq!(again["artifact"], hash.as_str());
    let (status, restored): (String, Vec<u8>) = env
        .sqlite(&id)
        .query_row(
            "SELECT status, data FROM artifacts WHERE hash = ?1",
            [&hash],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(status, "stowed");
    assert!(restored == stored, "the payload is back, byte for byte");
    let verified = env.run(&["voyage", "verify", &id, "--json"]).json();
    assert_eq!(verified["ok"], true, "{verified}");
    assert!(tmp_entries(&env).is_empty(), "{:?}", tmp_entries(&env));
}

#[test]
fn a_failed_write_of_a_big_payload_leaves_no_temporary_file() {
    let env = env_with_tmpdir();
    let id = env.new_voyage("ended");
    env.write("big.bin", noise(6 << 20));
    env.run(&["voyage", "end", &id]).ok();

    // The look packs the payload (spilling it), then the write refuses.
    let run = env.run(&["observe", "-V", &id, "file-contents", "big.bin"]);
    run.fails(1);
    assert!(tmp_entries(&env).is_empty(), "{:?}", tmp_entries(&env));
    let conn = env.sqlite(&id);
    let artifacts: i64 = conn
        .query_row("SELECT count(*) FROM artifacts", [], |r| r.get(0))
        .unwrap();
    assert_eq!(artifacts, 0);
}

/// A person's screen of a streamed payload (a 20 MB log is exactly what people
/// observe) shows its first lines, bounded, read from the start of the payload
/// alone: helm does not read a big file back whole to show them (a 256 MiB file
/// had taken twice its size in memory), and says how to see it all.
#[test]
fn a_streamed_payload_shows_its_first_lines_bounded() {
    let env = env_with_tmpdir();
    let id = env.new_voyage("big screen");
    let mut text = String::new();
    let mut n = 0;
    while text.len() < 20 << 20 {
        text.push_str(&format!(
            "2026-11-29 05:00:00 INFO request {n} \"ok\"\tserved\n"
        ));
        n += 1;
    }
    let path = env.write("big.log", text.as_bytes());
    let run = env.run(&[
        "observe",
        "-V",
        &id,
        "file-contents",
        path.to_str().unwrap(),
    ]);
    let screen = &run.ok().stdout;
    assert!(!screen.contains("too big to show here"), "{screen}");
    assert!(screen.contains("helm artifact show"), "{screen}");
    assert!(screen.contains("INFO request 0 \"ok\""), "{screen}");
    assert!(screen.contains("INFO request 19 "), "{screen}");
    assert!(!screen.contains("INFO request 20 "), "bounded: {screen}");
    assert!(
        screen.contains("its first 20 lines shown, of 20.0 MiB"),
        "{screen}"
    );
    assert!(screen.lines().count() < 40, "{screen}");
}
