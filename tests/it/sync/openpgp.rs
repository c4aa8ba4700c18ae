//! Signed sync with an OpenPGP key (a real `gpg`, its keyring under each
//! test machine's own temporary `$HOME/.gnupg`): git's verdict on such a signature depends on
//! the keyring and trust database, which helm does not remember, so once
//! the key is deleted neither `voyage verify --signatures` nor `voyage
//! show` still calls the commits signed.

use std::path::PathBuf;
use std::process::{Command, Output};

use super::{Machines, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// `gpg` on `env`'s keyring.
fn gpg(env: &TestEnv, args: &[&str]) -> Output {
    let output = Command::new("gpg")
        .env("GNUPGHOME", gnupg_home(env))
        .args(["--batch", "--yes", "--passphrase", ""])
        .args(args)
        .output()
        .expect("gpg is missing: run scripts/test-deps.sh, which installs it");
    assert!(
        output.status.success(),
        "gpg {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn gnupg_home(env: &TestEnv) -> PathBuf {
    let home = env.root().join(".gnupg");
    if !home.exists() {
        std::fs::create_dir(&home).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&home, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    home
}

/// Stops the agent gpg started for `env`'s keyring, whatever the test did.
struct Agent(PathBuf);

impl Drop for Agent {
    fn drop(&mut self) {
        let _ = Command::new("gpgconf")
            .env("GNUPGHOME", &self.0)
            .args(["--kill", "gpg-agent"])
            .output();
    }
}

fn verify_signatures(env: &TestEnv, id: &str) -> crate::support::env::Run {
    env.run(&["voyage", "verify", id, "--signatures", "--json"])
}

#[test]
fn a_deleted_openpgp_key_no_longer_verifies_a_pushed_voyage() {
    let m = Machines::new();
    let _agent = Agent(gnupg_home(&m.a));
    gpg(
        &m.a,
        &[
            "--quick-gen-key",
            "Alice <alice@example.com>",
            "default",
            "default",
            "never",
        ],
    );
    let listed = gpg(&m.a, &["--with-colons", "--list-secret-keys"]);
    let listed = String::from_utf8_lossy(&listed.stdout);
    let fingerprint = listed
        .lines()
        .find_map(|line| line.strip_prefix("fpr:"))
        .map(|rest| rest.trim_matches(':').to_string())
        .expect("gpg lists the key it made");
    std::fs::write(
        m.a.root().join(".gitconfig"),
        format!(
            "[user]\n\tsigningKey = {fingerprint}\n[gpg]\n\tformat = openpgp\n[commit]\n\tgpgSign = true\n"
        ),
    )
    .unwrap();

    let id = voyage_with_an_entry(&m.a, "Signed with OpenPGP");
    m.push(&m.a, &id).ok();
    let checked = verify_signatures(&m.a, &id);
    assert_eq!(checked.code, 0, "{checked:?}");
    let story = m.a.run(&["voyage", "show", &id]);
    assert!(
        story.ok().stdout.contains("pushed signed by"),
        "{}",
        story.stdout
    );

    gpg(&m.a, &["--delete-secret-and-public-key", &fingerprint]);
    let checked = verify_signatures(&m.a, &id);
    assert_eq!(
        checked.code, 1,
        "a deleted key verifies nothing: {checked:?}"
    );
    let report: serde_json::Value = serde_json::from_str(&checked.stdout).unwrap();
    assert_eq!(report["ok"], false, "{report}");
    let story = m.a.run(&["voyage", "show", &id]);
    assert!(
        !story.ok().stdout.contains("pushed signed by"),
        "{}",
        story.stdout
    );
}
