//! Many voyages at once (issue 45): `voyage push --all` sends every voyage
//! with news in one `git push`, each ref by its own lease, and `voyage pull
//! --all` fetches every voyage in one `git fetch`. A `git` wrapper on PATH
//! counts which git commands helm runs.

use serde_json::Value;

use super::counted::Counted;
use super::{Machines, story, voyage_with_an_entry};
use crate::support::env::TestEnv;

fn by_id<'a>(report: &'a Value, id: &str) -> &'a Value {
    report["voyages"]
        .as_array()
        .expect("a list of voyages")
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not in {report}"))
}

#[test]
fn push_all_sends_every_voyage_with_news_in_one_git_push() {
    let mut m = Machines::new();
    // Pushed before, nothing new since: up to date.
    let quiet = voyage_with_an_entry(&m.a, "Pushed before, quiet since");
    m.push(&m.a, &quiet).ok();
    // Pushed before, with a new entry since.
    let busy = voyage_with_an_entry(&m.a, "Pushed before, busy since");
    m.push(&m.a, &busy).ok();
    m.a.log(&busy, "ready", "one more").ok();
    // Never pushed.
    let fresh = [
        voyage_with_an_entry(&m.a, "Never pushed, one"),
        voyage_with_an_entry(&m.a, "Never pushed, two"),
    ];

    let counted = Counted::new(&m.a);
    m.a.set("PATH", &counted.path);
    let remote = m.remote.arg();
    let report =
        m.a.run(&["voyage", "push", "--all", "--remote", &remote, "--json"])
            .ok()
            .json();
    assert_eq!(counted.count("push"), 1, "one git push for every voyage");
    assert_eq!(counted.count("fetch"), 0);
    assert_eq!(report["remote"], remote.as_str());
    assert_eq!(report["voyages"].as_array().unwrap().len(), 4, "{report}");

    let quiet_doc = by_id(&report, &quiet);
    assert_eq!(quiet_doc["outcome"], "up-to-date", "{report}");
    assert_eq!(quiet_doc["pushed"]["entries"], 0);
    let busy_doc = by_id(&report, &busy);
    assert_eq!(busy_doc["outcome"], "pushed", "{report}");
    assert_eq!(busy_doc["pushed"]["entries"], 1);
    assert_eq!(busy_doc["created"], false);
    for id in &fresh {
        let doc = by_id(&report, id);
        assert_eq!(doc["outcome"], "pushed", "{report}");
        assert_eq!(doc["created"], true);
        assert_eq!(doc["pushed"]["entries"], 1);
    }
    // The remote holds every voyage at the commit the report names, and
    // another home pulls each as it is here.
    for id in [&quiet, &busy, &fresh[0], &fresh[1]] {
        let doc = by_id(&report, id);
        assert_eq!(doc["ref"], format!("refs/helm/voyages/{id}"));
        assert_eq!(m.remote.tip(id).as_deref(), doc["head"].as_str(), "{id}");
    }
    m.b.run(&["voyage", "pull", "--all", "--remote", &remote])
        .ok();
    for id in [&quiet, &busy, &fresh[0], &fresh[1]] {
        assert_eq!(story(&m.b, id), story(&m.a, id), "{id}");
    }

    // Nothing new anywhere: no push at all, every voyage up to date.
    let again = m.a.run(&["voyage", "push", "--all", "--remote", &remote]);
    again.ok();
    assert_eq!(counted.count("push"), 1, "nothing to send, nothing sent");
    assert_eq!(
        again.stdout.matches("is up to date on").count(),
        4,
        "{again:?}"
    );
}

