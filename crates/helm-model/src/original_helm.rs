//! Reading what the original helm (github.com/dyreby/helm) wrote: its action
//! JSON (`{"kind":"log","data":"<state>"}`, `{"kind":"steer","data":{…}}`),
//! its targets (camelCase kinds, paths as typed, no repository) and the
//! digests of its payloads. helm
//! only reads these shapes, to tell such a voyage's story; it never writes them.

use serde::Deserialize;
use serde_json::Value;

use super::ActionKind;
use super::entry::{EntryAction, SteerRecord};
use crate::words::plural;

#[derive(Deserialize)]
#[serde(tag = "kind", content = "data", rename_all = "camelCase")]
enum OriginalAction {
    Log(String),
    Steer(OriginalSteer),
}

#[derive(Deserialize)]
struct OriginalSteer {
    kind: String,
    #[serde(default)]
    number: Option<u64>,
    #[serde(default)]
    body: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    target: Option<OriginalThread>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
enum OriginalThread {
    Issue,
    PullRequest,
    ReviewFeedback { comment_id: u64 },
}

/// An action written by the original helm, as helm's own [`EntryAction`].
pub fn action(value: &Value) -> Option<EntryAction> {
    match OriginalAction::deserialize(value).ok()? {
        OriginalAction::Log(state) => Some(EntryAction::Log {
            status: state,
            refused: None,
            request_id: None,
            trace: None,
        }),
        OriginalAction::Steer(steer) => {
            let kind = match (steer.kind.as_str(), &steer.target) {
                ("comment", Some(OriginalThread::ReviewFeedback { .. })) => ActionKind::ReplyInline,
                ("comment", _) => ActionKind::Comment,
                ("createIssue", _) => ActionKind::CreateIssue,
                ("editIssue", _) => ActionKind::EditIssue,
                ("closeIssue", _) => ActionKind::CloseIssue,
                ("createPullRequest", _) => ActionKind::CreatePr,
                ("editPullRequest", _) => ActionKind::EditPr,
                ("closePullRequest", _) => ActionKind::ClosePr,
                ("requestReview", _) => ActionKind::RequestReview,
                ("replyInline", _) => ActionKind::ReplyInline,
                ("mergePullRequest", _) => ActionKind::MergePr,
                _ => return None,
            };
            let mut record = SteerRecord::new(kind, String::new());
            // What the original said, under the names helm's actions give
            // it in their parts.
            let mut part = serde_json::Map::new();
            match (&steer.target, kind) {
                (Some(OriginalThread::Issue), _) => record.issue = steer.number,
                (Some(OriginalThread::ReviewFeedback { comment_id }), _) => {
                    record.pr = steer.number;
                    part.insert("inReplyTo".into(), (*comment_id).into());
                }
                (_, ActionKind::CreateIssue | ActionKind::EditIssue | ActionKind::CloseIssue) => {
                    record.issue = steer.number
                }
                _ => record.pr = steer.number,
            }
            if let Some(title) = steer.title {
                part.insert("title".into(), title.into());
            }
            if let Some(body) = steer.body {
                part.insert("body".into(), body.into());
            }
            record.part = part;
            Some(EntryAction::Steer(Box::new(record)))
        }
    }
}

/// One line for a target the original helm wrote, e.g.
/// `file-contents proj/src/lib.rs` or `github-issue #42`.
pub fn describe_target(value: &Value) -> Option<String> {
    let text = |key: &str| value.get(key).and_then(Value::as_str);
    let kind = text("kind")?;
    Some(match kind {
        "fileContents" => {
            let paths: Vec<&str> = value
                .get("paths")?
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .collect();
            match paths.as_slice() {
                [one] => format!("file-contents {one}"),
                [first, rest @ ..] => format!("file-contents {first} (+{} more)", rest.len()),
                [] => "file-contents".to_string(),
            }
        }
        "directoryTree" => {
            let mut line = format!("directory-tree {}", text("root")?);
            for name in value
                .get("skip")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                line.push_str(&format!(" --skip {name}"));
            }
            if let Some(depth) = value.get("max_depth").and_then(Value::as_u64) {
                line.push_str(&format!(" --max-depth {depth}"));
            }
            line
        }
        "rustProject" => format!("rust-project {}", text("root")?),
        "gitHubIssue" => format!("github-issue #{}", value.get("number")?.as_u64()?),
        "gitHubPullRequest" => format!("github-pr #{}", value.get("number")?.as_u64()?),
        "gitHubRepository" => "github-repo".to_string(),
        _ => return None,
    })
}

