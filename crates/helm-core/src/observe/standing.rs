//! Who wrote the text of a GitHub payload, and whether it may reach an agent
//! as it is. Every authored part of an issue, pull request, comment, review
//! and review comment carries its author's `authorAssociation`, as GitHub
//! answered it; a part whose author cannot push (anything but `OWNER`,
//! `MEMBER` or `COLLABORATOR`, or a standing not recorded) is *untrusted*:
//! text anyone on the internet could have written to steer an agent.
//!
//! What a view is then shown of such a part is decided in one place,
//! `egress::shown`, which every view of a payload reads through.

/// The standings GitHub gives to people who can push to a repository.
const PUSHERS: [&str; 3] = ["OWNER", "MEMBER", "COLLABORATOR"];

/// Whether an author of this standing can push to the repository. A
/// standing that was not recorded (a payload observed before helm kept it)
/// is not trusted.
pub fn can_push(association: Option<&str>) -> bool {
    association.is_some_and(|a| PUSHERS.contains(&a))
}
