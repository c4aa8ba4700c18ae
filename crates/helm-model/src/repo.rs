//! `Repo`: a GitHub repository as `owner/name`, checked once when it is
//! resolved and carried typed from then on (in targets, steer requests and
//! records), so no layer parses the text again.
//!
//! GitHub treats owner and repository names case-insensitively, and so does
//! every comparison of a `Repo` (equality, ordering, hashing): `Octo/Widget`
//! and `octo/widget` are one repository. The spelling is kept as given, for
//! display and for the records (ADR 0013).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `owner/name`, validated; compared without regard to ASCII case.
#[derive(Clone, Debug)]
pub struct Repo {
    pub owner: String,
    pub name: String,
}

impl Repo {
    /// The spelling every comparison uses: lowercase (names are ASCII).
    fn folded(&self) -> (String, String) {
        (
            self.owner.to_ascii_lowercase(),
            self.name.to_ascii_lowercase(),
        )
    }
}

impl PartialEq for Repo {
    fn eq(&self, other: &Repo) -> bool {
        self.owner.eq_ignore_ascii_case(&other.owner) && self.name.eq_ignore_ascii_case(&other.name)
    }
}

impl Eq for Repo {}

impl Hash for Repo {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.folded().hash(state);
    }
}

impl PartialOrd for Repo {
    fn partial_cmp(&self, other: &Repo) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Repo {
    fn cmp(&self, other: &Repo) -> Ordering {
        self.folded().cmp(&other.folded())
    }
}

impl fmt::Display for Repo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.owner, self.name)
    }
}

/// GitHub's rules, loosely: owners are alphanumeric with hyphens; repository
/// names also allow `.` and `_`. Neither may be `.` or `..`.
fn valid_part(part: &str, owner: bool) -> bool {
    !part.is_empty()
        && part.len() <= 100
        && part != "."
        && part != ".."
        && part
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || (!owner && c == '.'))
}

impl Repo {
    /// Parses `OWNER/NAME` (also `HOST/OWNER/NAME`, as `gh` accepts).
    pub fn parse(text: &str) -> Option<Repo> {
        let text = text.trim().trim_end_matches('/');
        let text = text.strip_suffix(".git").unwrap_or(text);
        let parts: Vec<&str> = text.split('/').collect();
        let (owner, name) = match parts.as_slice() {
            [owner, name] => (*owner, *name),
            [host, owner, name] if host.contains('.') => (*owner, *name),
            _ => return None,
        };
        (valid_part(owner, true) && valid_part(name, false)).then(|| Repo {
            owner: owner.to_string(),
            name: name.to_string(),
        })
    }

    /// A repository as a person types it: `OWNER/NAME`, `HOST/OWNER/NAME`,
    /// or a URL as GitHub shows it or git clones it
    /// (`https://github.com/OWNER/NAME(.git)`, `git@github.com:OWNER/NAME.git`,
    /// and the same on a GitHub Enterprise host).
    pub fn given(text: &str) -> Option<Repo> {
        Repo::parse(text).or_else(|| Repo::from_remote(text))
    }

    /// Parses a git remote URL in its https, ssh or scp-like form.
    pub fn from_remote(url: &str) -> Option<Repo> {
        let url = url.trim();
        let path = if let Some(rest) = url.split_once("://").map(|(_, rest)| rest) {
            // https://[user@]host[:port]/owner/name(.git)  or  ssh://git@host[:port]/owner/name
            rest.split_once('/')?.1
        } else if let Some((host, path)) = url.split_once(':') {
            // git@github.com:owner/name.git
            if host.contains('/') {
                return None;
            }
            path
        } else {
            return None;
        };
        let path = path.trim_start_matches('/');
        Repo::parse(path).filter(|_| path.trim_end_matches('/').matches('/').count() == 1)
    }
}

impl Serialize for Repo {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// `OWNER/NAME` as one string, as it is serialised.
impl schemars::JsonSchema for Repo {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Repo".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A GitHub repository as OWNER/NAME.",
            "pattern": "^[^/]+/[^/]+$"
        })
    }
}