/// The one-line digest of a payload the original helm wrote (its
/// `fileContents`, `directoryTree` and `rustProject` shapes), if it is one.
pub fn digest(value: &Value) -> Option<String> {
    match value.get("kind").and_then(Value::as_str)? {
        "fileContents" => original_files(value),
        "directoryTree" => original_tree(value),
        "rustProject" => original_tree(value).map(|t| format!("{t} and docs")),
        _ => None,
    }
}

fn original_files(value: &Value) -> Option<String> {
    let contents = value.get("contents")?.as_array()?;
    let mut lines = 0;
    let mut binary = 0;
    for file in contents {
        let content = file.get("content")?;
        match content.get("kind").and_then(Value::as_str) {
            Some("text") => {
                lines += content
                    .get("content")
                    .and_then(Value::as_str)
                    .map_or(0, crate::words::count_lines)
            }
            _ => binary += 1,
        }
    }
    let mut parts = Vec::new();
    if contents.len() > 1 {
        parts.push(format!("{} files", contents.len()));
    }
    if binary < contents.len() {
        parts.push(format!("{lines} {}", plural(lines, "line", "lines")));
    }
    if binary > 0 {
        parts.push(format!("{binary} binary"));
    }
    Some(parts.join(", "))
}

fn original_tree(value: &Value) -> Option<String> {
    let listings = value.get("listings")?.as_array()?;
    let (mut files, mut dirs) = (0, 0);
    for entry in listings
        .iter()
        .filter_map(|l| l.get("entries").and_then(Value::as_array))
        .flatten()
    {
        match entry.get("isDir").and_then(Value::as_bool) {
            Some(true) => dirs += 1,
            _ => files += 1,
        }
    }
    Some(format!(
        "{files} {}, {dirs} {}",
        plural(files, "file", "files"),
        plural(dirs, "folder", "folders")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_originals_actions_read_as_helms() {
        let log = action(&json!({"kind": "log", "data": "waiting on review"})).unwrap();
        assert!(
            matches!(log, EntryAction::Log { ref status, .. } if status == "waiting on review")
        );
        let reply = action(
            &json!({"kind": "steer", "data": {"kind": "comment", "number": 45,
            "body": "Renamed.", "target": {"kind": "reviewFeedback", "comment_id": 901}}}),
        )
        .unwrap();
        let EntryAction::Steer(reply) = reply else {
            panic!("a steer")
        };
        assert_eq!((reply.steer, reply.pr), (ActionKind::ReplyInline, Some(45)));
        assert!(action(&json!({"kind": "steer", "data": {"kind": "teleport"}})).is_none());
    }

    #[test]
    fn the_originals_targets_read_as_one_line() {
        let tree =
            json!({"kind": "directoryTree", "root": "proj", "skip": ["target"], "max_depth": null});
        assert_eq!(
            describe_target(&tree).unwrap(),
            "directory-tree proj --skip target"
        );
        let files = json!({"kind": "fileContents", "paths": ["a", "b"]});
        assert_eq!(
            describe_target(&files).unwrap(),
            "file-contents a (+1 more)"
        );
    }

    #[test]
    fn the_originals_payloads_read_as_one_line() {
        let files = json!({"kind": "fileContents", "contents": [{"path": "p",
            "content": {"kind": "text", "content": "x\n"}}]});
        assert_eq!(digest(&files).unwrap(), "1 line");
        let tree = json!({"kind": "rustProject", "listings": [{"entries": [
            {"name": "src", "isDir": true}, {"name": "Cargo.toml", "isDir": false}]}]});
        assert_eq!(digest(&tree).unwrap(), "1 file, 1 folder and docs");
    }
}
