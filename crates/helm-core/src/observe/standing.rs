//! Who wrote the text of a forge's payload, and whether it may reach an agent
//! as it is. Every authored part of an issue, pull request, comment, review
//! and review comment carries its author's `authorAssociation`, the forge's
//! own word (GitHub's association, GitLab's access level, Forgejo's
//! permission), and on GitLab and Forgejo `authorCanPush`, which the forge
//! crate read from that word (GitLab Developer or above; Forgejo write,
//! admin, owner). A part whose author cannot push (`authorCanPush` false;
//! without it, an association other than `OWNER`, `MEMBER` or
//! `COLLABORATOR`; or a standing not recorded) is *untrusted*: text anyone
//! on the internet could have written to steer an agent.
//!
//! What a view is then shown of such a part is decided in one place,
//! `egress::shown`, which every view of a payload reads through.

/// The standings GitHub gives to people who can push to a repository.
const PUSHERS: [&str; 3] = ["OWNER", "MEMBER", "COLLABORATOR"];

/// Whether an author of this standing can push to the repository. A
/// standing that was not recorded (a payload observed before helm kept it)
/// is not trusted.
pub(crate) fn can_push(association: Option<&str>) -> bool {
    association.is_some_and(|a| PUSHERS.contains(&a))
}

/// Whether an author can push: `authorCanPush` where the forge gave it,
/// else GitHub's rule on the association.
pub(crate) fn may_push(can: Option<bool>, association: Option<&str>) -> bool {
    can.unwrap_or_else(|| can_push(association))
}

/// [`may_push`] of an authored part of a payload, as stored.
pub fn part_may_push(part: &serde_json::Map<String, serde_json::Value>) -> bool {
    let can = part
        .get("authorCanPush")
        .and_then(serde_json::Value::as_bool);
    let association = part
        .get("authorAssociation")
        .and_then(serde_json::Value::as_str);
    may_push(can, association)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forges_can_push_decides_and_github_keeps_its_rule() {
        let part = |json: &str| serde_json::from_str(json).unwrap();
        assert!(part_may_push(&part(r#"{"authorAssociation":"MEMBER"}"#)));
        assert!(!part_may_push(&part(r#"{"authorAssociation":"NONE"}"#)));
        assert!(!part_may_push(&part(r#"{}"#)));
        // GitLab's Developer, Forgejo's write: their own words, read by the forge.
        assert!(part_may_push(&part(
            r#"{"authorAssociation":"developer","authorCanPush":true}"#
        )));
        assert!(!part_may_push(&part(
            r#"{"authorAssociation":"reporter","authorCanPush":false}"#
        )));
        assert!(!part_may_push(&part(
            r#"{"authorAssociation":"developer"}"#
        )));
    }
}
