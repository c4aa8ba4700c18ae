//! Authors' standing on GitLab: each author's access level in the project,
//! inherited memberships included (`GET /projects/:id/members/all`, asked
//! for the authors' ids at once). Developer (30) and above can push; the
//! level's name is kept as GitLab's word (`DEVELOPER`). An author who is no
//! member is `NONE`, who cannot push; a token that may not list the members
//! (403) gets `UNKNOWN` for everyone, who cannot push either: the rule fails
//! closed, as a GitHub text without an association does.

use helm_forge::{AuthorStanding, ForgeError};
use helm_model::error::Kind;

use crate::api::GitLabApi;
use crate::wire::{GitLabMember, GitLabUser};

/// The access level from which a member can push (Developer).
const CAN_PUSH: u32 = 30;

/// GitLab's name of an access level.
fn word(level: u32) -> &'static str {
    match level {
        50.. => "OWNER",
        40..=49 => "MAINTAINER",
        30..=39 => "DEVELOPER",
        20..=29 => "REPORTER",
        15..=19 => "PLANNER",
        10..=14 => "GUEST",
        5..=9 => "MINIMAL_ACCESS",
        _ => "NONE",
    }
}

/// A standing GitLab did not show: no push, and the word says it is not known.
fn unknown(login: &str) -> AuthorStanding {
    AuthorStanding {
        login: login.to_string(),
        can_push: false,
        word: "UNKNOWN".to_string(),
    }
}

pub(crate) async fn standing(
    api: &GitLabApi,
    logins: &[String],
) -> Result<Vec<AuthorStanding>, ForgeError> {
    let mut logins: Vec<&String> = logins.iter().collect();
    logins.sort_by_key(|l| l.to_ascii_lowercase());
    logins.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    // A username's id: the members listing is keyed by ids.
    let mut ids = Vec::new();
    for login in &logins {
        let path = format!("/users?username={}", crate::api::encode(login));
        let users: Vec<GitLabUser> = api.get(&path).await?;
        if let Some(user) = users
            .iter()
            .find(|u| u.username.eq_ignore_ascii_case(login))
        {
            ids.push((user.id, login.to_ascii_lowercase()));
        }
    }
    let mut members = Vec::new();
    if !ids.is_empty() {
        let query: Vec<String> = ids
            .iter()
            .map(|(id, _)| format!("user_ids[]={id}"))
            .collect();
        let path = api.path(&format!("/members/all?{}", query.join("&")));
        members = match api.pages::<GitLabMember>(&path).await {
            Ok((members, _)) => members,
            // A token that may not list members shows no standing: not
            // known, which fails closed (the text is untrusted).
            Err(err) if matches!(err.error.kind(), Kind::Config | Kind::NotFound) => {
                return Ok(logins.into_iter().map(|l| unknown(l)).collect());
            }
            Err(err) => return Err(err),
        };
    }
    Ok(logins
        .into_iter()
        .map(|login| {
            let id = ids
                .iter()
                .find(|(_, name)| name.eq_ignore_ascii_case(login))
                .map(|(id, _)| *id);
            let level = members
                .iter()
                .filter(|m| Some(m.id) == id)
                .map(|m| m.access_level)
                .max()
                .unwrap_or(0);
            AuthorStanding {
                login: login.clone(),
                can_push: level >= CAN_PUSH,
                word: word(level).to_string(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_words() {
        assert_eq!(word(30), "DEVELOPER");
        assert_eq!(word(50), "OWNER");
        assert_eq!(word(20), "REPORTER");
        assert_eq!(word(0), "NONE");
    }
}
