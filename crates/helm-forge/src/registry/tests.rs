use super::*;
use crate::choose::ForgeRepo;
use crate::choose::RepoPath;

/// A forge as a forge crate registers one, for the rule alone.
struct Test(ForgeName, &'static [&'static str]);

impl Forge for Test {
    fn name(&self) -> ForgeName {
        self.0
    }

    fn home_hosts(&self) -> &'static [&'static str] {
        self.1
    }

    fn repository(&self, at: &RepoRef) -> Option<ForgeRepo> {
        Some(ForgeRepo {
            forge: self.0,
            host: at.host.clone()?,
            repo: at.path.clone(),
        })
    }

    fn env_names(&self) -> &'static [&'static str] {
        &[]
    }

    fn open(
        &self,
        _env: &crate::ForgeEnv,
        _place: &ForgeRepo,
        _limits: &crate::Limits,
    ) -> Result<Box<dyn crate::Repository>> {
        Err(helm_model::error::Error::new(
            Kind::Config,
            "a test forge opens nothing",
        ))
    }
}

fn forges() -> Forges {
    Forges::new(vec![
        Box::new(Test(ForgeName::GitHub, &["github.com"])),
        Box::new(Test(ForgeName::GitLab, &["gitlab.com"])),
        Box::new(Test(ForgeName::Forgejo, &["codeberg.org"])),
    ])
}

fn at(text: &str) -> RepoRef {
    RepoRef::parse(text).unwrap()
}

fn chosen(text: &str, flag: Option<&str>, env: Option<&str>, config: Option<&str>) -> ForgeName {
    forges()
        .choose(&at(text), flag, env, config)
        .unwrap_or_else(|e| panic!("{text}: {}", e.message()))
        .name()
}

#[test]
fn owner_name_without_a_host_is_github() {
    assert_eq!(
        chosen("rust-lang/cargo", None, None, None),
        ForgeName::GitHub
    );
}

#[test]
fn a_home_host_names_its_forge() {
    assert_eq!(
        chosen("https://github.com/o/r", None, None, None),
        ForgeName::GitHub
    );
    assert_eq!(
        chosen("https://GitLab.com/g/s/p", None, None, None),
        ForgeName::GitLab
    );
    assert_eq!(
        chosen("git@codeberg.org:o/r.git", None, None, None),
        ForgeName::Forgejo
    );
}

#[test]
fn the_flag_then_the_environment_then_git_config_decide() {
    let host = "https://git.example.com/g/p";
    assert_eq!(
        chosen(host, Some("forgejo"), Some("gitlab"), Some("github")),
        ForgeName::Forgejo
    );
    assert_eq!(
        chosen(host, None, Some("gitlab"), Some("github")),
        ForgeName::GitLab
    );
    assert_eq!(chosen(host, None, None, Some("GitHub")), ForgeName::GitHub);
    assert_eq!(
        chosen(host, Some(" "), None, Some("forgejo")),
        ForgeName::Forgejo
    );
    // Told, a home host is served by the forge named.
    assert_eq!(
        chosen("https://gitlab.com/g/p", Some("forgejo"), None, None),
        ForgeName::Forgejo
    );
}

#[test]
fn an_unknown_host_names_the_host_and_the_three_ways() {
    let err = forges()
        .choose(&at("https://git.example.com:8443/g/p"), None, None, None)
        .err()
        .expect("refused");
    assert_eq!(err.kind(), Kind::Config);
    assert!(err.message().to_string().contains("git.example.com:8443"));
    let hint = err.hint_text().unwrap();
    for way in [
        "--forge",
        "HELM_FORGE",
        "git config helm.forge.git.example.com:8443",
    ] {
        assert!(hint.contains(way), "{hint}");
    }
}

#[test]
fn a_word_that_is_no_forge_is_refused_where_it_was_given() {
    let flag = forges()
        .choose(&at("o/r"), Some("gitea"), None, None)
        .err()
        .unwrap();
    assert_eq!(flag.kind(), Kind::Usage);
    assert!(flag.message().to_string().contains("'gitea'"));
    assert!(
        flag.hint_text()
            .unwrap()
            .contains("github, gitlab, forgejo")
    );
    let env = forges()
        .choose(&at("o/r"), None, Some("bitbucket"), None)
        .err()
        .unwrap();
    assert_eq!(env.kind(), Kind::Config);
    assert!(env.message().to_string().contains("HELM_FORGE"));
}

#[test]
fn a_forge_this_helm_lacks_is_said() {
    let only_github = Forges::new(vec![Box::new(Test(ForgeName::GitHub, &["github.com"]))]);
    let err = only_github
        .choose(&at("o/r"), Some("gitlab"), None, None)
        .err()
        .unwrap();
    assert!(err.message().to_string().contains("without GitLab"));
    assert!(err.hint_text().unwrap().contains("github"));
}

#[test]
fn the_chosen_forge_reads_the_repository() {
    let forges = forges();
    let gitlab = forges.get(ForgeName::GitLab).unwrap();
    let place = gitlab.repository(&at("gitlab.com/g/s/p")).unwrap();
    assert_eq!(place.repo, RepoPath::new("g/s/p").unwrap());
    assert_eq!(gitlab.capabilities().actions.len(), 14);
}
