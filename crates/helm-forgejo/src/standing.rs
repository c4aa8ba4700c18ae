//! Authors' standing on Forgejo: a collaborator's permission on the
//! repository (`GET …/collaborators/{user}/permission`), which can push at
//! `write`, `admin` or `owner`; the word is kept for the payload. A user
//! Forgejo does not know (404) cannot push; a standing it will not show
//! (403) is left out, so the core marks the text untrusted: the rule fails
//! closed.

use helm_forge::{AuthorStanding, ForgeError};

use crate::api::{ForgejoApi, read};
use crate::wire;

pub(crate) async fn standing(
    api: &ForgejoApi,
    logins: &[String],
) -> Result<Vec<AuthorStanding>, ForgeError> {
    let mut found: Vec<AuthorStanding> = Vec::new();
    for login in logins {
        if found.iter().any(|s| s.login.eq_ignore_ascii_case(login)) {
            continue;
        }
        if login.is_empty() {
            continue;
        }
        // Encoded, so a login never reads as another path.
        let user = crate::api::segment(login);
        let path = api.repo_path(&format!("/collaborators/{user}/permission"));
        let doing = format!("read {login}'s permission");
        let answer = api.answer(&path, &doing).await?;
        match answer.status.as_u16() {
            404 => found.push(AuthorStanding {
                login: login.clone(),
                can_push: false,
                word: "none".into(),
            }),
            403 => {}
            _ => {
                let permission: wire::ForgejoPermission = read(&answer, &doing, false)?;
                let can_push =
                    matches!(permission.permission.as_str(), "write" | "admin" | "owner");
                found.push(AuthorStanding {
                    login: login.clone(),
                    can_push,
                    word: permission.permission,
                });
            }
        }
    }
    Ok(found)
}