impl<'de> Deserialize<'de> for Repo {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Repo, D::Error> {
        let text = String::deserialize(d)?;
        Repo::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("'{text}' is not a repository: expected OWNER/NAME"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo(owner: &str, name: &str) -> Option<Repo> {
        Some(Repo {
            owner: owner.into(),
            name: name.into(),
        })
    }

    #[test]
    fn parses_owner_slash_name() {
        assert_eq!(Repo::parse("rust-lang/cargo"), repo("rust-lang", "cargo"));
        assert_eq!(Repo::parse("o/my.repo_x"), repo("o", "my.repo_x"));
        assert_eq!(Repo::parse("github.com/o/r"), repo("o", "r"));
        for bad in [
            "", "o", "o/", "/r", "o/r/x", "o r/x", "../r", "o/..", "o/r?x",
        ] {
            assert_eq!(Repo::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn spellings_differing_in_case_are_one_repository() {
        let given = Repo::parse("Octo/Widget").unwrap();
        let other = Repo::parse("octo/WIDGET").unwrap();
        assert_eq!(given, other);
        assert_eq!(given.cmp(&other), Ordering::Equal);
        let hashed = |r: &Repo| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.hash(&mut h);
            h.finish()
        };
        assert_eq!(hashed(&given), hashed(&other));
        assert_ne!(given, Repo::parse("octo/gadget").unwrap());
        // The spelling stays as given.
        assert_eq!(given.to_string(), "Octo/Widget");
    }

    #[test]
    fn takes_what_people_type() {
        for text in [
            "o/r",
            "github.com/o/r",
            "https://github.com/o/r",
            "https://github.com/o/r.git",
            "https://github.com/o/r/",
            "git@github.com:o/r.git",
            "https://ghe.example.com/o/r",
            "git@ghe.example.com:o/r.git",
        ] {
            assert_eq!(Repo::given(text), repo("o", "r"), "{text}");
        }
        for bad in [
            "o",
            "https://github.com/o",
            "https://github.com/o/r/pull/4",
            "a b/c",
        ] {
            assert_eq!(Repo::given(bad), None, "{bad}");
        }
    }

    #[test]
    fn parses_remote_forms() {
        for url in [
            "https://github.com/o/r.git",
            "https://github.com/o/r",
            "https://user@ghe.example.com/o/r.git",
            "git@github.com:o/r.git",
            "ssh://git@github.com/o/r.git",
            "ssh://git@github.com:22/o/r",
        ] {
            assert_eq!(Repo::from_remote(url), repo("o", "r"), "{url}");
        }
        for bad in [
            "",
            "github.com",
            "https://github.com/o",
            "/local/path/repo",
            "file:///tmp/x/y",
        ] {
            assert_eq!(Repo::from_remote(bad), None, "{bad}");
        }
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Nothing a user or a git config can hold makes parsing panic, and
        /// whatever parses round-trips through its display form.
        #[test]
        fn parsing_never_panics_and_round_trips(text in "\\PC{0,80}") {
            if let Some(repo) = Repo::parse(&text) {
                prop_assert_eq!(Repo::parse(&repo.to_string()), Some(repo));
            }
            if let Some(repo) = Repo::from_remote(&text) {
                prop_assert!(!repo.owner.is_empty() && !repo.name.is_empty());
                prop_assert!(!repo.owner.contains('/') && !repo.name.contains('/'));
            }
        }

        #[test]
        fn every_remote_form_of_a_valid_repo_parses(
            owner in "[A-Za-z0-9][A-Za-z0-9-]{0,20}",
            name in "[A-Za-z0-9_][A-Za-z0-9._-]{0,20}",
            host in "(github\\.com|ghe\\.example\\.org)",
        ) {
            prop_assume!(name != "." && name != ".." && !name.ends_with(".git"));
            let expected = Some(Repo { owner: owner.clone(), name: name.clone() });
            for url in [
                format!("https://{host}/{owner}/{name}.git"),
                format!("https://{host}/{owner}/{name}"),
                format!("git@{host}:{owner}/{name}.git"),
                format!("ssh://git@{host}/{owner}/{name}.git"),
            ] {
                prop_assert_eq!(Repo::from_remote(&url), expected.clone(), "{}", url);
            }
            prop_assert_eq!(Repo::parse(&format!("{owner}/{name}")), expected);
        }
    }
}
