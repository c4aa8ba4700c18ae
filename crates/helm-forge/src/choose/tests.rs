use super::*;

fn parsed(text: &str) -> (Option<String>, String) {
    let at = RepoRef::parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.message()));
    (at.host, at.path.as_str().to_string())
}

fn refused(text: &str) -> String {
    match RepoRef::parse(text) {
        Ok(at) => panic!("{text} read as {at:?}"),
        Err(err) => err.message().to_string(),
    }
}

fn host(h: &str, p: &str) -> (Option<String>, String) {
    (Some(h.to_string()), p.to_string())
}

#[test]
fn owner_name_has_no_host() {
    assert_eq!(parsed("rust-lang/cargo"), (None, "rust-lang/cargo".into()));
    assert_eq!(
        parsed(" rust-lang/cargo.git/ "),
        (None, "rust-lang/cargo".into())
    );
}

#[test]
fn a_first_segment_with_a_dot_or_a_port_is_a_host() {
    assert_eq!(
        parsed("github.example.com/o/r"),
        host("github.example.com", "o/r")
    );
    assert_eq!(
        parsed("gitlab.example.com/group/sub/project"),
        host("gitlab.example.com", "group/sub/project")
    );
    assert_eq!(parsed("127.0.0.1:8080/o/r"), host("127.0.0.1:8080", "o/r"));
    assert_eq!(parsed("localhost:3000/o/r"), host("localhost:3000", "o/r"));
}

#[test]
fn urls_of_every_form_name_their_host_and_path() {
    assert_eq!(
        parsed("https://github.com/rust-lang/cargo"),
        host("github.com", "rust-lang/cargo")
    );
    assert_eq!(
        parsed("https://github.com/rust-lang/cargo.git"),
        host("github.com", "rust-lang/cargo")
    );
    assert_eq!(
        parsed("https://gitlab.com/group/sub/project"),
        host("gitlab.com", "group/sub/project")
    );
    assert_eq!(
        parsed("https://codeberg.org/owner/repo/"),
        host("codeberg.org", "owner/repo")
    );
    assert_eq!(
        parsed("http://127.0.0.1:4000/o/r"),
        host("127.0.0.1:4000", "o/r")
    );
    assert_eq!(
        parsed("ssh://git@gitlab.example.com:2222/g/p.git"),
        host("gitlab.example.com:2222", "g/p")
    );
    assert_eq!(
        parsed("https://user@gitlab.com/g/p"),
        host("gitlab.com", "g/p")
    );
}

#[test]
fn scp_like_remotes_are_read_as_git_reads_them() {
    assert_eq!(
        parsed("git@gitlab.example.com:group/project.git"),
        host("gitlab.example.com", "group/project")
    );
    assert_eq!(
        parsed("git@github.com:rust-lang/cargo.git"),
        host("github.com", "rust-lang/cargo")
    );
    assert_eq!(parsed("gitlab.com:g/sub/p"), host("gitlab.com", "g/sub/p"));
}

#[test]
fn a_gitlab_page_url_names_its_project() {
    assert_eq!(
        parsed("https://gitlab.com/group/sub/project/-/merge_requests/7"),
        host("gitlab.com", "group/sub/project")
    );
}

#[test]
fn a_path_that_could_escape_or_mislead_is_refused() {
    for bad in [
        "o/../r",
        "../o/r",
        "o/./r",
        "o//r",
        "o/r//x/",
        "o/r\u{7}",
        "o/\u{1b}[31mr",
        "o/r name",
        "o/r?x=1",
        "o/r#frag",
        "o/%2e%2e",
        "https://github.com/o/../../r",
        "https://github.com/o",
        "https://github.com",
        "git@host:",
        "https://bad host/o/r",
        "ftp://example.com/o/r",
        "cargo",
        "",
        "   ",
    ] {
        let why = refused(bad);
        assert!(!why.is_empty(), "{bad}");
    }
    assert!(refused("o/../r").contains("'..'"));
    assert!(refused("o//r").contains("empty segment"));
    assert!(refused("o/r\u{7}").contains("\\u{7}"));
}

#[test]
fn a_refusal_says_what_to_give() {
    let err = RepoRef::parse("o/../r").unwrap_err();
    assert_eq!(err.kind(), helm_model::error::Kind::Usage);
    assert!(err.hint_text().unwrap().contains("HOST/PATH"));
}

#[test]
fn a_path_of_two_segments_is_an_owner_and_a_name() {
    let path = RepoPath::new("o/r").unwrap();
    assert_eq!(path.owner_name(), Some(("o", "r")));
    assert_eq!(RepoPath::new("g/s/p").unwrap().owner_name(), None);
}
