//! Packing, stowing and loading artifacts on real voyage files.

use super::*;

#[test]
fn the_key_is_the_sha256_of_the_uncompressed_json() {
    let packed = Packer::pack(&serde_json::json!({"a": 1})).unwrap();
    // sha256 of the bytes {"a":1}
    assert_eq!(packed.hash, hex(&Sha256::digest(br#"{"a":1}"#)));
    assert_eq!(packed.raw_len, 7);
    let Frame::Memory(data) = &packed.frame else {
        panic!("a small frame stays in memory");
    };
    assert_eq!(zstd::decode_all(&data[..]).unwrap(), br#"{"a":1}"#);
    let mut out = Vec::new();
    assert_eq!(unpack(data, &mut out).unwrap(), packed.hash);
}

#[test]
fn a_few_megabytes_packed_on_several_threads_read_back_the_same() {
    let names: Vec<String> = (0..120_000)
        .map(|i| format!("src/m{}/f{i}.rs", i % 97))
        .collect();
    let json = serde_json::to_vec(&names).unwrap();
    assert!(json.len() >= APART_FROM * 2);
    let packed = Packer::pack_json(json.clone()).unwrap();
    assert_eq!(packed.hash, hex(&Sha256::digest(&json)));
    assert_eq!(packed.raw_len, json.len() as u64);
    let Frame::Memory(data) = &packed.frame else {
        panic!("a frame compressed from memory stays in memory");
    };
    assert_eq!(zstd::decode_all(&data[..]).unwrap(), json);
    assert_eq!(packed.json.as_deref(), Some(&json[..]));
}

#[test]
fn a_spilled_frame_is_stored_whole_or_not_at_all() {
    use crate::storage::{Home, VoyageStore, voyage};
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path());
    let created = voyage::create(&home, "big", "2026-01-01T00:00:00.000000Z").unwrap();
    let mut store = VoyageStore::open(home.resolve(&created.id.to_string()).unwrap()).unwrap();
    let spilled = |bytes: &[u8], len: u64| {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(bytes).unwrap();
        Frame::Spilled { file, len }
    };
    let mut frame = Vec::new();
    zstd::stream::copy_encode(&b"[1,2,3]"[..], &mut frame, LEVEL).unwrap();
    let hash = hex(&Sha256::digest(b"[1,2,3]"));
    let at = "2026-01-01T00:00:01.000000Z";

    // The file holds less than the row was made for: the write fails and
    // the transaction takes the row (and the slate row) back.
    let short = Packed {
        hash: hash.clone(),
        frame: spilled(&frame[..frame.len() - 1], frame.len() as u64),
        raw_len: 7,
        json: None,
    };
    assert!(
        store
            .put_observation(&crate::model::SlateKey::exact("t"), &short, at)
            .is_err()
    );
    assert!(!exists(store.connection(), &hash).unwrap());
    assert!(store.slate().unwrap().is_empty());

    let whole = Packed {
        hash: hash.clone(),
        frame: spilled(&frame, frame.len() as u64),
        raw_len: 7,
        json: None,
    };
    store
        .put_observation(&crate::model::SlateKey::exact("t"), &whole, at)
        .unwrap();
    let stored = load(store.connection(), &hash).unwrap();
    assert_eq!(stored.data, frame);
    assert_eq!(store.slate().unwrap()[0].artifact, hash);
}

#[test]
fn bytes_planted_under_a_hash_give_way_to_the_payload_just_packed() {
    use crate::storage::{Home, VoyageStore, voyage};
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path());
    let created = voyage::create(&home, "planted", "2026-01-01T00:00:00.000000Z").unwrap();
    let mut store = VoyageStore::open(home.resolve(&created.id.to_string()).unwrap()).unwrap();
    let honest = Packer::pack(&serde_json::json!({"content": "notes"})).unwrap();
    let planted = zstd::encode_all(&br#"{"content":"EVIL"}"#[..], LEVEL).unwrap();
    store
        .connection()
        .execute(
            "INSERT INTO artifacts (hash, data) VALUES (?1, ?2)",
            (&honest.hash, &planted),
        )
        .unwrap();
    store
        .put_observation(
            &crate::model::SlateKey::exact("t"),
            &honest,
            "2026-01-01T00:00:01.000000Z",
        )
        .unwrap();
    let stored = load(store.connection(), &honest.hash).unwrap();
    let mut out = Vec::new();
    assert_eq!(unpack(&stored.data, &mut out).unwrap(), honest.hash);
    assert_eq!(out, br#"{"content":"notes"}"#);
}
