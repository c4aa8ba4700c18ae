//! Voyage ids in `voyage list` with their shortest unique prefix marked,
//! as jj marks change ids: ids made moments apart share their first 8 or
//! more digits (UUIDv7 starts with the time), so the part that tells one
//! apart is further in. On colour, that prefix is bold and underlined and
//! the rest of the shown id dimmed; `--json` is unchanged.

use crate::support::env::TestEnv;

const UNIQUE: &str = "\u{1b}[1m\u{1b}[4m";
const RESET: &str = "\u{1b}[0m";
const DIM: &str = "\u{1b}[2m";

/// Each id's shortest prefix (of its hex digits) that no other shares.
fn shortest_unique(id: &str, all: &[String]) -> String {
    (1..=id.len())
        .map(|n| &id[..n])
        .find(|prefix| all.iter().filter(|other| other.starts_with(prefix)).count() == 1)
        .unwrap()
        .to_string()
}

/// A home of four voyages whose ids share their first 8 digits and do not
/// all need as many digits to be told apart: three made at once and one a
/// second later. Made again when the clock's ticks fell otherwise (a
/// 65-second boundary between them, or a machine so slow that the three
/// were not made within one 256-millisecond step of the id's clock).
fn four_voyages() -> (TestEnv, Vec<String>) {
    for _ in 0..5 {
        let env = TestEnv::new();
        for intent in ["one", "two", "three"] {
            env.new_voyage(intent);
        }
        // A second later: its id differs from the others sooner.
        std::thread::sleep(std::time::Duration::from_millis(1100));
        env.new_voyage("later");
        let listed = env.run(&["voyage", "list", "--json"]).json();
        let ids: Vec<String> = listed["voyages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap().replace('-', ""))
            .collect();
        assert_eq!(ids.len(), 4);
        let lengths: Vec<usize> = ids
            .iter()
            .map(|id| shortest_unique(id, &ids).len())
            .collect();
        let widest = *lengths.iter().max().unwrap();
        if ids.iter().all(|id| id[..8] == ids[0][..8]) && lengths.iter().any(|n| *n < widest) {
            return (env, ids);
        }
    }
    panic!("five homes in a row had no ids sharing 8 digits with prefixes of two lengths");
}

#[test]
fn each_listed_id_marks_its_own_shortest_unique_prefix() {
    let (env, ids) = four_voyages();

    let run = env.run(&["voyage", "list", "--color", "always"]);
    let rows: Vec<&str> = run.stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), 4, "{}", run.stdout);
    let mut lengths = Vec::new();
    for (row, id) in rows.iter().zip(&ids) {
        let unique = shortest_unique(id, &ids);
        let marked = format!("{UNIQUE}{unique}{RESET}");
        assert!(
            row.starts_with(&marked),
            "{row:?} should start with {marked:?}"
        );
        lengths.push(unique.len());
    }
    // Not every id needs as many digits: the shorter ones show the rest dimmed.
    let widest = *lengths.iter().max().unwrap();
    assert!(lengths.iter().any(|n| *n < widest), "{lengths:?}");
    for (row, n) in rows.iter().zip(&lengths) {
        assert_eq!(row.contains(DIM), *n < widest, "{row:?}");
    }

    // Plain text and --json are as they were.
    let plain = env.run(&["voyage", "list"]);
    assert!(!plain.stdout.contains('\u{1b}'), "{}", plain.stdout);
    assert!(
        plain
            .stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with(&ids[0][..widest])
    );
}