#[test]
fn push_all_names_a_voyage_moved_on_the_remote_and_lands_the_others() {
    let mut m = Machines::new();
    let remote = m.remote.arg();
    let moved = voyage_with_an_entry(&m.a, "Moved on the remote meanwhile");
    let kept = voyage_with_an_entry(&m.a, "Pushed from here alone");
    m.push(&m.a, &moved).ok();
    m.push(&m.a, &kept).ok();
    // Another home moves one voyage's ref on the remote.
    m.pull(&m.b, &moved).ok();
    m.b.log(&moved, "ready", "b's entry").ok();
    m.push(&m.b, &moved).ok();
    let theirs = m.remote.tip(&moved).unwrap();
    // Here, both voyages have news.
    m.a.log(&moved, "ready", "a's entry").ok();
    m.a.log(&kept, "ready", "a's other entry").ok();

    let counted = Counted::new(&m.a);
    m.a.set("PATH", &counted.path);
    let run =
        m.a.run(&["voyage", "push", "--all", "--remote", &remote, "--json"]);
    assert_eq!(run.code, 1, "a refused voyage fails the command: {run:?}");
    assert_eq!(counted.count("push"), 1, "one git push: {run:?}");
    let report: Value = serde_json::from_str(&run.stdout).expect("the report on stdout");
    let refused = by_id(&report, &moved);
    assert_eq!(refused["outcome"], "refused", "{report}");
    assert_eq!(refused["error"]["kind"], "diverged");
    assert!(
        refused["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("voyage pull"),
        "{report}"
    );
    assert_eq!(refused["ref"], format!("refs/helm/voyages/{moved}"));
    let landed = by_id(&report, &kept);
    assert_eq!(landed["outcome"], "pushed", "{report}");
    assert_eq!(landed["pushed"]["entries"], 1);
    // The other home's push stands; the other voyage landed.
    assert_eq!(m.remote.tip(&moved).as_deref(), Some(theirs.as_str()));
    assert_eq!(m.remote.tip(&kept).as_deref(), landed["head"].as_str());
    assert!(
        run.stderr.contains("1 of 2 voyages was not pushed"),
        "{}",
        run.stderr
    );

    // People read the same: one line each, the refused one with its hint.
    m.a.log(&kept, "ready", "and another").ok();
    let human = m.a.run(&["voyage", "push", "--all", "--remote", &remote]);
    assert_eq!(human.code, 1, "{human:?}");
    assert!(
        human.stdout.contains(&format!(
            "voyage {moved} was not pushed: voyage {moved} moved on"
        )),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("  hint: pull first"),
        "{}",
        human.stdout
    );
    assert!(
        human
            .stdout
            .contains(&format!("pushed 1 entry and 0 artifacts of voyage {kept}")),
        "{}",
        human.stdout
    );

    // Once pulled, it goes too.
    m.pull(&m.a, &moved).ok();
    let after =
        m.a.run(&["voyage", "push", "--all", "--remote", &remote, "--json"])
            .ok()
            .json();
    assert_eq!(by_id(&after, &moved)["outcome"], "pushed", "{after}");
}

#[test]
fn pull_all_fetches_every_voyage_in_one_git_fetch() {
    let mut m = Machines::new();
    let remote = m.remote.arg();
    let ids: Vec<String> = (1..=3)
        .map(|i| voyage_with_an_entry(&m.a, &format!("Pulled together {i}")))
        .collect();
    m.a.run(&["voyage", "push", "--all", "--remote", &remote])
        .ok();
    let counted = Counted::new(&m.b);
    m.b.set("PATH", &counted.path);
    let pulled =
        m.b.run(&["voyage", "pull", "--all", "--remote", &remote, "--json"])
            .ok()
            .json();
    assert_eq!(counted.count("fetch"), 1, "one git fetch for every voyage");
    assert_eq!(counted.count("ls-remote"), 0);
    assert_eq!(pulled["voyages"].as_array().unwrap().len(), 3, "{pulled}");
    for id in &ids {
        assert_eq!(story(&m.b, id), story(&m.a, id), "{id}");
    }
}

/// The files under the private repository's `refs/helm`: its loose refs.
fn loose_refs(env: &TestEnv) -> usize {
    fn count(dir: &std::path::Path) -> usize {
        std::fs::read_dir(dir).map_or(0, |entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| match e.file_type().unwrap().is_dir() {
                    true => count(&e.path()),
                    false => 1,
                })
                .sum()
        })
    }
    count(&env.home().join("sync.git").join("refs").join("helm"))
}

