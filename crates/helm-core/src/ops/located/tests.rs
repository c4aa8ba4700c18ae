use std::sync::atomic::{AtomicUsize, Ordering};

use helm_forge::{Forge, ForgeEnv, Forges, Limits, RepoRef, Repository};

use super::*;

/// How many times a forge's `open` was asked, across the tests of this file.
static OPENED: AtomicUsize = AtomicUsize::new(0);

/// A forge as a forge crate registers it, for the rules alone: GitHub's
/// `OWNER/NAME` or GitLab's nested groups on its home host. It opens
/// nothing, and counts each time it is asked to.
struct Rules(ForgeName);

impl Forge for Rules {
    fn name(&self) -> ForgeName {
        self.0
    }

    fn home_hosts(&self) -> &'static [&'static str] {
        match self.0 {
            ForgeName::GitHub => &["github.com"],
            _ => &["gitlab.com"],
        }
    }

    fn repository(&self, at: &RepoRef) -> Option<ForgeRepo> {
        if self.0 == ForgeName::GitHub {
            at.path.owner_name()?;
        }
        Some(ForgeRepo {
            forge: self.0,
            host: at
                .host
                .clone()
                .unwrap_or_else(|| self.home_hosts()[0].into()),
            repo: at.path.clone(),
        })
    }

    fn env_names(&self) -> &'static [&'static str] {
        match self.0 {
            ForgeName::GitHub => &["GH_REPO", "HELM_GITHUB_API_URL"],
            _ => &["GITLAB_TOKEN"],
        }
    }

    fn open(
        &self,
        _env: &ForgeEnv,
        _place: &ForgeRepo,
        _limits: &Limits,
    ) -> Result<Box<dyn Repository>> {
        OPENED.fetch_add(1, Ordering::SeqCst);
        Err(Error::new(Kind::Config, "a test forge opens nothing"))
    }
}

/// A Helm with the rules of GitHub and GitLab,
/// in a folder that is no git repository, and no GH_REPO.
fn helm() -> (Helm, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut helm = Helm::from_env(Forges::new(vec![
        Box::new(Rules(ForgeName::GitHub)),
        Box::new(Rules(ForgeName::GitLab)),
    ]))
    .expect("a Helm from the environment");
    helm.cwd = dir.path().to_path_buf();
    helm.forges.env.set("GH_REPO", None);
    helm.forges.env.set("HELM_GITHUB_API_URL", None);
    helm.forges.chosen = None;
    (helm, dir)
}

#[test]
fn owner_slash_name_is_github_and_a_host_is_its_forge() {
    let (helm, _dir) = helm();
    let github = |text: &str| match helm.locate(Some(text), None).unwrap() {
        Located::GitHub(repo) => repo.to_string(),
        other => panic!("{text} located {other:?}"),
    };
    assert_eq!(github("acme/widgets"), "acme/widgets");
    assert_eq!(
        github("https://github.com/acme/widgets.git"),
        "acme/widgets"
    );
    assert_eq!(github("git@github.com:acme/widgets.git"), "acme/widgets");
    for (text, host, path) in [
        (
            "https://gitlab.com/group/sub/project",
            "gitlab.com",
            "group/sub/project",
        ),
        (
            "git@gitlab.com:group/project.git",
            "gitlab.com",
            "group/project",
        ),
        (
            "https://gitlab.com/group/project/-/merge_requests/7",
            "gitlab.com",
            "group/project",
        ),
    ] {
        match helm.locate(Some(text), None).unwrap() {
            Located::Forge(place) => {
                assert_eq!(place.forge, ForgeName::GitLab, "{text}");
                assert_eq!((place.host.as_str(), place.repo.as_str()), (host, path));
            }
            other => panic!("{text} located {other:?}"),
        }
    }
    // --forge places a host no forge calls home; OWNER/NAME with --forge
    // gitlab is on GitLab.
    let place = helm
        .locate(Some("git.example.org/g/p"), Some("gitlab"))
        .unwrap();
    assert!(matches!(place, Located::Forge(p) if p.host == "git.example.org"));
    let place = helm.locate(Some("g/p"), Some("gitlab")).unwrap();
    assert!(matches!(place, Located::Forge(p) if p.host == "gitlab.com"));
}

#[test]
fn an_unknown_host_and_a_malformed_repository_are_clear_errors() {
    let (helm, _dir) = helm();
    let unknown = helm
        .locate(Some("https://git.example.org/g/p"), None)
        .unwrap_err();
    assert_eq!(unknown.kind(), Kind::Config);
    assert!(unknown.to_string().contains("git.example.org"), "{unknown}");
    // GitHub's own words for a malformed OWNER/NAME, as before.
    let malformed = helm.locate(Some("not a repo"), None).unwrap_err();
    assert_eq!(malformed.kind(), Kind::Usage);
    assert!(malformed.to_string().contains("OWNER/NAME"), "{malformed}");
    // No --repo, no GH_REPO, no origin: GitHub's words, or the forge's.
    let none = helm.locate(None, None).unwrap_err();
    assert!(none.to_string().contains("GH_REPO"), "{none}");
    let none = helm.locate(None, Some("gitlab")).unwrap_err();
    assert!(
        none.to_string().starts_with("no repository on gitlab"),
        "{none}"
    );
}

#[test]
fn every_forge_is_opened_through_the_seam_it_registered() {
    let (helm, _dir) = helm();
    let before = OPENED.load(Ordering::SeqCst);
    let github = ForgeRepo {
        forge: ForgeName::GitHub,
        host: "github.com".into(),
        repo: helm_forge::RepoPath::new("acme/widgets").unwrap(),
    };
    let err = helm.open_forge(&github, None).err().expect("opens nothing");
    assert!(err.to_string().contains("opens nothing"), "{err}");
    let gitlab = ForgeRepo {
        forge: ForgeName::GitLab,
        ..github
    };
    assert!(helm.open_forge(&gitlab, None).is_err());
    assert_eq!(OPENED.load(Ordering::SeqCst), before + 2);
}
