//! The one set-up of a test against GitHub: a fresh fake GitHub, an
//! environment pointed at it, and a voyage to work in. Tests that need more
//! (an issue, an observation on the slate, a clock offset) add it to what
//! this returns, so only this file starts a fake for a voyage.

use super::env::TestEnv;
use super::fake_github::FakeGitHub;

/// A fresh fake GitHub, an environment pointed at it with `GH_REPO` set to
/// `repo` ([`TestEnv::for_github`]), and a new voyage for `intent` that
/// `HELM_VOYAGE` names.
pub fn github_voyage(repo: &str, intent: &str) -> (TestEnv, FakeGitHub, String) {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, repo);
    let voyage = env.new_voyage(intent);
    env.set("HELM_VOYAGE", &voyage);
    (env, gh, voyage)
}
