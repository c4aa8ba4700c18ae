use super::*;

#[test]
fn the_list_names_every_kind_as_the_model_does() {
    let listed: Vec<ActionKind> = LISTED.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(listed, ActionKind::ALL);
    for (kind, name) in LISTED {
        assert_eq!(kind.as_str(), *name);
    }
}

#[test]
fn a_steer_is_tagged_with_its_kinds_name() {
    let steer = Steer::MergePr(MergePr {
        pr: 45,
        method: MergeMethod::Squash,
        sha: None,
        override_reason: None,
    });
    let json = serde_json::to_string(&steer).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"merge-pr","pr":45,"method":"squash","sha":null}"#
    );
    assert_eq!(serde_json::from_str::<Steer>(&json).unwrap(), steer);
    assert_eq!(steer.kind(), ActionKind::MergePr);
}

#[test]
fn a_pending_thread_action_keeps_what_it_saw() {
    let json = r#"{"kind":"unresolve-thread","pr":7,"thread":"PRRT_1","seen":{"resolved":true,"resolvedBy":"ana"}}"#;
    let steer: Steer = serde_json::from_str(json).unwrap();
    assert_eq!(serde_json::to_string(&steer).unwrap(), json);
    assert_eq!(steer.kind(), ActionKind::UnresolveThread);
}
