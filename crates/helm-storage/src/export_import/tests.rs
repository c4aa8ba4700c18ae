//! Export and import on real voyage files.

use super::*;

fn home_with_voyage(dir: &Path) -> (Home, Voyage) {
    let home = Home::new(dir.join("home"));
    let voyage = voyage::create(&home, "portable", "2026-01-01T00:00:00.000000Z").unwrap();
    (home, voyage)
}

#[test]
fn an_export_imports_into_another_home() {
    let dir = tempfile::tempdir().unwrap();
    let (home, created) = home_with_voyage(dir.path());
    let out = dir.path().join("copy.sqlite");
    let exported = export(&home.voyage_path(&created.id), &out, false).unwrap();
    assert_eq!(exported.voyage.id, created.id);
    assert!(exported.bytes > 0);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let err = export(&home.voyage_path(&created.id), &out, false).unwrap_err();
    assert_eq!(err.kind(), Kind::Conflict);
    export(&home.voyage_path(&created.id), &out, true).unwrap();

    let other = Home::new(dir.path().join("other"));
    let imported = import(&other, &out).unwrap();
    assert_eq!(imported.id, created.id);
    assert!(other.voyage_path(&created.id).is_file());
    assert_eq!(import(&other, &out).unwrap_err().kind(), Kind::Conflict);
    // Nothing but the voyage is left in the folder.
    assert_eq!(fs::read_dir(other.voyages_dir()).unwrap().count(), 1);
}

#[test]
fn import_refuses_what_is_not_a_sound_voyage() {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("home"));
    let text = dir.path().join("notes.txt");
    fs::write(&text, "just some notes, long enough to not be a header").unwrap();
    assert_eq!(import(&home, &text).unwrap_err().kind(), Kind::NotAVoyage);
    let empty = dir.path().join("empty.sqlite");
    fs::write(&empty, "").unwrap();
    assert_eq!(import(&home, &empty).unwrap_err().kind(), Kind::NotAVoyage);
    let missing = dir.path().join("missing.sqlite");
    assert_eq!(import(&home, &missing).unwrap_err().kind(), Kind::NotFound);
    assert_eq!(fs::read_dir(home.voyages_dir()).unwrap().count(), 0);
}
