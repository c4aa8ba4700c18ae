//! One fake Forgejo with a repository, and helm's Forgejo opened on it the
//! way the core opens a forge: from the forge's variables, inside a
//! current-thread runtime.

use std::future::Future;
use std::time::Duration;

use fake_github::FakeGitHub;
use helm_forge::act::Steer;
use helm_forge::{
    ForgeEnv, ForgeError, ForgeWrite, Limits, Produced, RepoRef, Repository, WritePlan,
};
use helm_model::clock::Began;

pub const REPO: &str = "acme/widgets";

pub struct World {
    pub fake: FakeGitHub,
    pub forgejo: Box<dyn Repository>,
    runtime: tokio::runtime::Runtime,
}

impl World {
    pub fn new() -> World {
        World::with_timeout(Duration::from_secs(20))
    }

    pub fn with_timeout(timeout: Duration) -> World {
        let fake = FakeGitHub::start();
        fake.forgejo().add_repo(REPO);
        let mut env = ForgeEnv::new();
        env.set("HELM_FORGEJO_API_URL", Some(fake.forgejo().url()));
        env.set("FORGEJO_TOKEN", Some(fake.forgejo().token().to_string()));
        let runtime = helm_http::runtime().unwrap();
        let forge = helm_forgejo::forge();
        let place = forge.repository(&RepoRef::parse(REPO).unwrap()).unwrap();
        let limits = Limits {
            timeout,
            identity: None,
            home: std::env::temp_dir(),
        };
        let forgejo = {
            let _inside = runtime.enter();
            forge
                .open(&env, &place, &limits)
                .expect("opened through the seam")
        };
        World {
            fake,
            forgejo,
            runtime,
        }
    }

    pub fn run<T>(&self, future: impl Future<Output = T>) -> T {
        self.runtime.block_on(future)
    }

    pub fn prepare(&self, steer: Steer) -> WritePlan {
        self.run(self.forgejo.prepare(&steer))
            .unwrap_or_else(|e| panic!("prepare: {}", e.error))
    }

    pub fn send(&self, plan: &WritePlan) -> Result<Produced, ForgeError> {
        self.run(self.forgejo.send(plan))
    }

    /// Prepares and sends `steer`, which must succeed.
    pub fn steer(&self, steer: Steer) -> Produced {
        let plan = self.prepare(steer);
        self.send(&plan)
            .unwrap_or_else(|e| panic!("send: {}", e.error))
    }

    /// The attempt's start as a pending record keeps it: this machine's
    /// clock, with a reading of Forgejo's taken just before.
    pub fn began(&self) -> Began {
        self.run(self.forgejo.viewer()).unwrap();
        Began {
            started_at: jiff::Timestamp::now().to_string(),
            clock: self.forgejo.clock(),
        }
    }

    /// The writes the fake received, as `METHOD path`.
    pub fn writes(&self) -> Vec<String> {
        self.fake
            .writes()
            .iter()
            .map(|r| format!("{} {}", r.method, r.path()))
            .collect()
    }

    /// Every request the fake saw is one Forgejo's swagger documents.
    pub fn no_violations(&self) {
        let violations = self.fake.violations();
        assert!(
            violations.is_empty(),
            "outside Forgejo's swagger: {violations:#?}"
        );
    }
}

pub fn write(method: &'static str, path: &str, body: Option<&str>) -> ForgeWrite {
    ForgeWrite {
        method,
        path: path.to_string(),
        body: body.map(str::to_string),
    }
}
