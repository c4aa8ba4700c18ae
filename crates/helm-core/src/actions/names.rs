//! The names a steer sends GitHub in lists (labels, logins, team slugs),
//! judged before anything is sent, for every front end alike.
//!
//! GitHub takes what it is sent: a label `docs,good-first-issue` or
//! ` docs` is created as written, and a reviewer `carol,bob` is asked for
//! as one person. The command line splits comma lists before this (gh's
//! habit); what reaches here is one name per item, and an item that cannot
//! be the name meant is refused rather than sent. A label may hold a comma
//! (GitHub allows one: written `\,` on the command line, as is in an MCP
//! array); a login or team slug never does, so a comma there is a list
//! that was not split, and is refused.

use crate::error::{Error, Result, arg};
use crate::model::words;

/// What a list names, which decides the characters a name may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Names {
    Labels,
    /// Logins and team slugs: no comma and no space inside.
    Accounts,
}

/// `values` as given, each checked: not empty, no space around it, and for
/// accounts no comma or space inside. `flag` is the argument's CLI name.
pub(super) fn checked(values: &[String], flag: &'static str, names: Names) -> Result<Vec<String>> {
    for value in values {
        check(value, flag, names)?;
    }
    Ok(values.to_vec())
}

fn check(value: &str, flag: &'static str, names: Names) -> Result<()> {
    if value.trim().is_empty() {
        return Err(Error::usage(words![
            arg(flag),
            format!(" holds an empty name ('{value}')"),
        ])
        .hint(words![
            "give one name per ",
            arg(flag),
            ", or several separated by single commas (a,b); drop the stray comma"
        ]));
    }
    if value.trim() != value {
        return Err(Error::usage(words![
            arg(flag),
            format!(" '{value}' has a space before or after the name"),
        ])
        .hint(words![
            "write the names without spaces around them (",
            arg(flag),
            " a,b, not 'a, b'); GitHub would take the spaces as part of the name"
        ]));
    }
    if names == Names::Accounts
        && let Some(c) = value.chars().find(|c| *c == ',' || c.is_whitespace())
    {
        let what = if c == ',' { "a comma" } else { "a space" };
        return Err(Error::usage(words![
            arg(flag),
            format!(" '{value}' holds {what}, which no GitHub login or team has"),
        ])
        .hint(words![
            "give each name on its own: ",
            arg(flag),
            " carol ",
            arg(flag),
            " bob, or comma-separated on the command line"
        ]));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Names, checked};

    fn ok(values: &[&str], names: Names) -> bool {
        let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        checked(&values, "add", names).is_ok()
    }

    #[test]
    fn a_label_may_hold_a_comma_and_spaces_inside_but_a_login_may_not() {
        assert!(ok(&["needs,triage", "good first issue"], Names::Labels));
        assert!(!ok(&["carol,bob"], Names::Accounts));
        assert!(!ok(&["carol bob"], Names::Accounts));
        assert!(ok(&["carol", "bob-2"], Names::Accounts));
    }

    #[test]
    fn empty_blank_and_padded_names_are_refused() {
        for names in [Names::Labels, Names::Accounts] {
            assert!(!ok(&[""], names));
            assert!(!ok(&["  "], names));
            assert!(!ok(&[" docs"], names));
            assert!(!ok(&["docs "], names));
        }
    }
}