#[test]
fn a_home_that_tracks_many_voyages_keeps_its_refs_packed() {
    let m = Machines::new();
    let remote = m.remote.arg();
    let id = voyage_with_an_entry(&m.a, "Among many on a busy remote");
    m.push(&m.a, &id).ok();
    // 400 more voyage refs on the remote (at the same commit: what matters
    // here is how many refs a listing brings home, not what they hold).
    let tip = m.remote.tip(&id).unwrap();
    let mut input = String::new();
    for i in 0..400u32 {
        input.push_str(&format!(
            "create refs/helm/voyages/00000000-0000-7000-8000-{i:012} {tip}\n"
        ));
    }
    let mut command = super::git_command(&m.remote.path());
    command.args(["update-ref", "--stdin"]);
    super::run_git(command, Some(input.as_bytes()));

    // Listing brings every voyage ref home: packed, not 400 files.
    m.b.run(&["voyage", "list", "--remote", &remote, "--all", "--json"])
        .ok();
    let loose = loose_refs(&m.b);
    assert!(loose <= 256, "{loose} loose refs after the listing");
    let info = m.b.home().join("sync.git").join("objects").join("info");
    assert!(
        info.join("commit-graph").is_file() || info.join("commit-graphs").is_dir(),
        "a commit-graph of the refs' commits"
    );
    // A one-entry sync still works on the packed refs, and adds only its own.
    m.pull(&m.b, &id).ok();
    m.a.log(&id, "ready", "one more").ok();
    m.push(&m.a, &id).ok();
    let pulled = m.pull(&m.b, &id).ok().json();
    assert_eq!(pulled["pulled"]["entries"], 1, "{pulled}");
    assert!(loose_refs(&m.b) <= loose + 2);
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
}

#[test]
fn a_push_all_killed_at_any_point_is_completed_by_the_next() {
    for point in ["push-built", "push-pushed"] {
        let m = Machines::new();
        let remote = m.remote.arg();
        let old = voyage_with_an_entry(&m.a, "Pushed before the crash");
        m.push(&m.a, &old).ok();
        m.a.log(&old, "ready", "news").ok();
        let fresh = voyage_with_an_entry(&m.a, "Never pushed before the crash");
        let before = m.remote.tip(&old);
        let output =
            m.a.command(&["voyage", "push", "--all", "--remote", &remote])
                .env("HELM_SYNC_KILL_AT", point)
                .output()
                .unwrap();
        assert_eq!(output.status.code(), None, "killed at {point}: {output:?}");
        match point {
            "push-built" => {
                assert_eq!(m.remote.tip(&old), before);
                assert_eq!(m.remote.tip(&fresh), None);
            }
            _ => assert_ne!(m.remote.tip(&old), before),
        }
        // The next push completes: whatever landed is recorded, not sent again.
        let report =
            m.a.run(&["voyage", "push", "--all", "--remote", &remote, "--json"])
                .ok()
                .json();
        let expected = match point {
            "push-built" => "pushed",
            _ => "up-to-date",
        };
        for id in [&old, &fresh] {
            let doc = by_id(&report, id);
            assert_eq!(doc["outcome"], expected, "{point}: {report}");
            assert_eq!(m.remote.tip(id).as_deref(), doc["head"].as_str());
        }
        m.b.run(&["voyage", "pull", "--all", "--remote", &remote])
            .ok();
        for id in [&old, &fresh] {
            assert_eq!(story(&m.b, id), story(&m.a, id), "{point}");
        }
        m.remote.git(&["fsck", "--strict", "--no-progress"]);
    }
}

/// A push is git's own compare-and-swap, an unforced fast-forward, not a
/// lease per ref (git checks each lease against every ref a busy remote
/// advertises): a remote put back to an earlier commit of the voyage holds
/// nothing the voyage here lacks, and the next push brings it forward.
#[test]
fn a_push_is_a_fast_forward_of_whatever_the_remote_holds_of_the_voyage() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Put back on the remote");
    let first = m.push(&m.a, &id).ok().json()["head"]
        .as_str()
        .unwrap()
        .to_string();
    m.a.log(&id, "ready", "second").ok();
    m.push(&m.a, &id).ok();
    m.remote
        .git(&["update-ref", &format!("refs/helm/voyages/{id}"), &first]);
    m.a.log(&id, "ready", "third").ok();
    let pushed = m.push(&m.a, &id).ok().json();
    assert_eq!(pushed["pushed"]["entries"], 1, "{pushed}");
    assert_eq!(m.remote.tip(&id).as_deref(), pushed["head"].as_str());
    m.pull(&m.b, &id).ok();
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    assert_eq!(story(&m.b, &id)["entries"].as_array().unwrap().len(), 3);
}
