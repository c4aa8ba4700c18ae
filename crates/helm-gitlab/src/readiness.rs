//! What keeps a GitLab merge request from merging that only GitLab's own
//! verdict shows: its `detailed_merge_status` (kept in the summary as
//! `mergeStatus`) read into helm's words. GitLab reports one status at a
//! time, in the order of its checks, so `not_approved` hides `need_rebase`;
//! the words say so. The transient statuses (`checking`, `approvals_syncing`,
//! `unchecked`, `preparing`) mean GitLab has not decided yet: not ready,
//! observe again. Pure: it reads the summary as observed.

use helm_forge::Blocker;
use serde_json::Value;

pub(crate) fn blockers(summary: &Value) -> Vec<Blocker> {
    let Some(status) = summary.get("mergeStatus").and_then(Value::as_str) else {
        return Vec::new();
    };
    let words = match status {
        "mergeable" => return Vec::new(),
        "not_approved" => {
            "GitLab wants more approvals (and shows whether a rebase is needed only once they are given)"
                .to_string()
        }
        "need_rebase" => "the source branch must be rebased onto the target first".to_string(),
        "conflict" | "broken_status" => "the source branch has conflicts with the target".to_string(),
        "discussions_not_resolved" => "some discussions are not resolved".to_string(),
        "ci_must_pass" => "the pipeline must pass first".to_string(),
        "ci_still_running" => "the pipeline is still running".to_string(),
        "draft_status" => "it is a draft".to_string(),
        "not_open" => "it is not open".to_string(),
        "checking" | "approvals_syncing" | "unchecked" | "preparing" => {
            "GitLab is still checking whether it can merge; observe again".to_string()
        }
        other => format!("GitLab says it cannot merge ({other})"),
    };
    vec![Blocker {
        forge_word: status.to_string(),
        words,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocked(status: &str) -> Vec<Blocker> {
        let summary: Value =
            serde_json::from_str(&format!(r#"{{"number":7,"mergeStatus":"{status}"}}"#)).unwrap();
        blockers(&summary)
    }

    #[test]
    fn gitlabs_statuses_in_helms_words() {
        assert!(blocked("mergeable").is_empty());
        let approvals = &blocked("not_approved")[0];
        assert_eq!(approvals.forge_word, "not_approved");
        assert!(approvals.words.contains("rebase"), "{}", approvals.words);
        for (status, says) in [
            ("need_rebase", "rebased"),
            ("conflict", "conflicts"),
            ("discussions_not_resolved", "discussions"),
            ("ci_must_pass", "pipeline"),
            ("draft_status", "draft"),
            ("checking", "still checking"),
            ("approvals_syncing", "still checking"),
            ("unchecked", "observe again"),
            ("jira_association_missing", "jira_association_missing"),
        ] {
            let found = blocked(status);
            assert_eq!(found.len(), 1, "{status}");
            assert!(
                found[0].words.contains(says),
                "{status}: {}",
                found[0].words
            );
        }
        let summary: Value = serde_json::from_str(r#"{"number":7}"#).unwrap();
        assert!(
            blockers(&summary).is_empty(),
            "GitHub's summaries have none"
        );
    }
}
