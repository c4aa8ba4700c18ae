//! The chain of remote commits since the last sync, read in order: one
//! parent each, the first one's the commit synced before, so nothing
//! pushed before was rewritten.

use crate::sync::Sync;
use crate::sync::batch::Batch;

/// The commits after `base` up to `tip`, oldest first, as `(commit, tree)`:
/// one chain, each commit's parent the one before it, the first's `base`.
/// A few are read through `batch`; many (a first pull) with one `git log`.
pub(crate) fn history(
    sync: &Sync<'_>,
    batch: &mut Batch,
    base: Option<&str>,
    tip: &str,
) -> std::result::Result<Vec<(String, String)>, String> {
    const WALK: usize = 64;
    let mut lines = Vec::new();
    if let Some(base) = base {
        let mut at = tip.to_string();
        while at != base && lines.len() < WALK {
            let Some((info, bytes)) = batch
                .contents_within(&at, super::limits::COMMIT)
                .map_err(|err| err.message().to_string())?
            else {
                return Err(format!("commit {} is missing", &at[..12.min(at.len())]));
            };
            if info.kind != "commit" {
                return Err("its ref does not name a commit".into());
            }
            let text = String::from_utf8_lossy(&bytes);
            let head: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
            let tree = head
                .iter()
                .find_map(|l| l.strip_prefix("tree "))
                .unwrap_or_default();
            let parents: Vec<&str> = head
                .iter()
                .filter_map(|l| l.strip_prefix("parent "))
                .collect();
            lines.push(format!("{at} {tree} {}", parents.join(" ")));
            match parents.as_slice() {
                [parent] => at = parent.to_string(),
                _ => break,
            }
        }
        if at != base && lines.len() < WALK {
            return Err(rewritten(lines.last().map(String::as_str).unwrap_or(tip)));
        }
        lines.reverse();
    }
    if lines.len() >= WALK || base.is_none() {
        let mut args = vec!["log", "--reverse", "--format=%H %T %P", tip];
        let not = base.map(|b| format!("^{b}"));
        if let Some(not) = &not {
            args.push(not);
        }
        let text = sync
            .repo
            .text(&args, "git log")
            .map_err(|err| err.message().to_string())?;
        lines = text.lines().map(str::to_string).collect();
    }
    let mut commits = Vec::new();
    let mut previous = base.map(str::to_string);
    for line in &lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (commit, tree, parents) = match fields.as_slice() {
            [commit, tree, parents @ ..] => (*commit, *tree, parents),
            _ => return Err("its history cannot be read".into()),
        };
        let expected: Vec<&str> = previous.as_deref().into_iter().collect();
        if parents != expected.as_slice() {
            return Err(match previous {
                Some(_) => rewritten(commit),
                None => "its first commit has a parent".into(),
            });
        }
        commits.push((commit.to_string(), tree.to_string()));
        previous = Some(commit.to_string());
    }
    if previous.as_deref() != Some(tip) {
        return Err("the remote went back to an earlier commit than the one synced before".into());
    }
    Ok(commits)
}

fn rewritten(commit: &str) -> String {
    format!(
        "commit {} does not follow the one synced before: the remote's history was rewritten, and pushed entries never change",
        &commit[..12.min(commit.len())]
    )
}
