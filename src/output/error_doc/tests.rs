use super::*;
use crate::error::Kind;
use crate::model::ActionKind;

fn rendered(err: &Error) -> String {
    let message = err.to_string();
    let hint = err.hint_text();
    serde_json::to_string(&ErrorDoc::of(err, &message, hint.as_deref())).unwrap()
}

/// Scripts read GitHub's failures as they always have: no forge facts.
#[test]
fn a_github_failure_keeps_its_kind_and_github_status_byte_for_byte() {
    let err = Error::new(Kind::GitHub, "GitHub answered 422: Validation Failed")
        .hint("read GitHub's message")
        .about(Fact::GitHub { status: Some(422) });
    assert_eq!(
        rendered(&err),
        r#"{"error":{"kind":"github","message":"GitHub answered 422: Validation Failed","hint":"read GitHub's message","githubStatus":422}}"#
    );
}

#[test]
fn another_forges_failure_names_the_forge_and_its_status() {
    let err = Error::new(Kind::Forge, "Forgejo answered 422: invalid")
        .hint("read Forgejo's message")
        .about(Fact::Forge {
            forge: "forgejo".into(),
            status: Some(422),
        });
    assert_eq!(
        rendered(&err),
        r#"{"error":{"kind":"forge","message":"Forgejo answered 422: invalid","hint":"read Forgejo's message","forge":"forgejo","forgeStatus":422}}"#
    );
}

/// A forge that never answered still names itself, with no status.
#[test]
fn a_forge_that_did_not_answer_is_named_without_a_status() {
    let err = Error::new(Kind::Forge, "GitLab could not be asked").about(Fact::Forge {
        forge: "gitlab".into(),
        status: None,
    });
    assert_eq!(
        rendered(&err),
        r#"{"error":{"kind":"forge","message":"GitLab could not be asked","forge":"gitlab"}}"#
    );
}

#[test]
fn an_unsupported_refusal_names_forge_action_and_missing_part() {
    let err = Error::new(Kind::Unsupported, "Forgejo has no thread resolution").about(
        Fact::Unsupported {
            forge: "forgejo".into(),
            action: ActionKind::ResolveThread,
            missing: "resolution".into(),
        },
    );
    assert_eq!(
        rendered(&err),
        r#"{"error":{"kind":"unsupported","message":"Forgejo has no thread resolution","forge":"forgejo","action":"resolve-thread","missing":"resolution"}}"#
    );
}

/// Each field comes from the first fact that gives it, as when one error
/// is about a voyage and an answer.
#[test]
fn each_field_comes_from_the_first_fact_that_gives_it() {
    let err = Error::new(Kind::Forge, "m")
        .about(Fact::Voyage("a3".into()))
        .about(Fact::Forge {
            forge: "gitlab".into(),
            status: Some(409),
        })
        .about(Fact::Forge {
            forge: "forgejo".into(),
            status: Some(500),
        });
    assert_eq!(
        rendered(&err),
        r#"{"error":{"kind":"forge","message":"m","voyage":"a3","forge":"gitlab","forgeStatus":409}}"#
    );
}
