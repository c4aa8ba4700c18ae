//! One fake GitLab with one project at a nested path, the repository helm
//! opens on it through the registered forge (as the core does: environment
//! handed in, inside a current-thread runtime), and the checks every test
//! ends with.

use std::time::Duration;

use fake_github::FakeGitHub;
use helm_forge::act::Steer;
use helm_forge::{ForgeEnv, ForgeError, Io, Limits, Produced, RepoRef, Repository, WritePlan};
use tokio::runtime::Runtime;

/// A project in nested groups: its path must travel as `group%2Fsub%2Fproject`.
pub const PROJECT: &str = "group/sub/project";

pub struct Lab {
    pub repo: Box<dyn Repository>,
    pub rt: Runtime,
    pub fake: FakeGitHub,
}

impl Lab {
    pub fn new() -> Lab {
        Lab::with_timeout(Duration::from_secs(10))
    }

    pub fn with_timeout(timeout: Duration) -> Lab {
        let fake = FakeGitHub::start();
        fake.gitlab().add_project(PROJECT);
        let rt = helm_http::runtime().unwrap();
        let mut env = ForgeEnv::new();
        env.set("HELM_GITLAB_API_URL", Some(fake.gitlab().url()));
        env.set("GITLAB_TOKEN", Some(fake.gitlab().token().to_string()));
        let forge = helm_gitlab::forge();
        let at = RepoRef::parse(PROJECT).unwrap();
        let place = forge.repository(&at).unwrap();
        let limits = Limits {
            timeout,
            identity: None,
            home: std::env::temp_dir(),
        };
        let repo = {
            let _inside = rt.enter();
            forge
                .open(&env, &place, &limits)
                .expect("opened through the seam")
        };
        Lab { repo, rt, fake }
    }

    pub fn run<T>(&self, io: Io<'_, T>) -> Result<T, ForgeError> {
        self.rt.block_on(io)
    }

    pub fn plan(&self, steer: &Steer) -> WritePlan {
        self.run(self.repo.prepare(steer)).unwrap()
    }

    /// Prepares and sends `steer`, as a steer does.
    pub fn act(&self, steer: &Steer) -> Produced {
        let plan = self.plan(steer);
        self.run(self.repo.send(&plan)).unwrap()
    }

    /// The writes the fake received, as `METHOD path`.
    pub fn writes(&self) -> Vec<String> {
        let writes = self
            .fake
            .requests()
            .into_iter()
            .filter(|r| r.method != "GET");
        writes
            .map(|r| format!("{} {}", r.method, r.path_and_query))
            .collect()
    }

    /// Every test's last word: nothing helm sent lies outside GitLab's
    /// documented endpoints, and every request named the project by its
    /// encoded path.
    pub fn done(self) {
        assert_eq!(self.fake.violations(), Vec::<String>::new());
        for request in self.fake.requests() {
            let path = request.path();
            assert!(
                !path.starts_with("/api/v4/projects/")
                    || path.starts_with("/api/v4/projects/group%2Fsub%2Fproject"),
                "{path}"
            );
        }
    }
}
