//! A merge request's changes from `GET …/merge_requests/:iid/diffs`: the
//! files (`shape::PullFile`, additions and deletions counted from each
//! file's diff, since GitLab gives none) and the diff joined into one
//! unified text, as GitHub's `diff` part holds it. A file GitLab collapsed
//! or found too large has no diff: its counts are 0 and the part says so.

use helm_forge::shape::PullFile;
use helm_forge::{ForgeError, LookedPart};
use serde::Serialize;

use super::to_value;
use crate::api::GitLabApi;
use crate::wire::GitLabFileDiff;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Unified {
    format: &'static str,
    text: String,
    /// Files GitLab left without a diff (collapsed or too large).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    without_diff: Vec<String>,
}

fn status(file: &GitLabFileDiff) -> &'static str {
    if file.new_file {
        "added"
    } else if file.deleted_file {
        "removed"
    } else if file.renamed_file {
        "renamed"
    } else {
        "modified"
    }
}

/// Whether GitLab withheld the file's diff.
fn withheld(file: &GitLabFileDiff) -> bool {
    file.too_large == Some(true) || (file.collapsed == Some(true) && file.diff.is_empty())
}

/// Lines added and removed in a diff's hunks (its `+++`/`---` headers not counted).
fn counted(diff: &str) -> (u64, u64) {
    diff.lines().fold((0, 0), |(add, del), line| {
        if line.starts_with("+++") || line.starts_with("---") {
            (add, del)
        } else if line.starts_with('+') {
            (add + 1, del)
        } else if line.starts_with('-') {
            (add, del + 1)
        } else {
            (add, del)
        }
    })
}

pub(crate) async fn files(api: &GitLabApi, base: &str) -> Result<LookedPart, ForgeError> {
    let (diffs, truncated) = api
        .pages::<GitLabFileDiff>(&format!("{base}/diffs"))
        .await?;
    let files: Vec<PullFile> = diffs
        .iter()
        .map(|file| {
            let (additions, deletions) = counted(&file.diff);
            PullFile {
                filename: file.new_path.clone(),
                status: status(file).to_string(),
                additions,
                deletions,
                changes: additions + deletions,
                previous_filename: file.renamed_file.then(|| file.old_path.clone()),
                // As GitHub's files part: patches are the diff part's.
                patch: None,
            }
        })
        .collect();
    Ok(LookedPart {
        value: to_value(&files),
        truncated,
    })
}

pub(crate) async fn diff(api: &GitLabApi, base: &str) -> Result<LookedPart, ForgeError> {
    let (diffs, truncated) = api
        .pages::<GitLabFileDiff>(&format!("{base}/diffs"))
        .await?;
    let mut text = String::new();
    let mut without_diff = Vec::new();
    for file in &diffs {
        if withheld(file) {
            without_diff.push(file.new_path.clone());
            continue;
        }
        let old = if file.new_file {
            "/dev/null".to_string()
        } else {
            format!("a/{}", file.old_path)
        };
        let new = if file.deleted_file {
            "/dev/null".to_string()
        } else {
            format!("b/{}", file.new_path)
        };
        text.push_str(&format!(
            "diff --git a/{} b/{}\n--- {old}\n+++ {new}\n",
            file.old_path, file.new_path
        ));
        text.push_str(&file.diff);
        if !file.diff.ends_with('\n') {
            text.push('\n');
        }
    }
    Ok(LookedPart {
        value: to_value(&Unified {
            format: "unified",
            text,
            without_diff,
        }),
        truncated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn additions_and_deletions_are_counted_from_the_hunks() {
        let diff = "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n+more\n same\n";
        assert_eq!(counted(diff), (2, 1));
    }
}
