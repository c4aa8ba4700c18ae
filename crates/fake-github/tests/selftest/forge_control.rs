//! The `fake-github gitlab ...` and `fake-github forgejo ...` subcommands: teammates acting
//! on the running server's other forges, seen through their APIs, and `env --forge`.

use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::*;

struct Served {
    child: Child,
    state: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Served {
    fn start() -> Self {
        let dir = tempfile::tempdir().expect("a temp dir");
        let state = dir.path().join("fake.json");
        let child = Command::new(env!("CARGO_BIN_EXE_fake-github"))
            .args(["--state", &state.display().to_string(), "serve"])
            .stdout(Stdio::null())
            .spawn()
            .expect("fake-github serve starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !state.exists() {
            assert!(
                Instant::now() < deadline,
                "fake-github serve wrote no state file"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Served {
            child,
            state,
            _dir: dir,
        }
    }

    fn run(&self, args: &[&str]) -> String {
        let output = Command::new(env!("CARGO_BIN_EXE_fake-github"))
            .arg("--state")
            .arg(&self.state)
            .args(args)
            .output()
            .expect("fake-github runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "fake-github {args:?}: {stderr}");
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    fn get(&self, path: &str, authorization: &str) -> Value {
        let about: Value =
            serde_json::from_str(&std::fs::read_to_string(&self.state).unwrap()).unwrap();
        let addr = about["url"].as_str().unwrap().trim_start_matches("http://");
        let mut stream = TcpStream::connect(addr).expect("connect");
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: fake\r\nAuthorization: {authorization}\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b)
            .unwrap_or_default();
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = Command::new(env!("CARGO_BIN_EXE_fake-github"))
            .arg("--state")
            .arg(Path::new(&self.state))
            .arg("stop")
            .output();
        let _ = self.child.wait();
    }
}

#[test]
fn teammates_act_on_gitlab_and_forgejo_through_the_subcommands() {
    let served = Served::start();
    served.run(&[
        "gitlab",
        "project",
        "--project",
        "acme/widgets",
        "--merge-method",
        "ff",
    ]);
    let iid = served.run(&[
        "gitlab",
        "mr",
        "--project",
        "acme/widgets",
        "--title",
        "Add",
        "--source",
        "feature",
    ]);
    served.run(&[
        "gitlab",
        "comment",
        "--project",
        "acme/widgets",
        "--iid",
        &iid,
        "--mr",
        "--user",
        "bob",
        "--body",
        "Looks good",
    ]);
    served.run(&[
        "gitlab",
        "pipeline",
        "--project",
        "acme/widgets",
        "--iid",
        &iid,
        "--status",
        "running",
    ]);
    let env = served.run(&["env", "--forge", "gitlab"]);
    assert!(env.contains("/api/v4\nexport GITLAB_TOKEN=glpat-"), "{env}");
    let gitlab = format!("Bearer {}", fake_github::GITLAB_TOKEN);
    let notes = served.get(
        &format!("/api/v4/projects/acme%2Fwidgets/merge_requests/{iid}/notes"),
        &gitlab,
    );
    assert_eq!(
        (
            notes[0]["author"]["username"].clone(),
            notes[0]["body"].clone()
        ),
        (json!("bob"), json!("Looks good"))
    );
    let mr = served.get(
        &format!("/api/v4/projects/acme%2Fwidgets/merge_requests/{iid}"),
        &gitlab,
    );
    assert_eq!(mr["detailed_merge_status"], "ci_must_pass");

    served.run(&["forgejo", "repo", "--repo", "acme/widgets"]);
    let number = served.run(&[
        "forgejo",
        "pull",
        "--repo",
        "acme/widgets",
        "--title",
        "Add",
        "--head",
        "feature",
    ]);
    served.run(&[
        "forgejo",
        "review",
        "--repo",
        "acme/widgets",
        "--number",
        &number,
        "--user",
        "bob",
        "--verdict",
        "APPROVED",
    ]);
    let head = served.run(&[
        "forgejo",
        "push",
        "--repo",
        "acme/widgets",
        "--number",
        &number,
    ]);
    served.run(&[
        "forgejo",
        "status",
        "--repo",
        "acme/widgets",
        "--number",
        &number,
        "--status",
        "success",
    ]);
    let forgejo = format!("token {}", fake_github::FORGEJO_TOKEN);
    let pull = served.get(
        &format!("/api/v1/repos/acme/widgets/pulls/{number}"),
        &forgejo,
    );
    assert_eq!(pull["head"]["sha"], head.as_str());
    let status = served.get(
        &format!("/api/v1/repos/acme/widgets/commits/{head}/status"),
        &forgejo,
    );
    assert_eq!(status["state"], "success");
    let reviews = served.get(
        &format!("/api/v1/repos/acme/widgets/pulls/{number}/reviews"),
        &forgejo,
    );
    assert_eq!(reviews[0]["user"]["login"], "bob");
    // GitHub's env is unchanged by the other forges.
    assert!(
        served
            .run(&["env"])
            .starts_with("export HELM_GITHUB_API_URL=http://127.0.0.1:")
    );
}

#[test]
fn default_branch_sets_what_the_repository_answers() {
    let served = Served::start();
    let token = format!("Bearer {}", fake_github::TOKEN);
    let before = served.get("/repos/acme/widgets", &token);
    assert_eq!(before["default_branch"], "main", "{before}");
    served.run(&[
        "default-branch",
        "--repo",
        "acme/widgets",
        "--branch",
        "develop",
    ]);
    let after = served.get("/repos/acme/widgets", &token);
    assert_eq!(after["default_branch"], "develop", "{after}");
}
