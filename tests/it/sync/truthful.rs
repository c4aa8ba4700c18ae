//! What sync says is what happened: the hint after a remote listing that
//! left ended voyages out, warnings that name the ref they are about, a
//! voyage just made here or on the remote said to be created (never "up to
//! date"), and a voyage ref that is not a commit refused as `bad-remote`
//! (never "vanished, retry").

use super::{Machines, Remote, voyage_with_an_entry};

/// Points the remote's ref of `voyage` at `oid` (a blob, a tree …).
fn point_ref(remote: &Remote, voyage: &str, oid: &str) {
    remote.git(&["update-ref", &format!("refs/helm/voyages/{voyage}"), oid]);
}

/// A blob on the remote.
fn blob(remote: &Remote) -> String {
    let file = remote.path().join("not-a-voyage.txt");
    std::fs::write(&file, "not a voyage\n").unwrap();
    let oid = remote.git(&["hash-object", "-w", file.to_str().unwrap()]);
    oid.trim().to_string()
}

#[test]
fn a_remote_listing_of_ended_voyages_hints_at_the_remote_listing_with_all() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Ended before it was shared");
    m.a.run(&["voyage", "end", &id, "--status", "done"]).ok();
    m.push(&m.a, &id).ok();

    let remote = m.remote.arg();
    let listed = m.b.run(&["voyage", "list", "--remote", &remote]);
    listed.ok();
    let hint = format!("`helm voyage list --remote {remote} --all` lists it");
    assert!(listed.stdout.contains(&hint), "{}", listed.stdout);
    let all =
        m.b.run(&["voyage", "list", "--remote", &remote, "--all", "--json"]);
    assert_eq!(all.json()["voyages"][0]["id"], id.as_str());
}

#[test]
fn a_remote_listing_names_the_ref_it_warns_about() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Shared, then broken on the remote");
    m.push(&m.a, &id).ok();
    let tip = m.remote.tip(&id).unwrap();
    m.remote
        .git(&["update-ref", "refs/helm/voyages/not-a-voyage-id", &tip]);
    m.remote.tamper(&id, "voyage.json", Some(b"not json"));

    let listed = m.b.run(&["voyage", "list", "--remote", &m.remote.arg()]);
    listed.ok();
    for name in [
        "refs/helm/voyages/not-a-voyage-id".to_string(),
        format!("refs/helm/voyages/{id}"),
    ] {
        let warning = listed
            .stderr
            .lines()
            .find(|line| line.starts_with("warning:") && line.contains(&name));
        assert!(
            warning.is_some(),
            "no warning names {name}: {}",
            listed.stderr
        );
    }
}

#[test]
fn a_voyage_made_by_a_sync_is_said_to_be_created_not_up_to_date() {
    let m = Machines::new();
    // No entries: nothing but the voyage itself moves.
    let empty = m.a.new_voyage("Nothing logged yet");
    let pushed = m.push(&m.a, &empty).json();
    assert_eq!(pushed["created"], true, "{pushed}");
    let remote = m.remote.arg();
    let human = m.a.run(&["voyage", "push", &empty, "--remote", &remote]);
    assert!(human.stdout.contains("up to date"), "{}", human.stdout);

    let first = m.b.run(&["voyage", "pull", "--all", "--remote", &remote]);
    first.ok();
    assert!(
        first.stdout.contains(&format!("created voyage {empty}")),
        "{}",
        first.stdout
    );
    assert!(!first.stdout.contains("up to date"), "{}", first.stdout);
    let again =
        m.b.run(&["voyage", "pull", "--all", "--remote", &remote, "--json"]);
    assert_eq!(again.json()["voyages"][0]["created"], false);

    let one = voyage_with_an_entry(&m.a, "With an entry");
    let shown = m.a.run(&["voyage", "push", &one, "--remote", &remote]);
    assert!(
        shown.stdout.contains(&format!("created voyage {one} on")),
        "{}",
        shown.stdout
    );
    let pulled = m.pull(&m.b, &one).json();
    assert_eq!(pulled["created"], true, "{pulled}");
    assert_eq!(pulled["pulled"]["entries"], 1, "{pulled}");
    assert_eq!(m.pull(&m.b, &one).json()["created"], false);
}

#[test]
fn a_voyage_ref_at_a_blob_or_a_tree_is_refused_as_bad_remote() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Its ref points at no commit");
    m.push(&m.a, &id).ok();
    let tip = m.remote.tip(&id).unwrap();
    let tree = m.remote.git(&["rev-parse", &format!("{tip}^{{tree}}")]);
    let remote = m.remote.arg();
    for (what, oid) in [("blob", blob(&m.remote)), ("tree", tree.trim().to_string())] {
        point_ref(&m.remote, &id, &oid);
        let err = m.pull(&m.b, &id).error_json();
        assert_eq!(err["error"]["kind"], "bad-remote", "{what}: {err}");
        let text = err.to_string();
        assert!(
            !text.contains("vanished") && !text.contains("retry"),
            "{text}"
        );
        assert!(text.contains(what), "{what}: {text}");

        let all =
            m.b.run(&["voyage", "pull", "--all", "--remote", &remote, "--json"]);
        assert_eq!(all.error_json()["error"]["kind"], "bad-remote", "{what}");
        // A push from a finds its voyage's ref moved to what is no voyage.
        m.a.log(&id, "waiting", &format!("after the {what}")).ok();
        let refused = m.push(&m.a, &id).error_json();
        assert_eq!(refused["error"]["kind"], "bad-remote", "{what}: {refused}");
        assert_eq!(
            m.remote
                .git(&["rev-parse", &format!("refs/helm/voyages/{id}")])
                .trim(),
            oid
        );
        let listed = m.b.run(&["voyage", "list", "--remote", &remote, "--all"]);
        let warning = format!("refs/helm/voyages/{id} on {remote}:");
        assert!(
            listed.stderr.contains(&warning) && listed.stderr.contains(&format!("a {what}")),
            "{}",
            listed.stderr
        );
    }
    assert!(!m.b.voyage_file(&id).exists(), "nothing was made here");
}
