use super::*;
use helm_forge::act::{MergeMethod, MergePr, ReplyInline};

#[test]
fn steers_round_trip_through_json() {
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
}

#[test]
fn actions_parse_from_the_contracts_json() {
    let spec: ActionArgs =
        serde_json::from_str(r#"{"kind":"merge-pr","pr":45,"strategy":"squash"}"#).unwrap();
    assert_eq!(
        spec.resolve(Path::new("/"), Stdin::Ours).unwrap(),
        Steer::MergePr(MergePr {
            pr: 45,
            method: MergeMethod::Squash,
            sha: None,
            override_reason: None,
        })
    );
    let spec: ActionArgs =
        serde_json::from_str(r#"{"kind":"reply-inline","pr":45,"commentId":901,"body":"Done."}"#)
            .unwrap();
    assert!(matches!(
        spec.resolve(Path::new("/"), Stdin::Ours).unwrap(),
        Steer::ReplyInline(ReplyInline {
            comment_id: 901,
            ..
        })
    ));
    assert!(serde_json::from_str::<ActionArgs>(r#"{"kind":"comment","isue":1}"#).is_err());
}

#[test]
fn the_registry_names_every_kind_as_the_model_does() {
    assert_eq!(REGISTERED.len(), ActionKind::ALL.len());
    for (kind, name) in REGISTERED {
        assert_eq!(kind.as_str(), *name);
    }
}

/// The registry here and helm-forge's `steers!` list the same actions: each
/// action's arguments resolve to the `Steer` variant of its kind, tagged
/// with its name, so a pending record reads back as the action it was.
#[test]
fn each_action_resolves_to_helm_forges_steer_of_its_name() {
    assert_eq!(samples().len(), REGISTERED.len());
    for ((kind, name), sample) in REGISTERED.iter().zip(samples()) {
        let args: ActionArgs = serde_json::from_value(sample).unwrap();
        let steer = args.resolve(Path::new("/"), Stdin::Ours).unwrap();
        assert_eq!(steer.kind(), *kind);
        let stored = serde_json::to_value(&steer).unwrap();
        assert_eq!(stored["kind"], *name);
        assert_eq!(serde_json::from_value::<Steer>(stored).unwrap(), steer);
    }
}
