//! The two set-ups of a test against a forge: a fresh fake (GitHub, or the
//! same server playing GitLab or Forgejo), an environment pointed at it, and
//! a voyage to work in. Tests that need more (an issue, an observation on the
//! slate, a clock offset) add it to what these return, so only this file
//! starts a fake for a voyage.

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

/// The forges the fake server plays beside GitHub.
#[derive(Clone, Copy, Debug)]
pub enum Other {
    GitLab,
    Forgejo,
}

/// A fresh fake playing `forge`, an environment aimed at it (its API URL
/// and token, a 5 s deadline), the repository `repo` on it, and a new voyage
/// for `intent` that `HELM_VOYAGE` names. A test on a host the forge does not
/// own also sets `HELM_FORGE` or passes `--forge`.
pub fn forge_voyage(forge: Other, repo: &str, intent: &str) -> (TestEnv, FakeGitHub, String) {
    let fake = FakeGitHub::start();
    let mut env = TestEnv::new();
    match forge {
        Other::GitLab => {
            env.set("HELM_GITLAB_API_URL", &fake.gitlab().url())
                .set("GITLAB_TOKEN", fake.gitlab().token());
            fake.gitlab().add_project(repo);
        }
        Other::Forgejo => {
            env.set("HELM_FORGEJO_API_URL", &fake.forgejo().url())
                .set("FORGEJO_TOKEN", fake.forgejo().token());
            fake.forgejo().add_repo(repo);
        }
    }
    env.set("HELM_GITHUB_TIMEOUT", "5");
    let voyage = env.new_voyage(intent);
    env.set("HELM_VOYAGE", &voyage);
    (env, fake, voyage)
}

/// Every request `gh` received as `METHOD PATH BODY -> STATUS`, sorted:
/// helm sends some of them together, so their order is not the point.
pub fn sorted_requests(gh: &FakeGitHub) -> Vec<String> {
    let mut sent: Vec<String> = gh
        .requests()
        .iter()
        .map(|r| {
            format!(
                "{} {} {} -> {}",
                r.method, r.path_and_query, r.raw_body, r.status
            )
        })
        .collect();
    sent.sort();
    sent
}
