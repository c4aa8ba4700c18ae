use super::*;
use crate::storage::artifact::Frame;

#[test]
fn terminal_escapes_keep_the_json_meaning() {
    let original = serde_json::json!({"body": "a\u{9b}31mb\u{202e}c\u{7f}"});
    let text = serde_json::to_string(&original).unwrap();
    let safe = terminal_safe_json(&text);
    assert!(!safe.contains('\u{9b}'));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&safe).unwrap(),
        original
    );
}

#[test]
fn the_target_is_terminal_safe_on_a_terminal() {
    let mut compressed = Vec::new();
    zstd::stream::copy_encode(&b"{}"[..], &mut compressed, 1).unwrap();
    let mut report = ObservedReport {
        observed: helm_core::Observed {
            target: helm_core::Target::from(helm_core::FileContentsTarget::of_paths(vec![
                "a\u{9b}31m\u{202e}b".to_string(),
            ])),
            observed_at: "2026-01-01T00:00:00.000000Z".to_string(),
            artifact: "0".repeat(64),
            compressed: crate::storage::artifact::Frame::Memory(compressed),
            json: None,
            summary: String::new(),
            digest: None,
            shown: None,
            superseded: false,
            unchanged: false,
            warnings: Vec::new(),
            changes: None,
            readiness: None,
        },
        terminal: true,
        all: false,
    };
    let mut out = Vec::new();
    report.write_document(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains(['\u{9b}', '\u{202e}']), "{text}");
    let document: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(document["target"]["paths"][0], "a\u{9b}31m\u{202e}b");
    // Piped, the bytes are left as they are (the JSON is the same).
    report.terminal = false;
    let mut out = Vec::new();
    report.write_document(&mut out).unwrap();
    assert!(String::from_utf8(out).unwrap().contains('\u{9b}'));
}

#[test]
fn the_payload_reads_the_same_from_memory_or_from_the_frame() {
    let packed = crate::storage::artifact::Packer::pack(&serde_json::json!({
        "content": "line\u{9b}31m \u{202e}\"quoted\""
    }))
    .unwrap();
    let report = |json: Option<Vec<u8>>, terminal: bool| {
        let Frame::Memory(frame) = &packed.frame else {
            panic!("a small frame stays in memory");
        };
        let report = ObservedReport {
            observed: helm_core::Observed {
                target: helm_core::Target::from(helm_core::FileContentsTarget::of_paths(vec![
                    "f".to_string(),
                ])),
                observed_at: "2026-01-01T00:00:00.000000Z".to_string(),
                artifact: packed.hash.clone(),
                compressed: Frame::Memory(frame.clone()),
                json,
                summary: String::new(),
                digest: None,
                shown: None,
                superseded: false,
                unchanged: false,
                warnings: Vec::new(),
                changes: None,
                readiness: None,
            },
            terminal,
            all: false,
        };
        let mut out = Vec::new();
        report.write_document(&mut out).unwrap();
        out
    };
    assert!(packed.json.is_some());
    for terminal in [false, true] {
        assert_eq!(
            report(packed.json.clone(), terminal),
            report(None, terminal),
            "terminal: {terminal}"
        );
    }
}
