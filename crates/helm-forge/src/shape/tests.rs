use super::*;

fn pull() -> Pull {
    Pull {
        number: 7,
        title: "T".into(),
        state: "open".into(),
        author: Some(User {
            login: "ana".into(),
        }),
        labels: vec![Label { name: "bug".into() }],
        requested_teams: vec![Team {
            slug: "core".into(),
        }],
        head: Branch {
            name: "topic".into(),
            sha: "abc".into(),
            label: None,
        },
        ..Pull::default()
    }
}

/// The keys and order GitHub's payloads have always had: a change here moves
/// every stored digest, so it is pinned field by field.
#[test]
fn a_pull_is_written_in_helms_words() {
    let json = serde_json::to_string(&pull()).unwrap();
    assert_eq!(
        json,
        r#"{"number":7,"title":"T","state":"open","draft":null,"merged":null,"mergeable":null,"mergeableState":null,"author":"ana","labels":["bug"],"assignees":[],"requestedReviewers":[],"requestedTeams":["core"],"head":{"ref":"topic","sha":"abc","label":null},"base":{"ref":"","sha":"","label":null},"additions":null,"deletions":null,"changedFiles":null,"commits":null,"createdAt":null,"updatedAt":null,"closedAt":null,"mergedAt":null,"mergeCommitSha":null,"url":null,"body":null}"#
    );
    assert_eq!(serde_json::from_str::<Pull>(&json).unwrap(), pull());
}

#[test]
fn a_standing_and_a_patch_are_written_only_when_known() {
    let comment = IssueComment {
        id: 1,
        ..IssueComment::default()
    };
    let json = serde_json::to_value(&comment).unwrap();
    assert!(json.get("authorAssociation").is_none());
    let file = PullFile {
        patch: Some("@@".into()),
        ..PullFile::default()
    };
    let json = serde_json::to_value(&file).unwrap();
    assert_eq!(json["patch"], "@@");
    assert!(json.get("previousFilename").is_none());
    assert_eq!(serde_json::from_value::<PullFile>(json).unwrap(), file);
}
