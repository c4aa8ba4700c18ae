//! A merge you can defend on Forgejo: pinned to the observed head
//! (`head_commit_id`, which Forgejo refuses with 409 once the head moved:
//! `stale`, naming both heads; a 409 while the head stands is a merge git
//! could not make: `not-ready`), by a method the repository allows (else
//! `unsupported` from prepare, before anything is sent), and a 405 "Please
//! try again later" while Forgejo computes mergeability tried again after
//! 1, 2, 4 and 8 s within `HELM_GITHUB_TIMEOUT` (nothing merged on a 405,
//! so trying again cannot merge twice). Any other 405, and a 404, are read
//! against the pull request as it now stands: merged already, or closed.

use std::time::Duration;

use helm_forge::act::{MergeMethod, MergePr, Steer};
use helm_forge::{ForgeError, ForgeName, Produced, WritePlan};
use helm_model::ActionKind;
use helm_model::error::{Error, Fact, Kind};
use helm_model::text::clean_line;

use super::one;
use crate::api::{ForgejoApi, body};
use crate::look::pull;
use crate::wire::{self, ForgejoMergeBody};

/// Forgejo's `Do` for a method, and whether the repository allows it.
fn how(method: MergeMethod, repo: &wire::ForgejoRepo) -> (&'static str, bool) {
    match method {
        MergeMethod::Merge => ("merge", repo.allow_merge_commits),
        MergeMethod::Squash => ("squash", repo.allow_squash_merge),
        MergeMethod::Rebase => ("rebase", repo.allow_rebase),
    }
}

pub(super) async fn prepare(api: &ForgejoApi, merge: &MergePr) -> Result<WritePlan, ForgeError> {
    let repo: wire::ForgejoRepo = api
        .get(&api.repo_path(""), "read the repository's merge settings")
        .await?;
    let (word, allowed) = how(merge.method, &repo);
    if !allowed {
        let others: Vec<&str> = [MergeMethod::Merge, MergeMethod::Squash, MergeMethod::Rebase]
            .into_iter()
            .map(|m| how(m, &repo))
            .filter(|(_, allowed)| *allowed)
            .map(|(word, _)| word)
            .collect();
        let error = Error::new(
            Kind::Unsupported,
            format!(
                "the repository does not allow {word} merges on Forgejo; nothing was sent or recorded"
            ),
        )
        .hint(match others.is_empty() {
            true => "it allows none of merge, squash or rebase: merge it in Forgejo".to_string(),
            false => format!("steer merge-pr with a method it allows: {}", others.join(", ")),
        })
        .about(Fact::Unsupported {
            forge: ForgeName::Forgejo.as_str().to_string(),
            action: ActionKind::MergePr,
            missing: "method".to_string(),
        });
        return Err(error.into());
    }
    let current = pull(api, merge.pr).await?;
    if current.merged == Some(true) {
        let error = Error::new(
            Kind::AlreadyMerged,
            format!(
                "pull request #{} is merged already{}",
                merge.pr,
                current
                    .merge_commit_sha
                    .map(|sha| format!(" (merge commit {})", clean_line(&sha)))
                    .unwrap_or_default()
            ),
        )
        .hint("nothing to do; observe it to record how it stands");
        return Err(error.into());
    }
    let head = merge.sha.clone().unwrap_or(current.head.sha);
    let text = body(&ForgejoMergeBody {
        how: word,
        head_commit_id: &head,
    })?;
    let mut pinned = merge.clone();
    pinned.sha = Some(head);
    let path = api.repo_path(&format!("/pulls/{}/merge", merge.pr));
    Ok(one(&Steer::MergePr(pinned), "POST", path, text))
}

pub(super) async fn send(
    api: &ForgejoApi,
    plan: &WritePlan,
    merge: &MergePr,
) -> Result<Produced, ForgeError> {
    let Some(write) = plan.writes.first() else {
        return Err(crate::error::unreadable(
            "merge",
            "a plan without its write",
            false,
        ));
    };
    let doing = format!("merge pull request #{}", merge.pr);
    let mut waited = Duration::ZERO;
    let mut wait = Duration::from_secs(1);
    loop {
        let answer = api.write(write, &doing).await?;
        let status = answer.status.as_u16();
        if answer.status.is_success() {
            // Merged: the commit is read after, and a failed read only
            // leaves it unnamed.
            let merged = pull(api, merge.pr).await.ok();
            return Ok(Produced::Merged {
                sha: merged.as_ref().and_then(|p| p.merge_commit_sha.clone()),
                url: merged.and_then(|p| p.html_url),
            });
        }
        let said = crate::error::said(&answer);
        let later = status == 405 && said.to_ascii_lowercase().contains("try again later");
        if later && waited + wait <= api.deadline() && wait <= Duration::from_secs(8) {
            helm_model::tell::note(&format!(
                "helm: Forgejo is still computing whether #{} can merge; trying again in {} s",
                merge.pr,
                wait.as_secs()
            ));
            tokio::time::sleep(wait).await;
            waited += wait;
            wait *= 2;
            api.admit_again(write);
            continue;
        }
        let fact = crate::error::answered(Some(status));
        let error = match status {
            // Forgejo answers 409 to a moved head and to a merge git could
            // not make (conflicts, unrelated histories, a base pushed
            // meanwhile): only a head other than the pinned one is stale.
            409 => {
                let pinned = merge.sha.as_deref().unwrap_or("the observed head");
                let now = pull(api, merge.pr).await.map(|p| clean_line(&p.head.sha));
                match now {
                    Ok(now) if now == pinned => Error::new(
                        Kind::NotReady,
                        format!(
                            "Forgejo could not merge pull request #{} at {pinned}: git could not make the merge (Forgejo answered 409: {said})",
                            merge.pr
                        ),
                    )
                    .hint("nothing was merged; resolve the conflict with the base on the head branch, observe again, then merge"),
                    now => {
                        let now = now.unwrap_or_else(|_| "a head helm could not read".into());
                        Error::new(
                            Kind::Stale,
                            format!(
                                "pull request #{}'s head moved: the merge was pinned to {pinned}, and it is now {now} (Forgejo answered 409: {said})",
                                merge.pr
                            ),
                        )
                        .hint("observe the pull request again, then merge what you saw")
                    }
                }
            }
            405 if later => Error::new(
                Kind::NotReady,
                format!(
                    "Forgejo was still computing whether #{} can merge after {} s (405: {said})",
                    merge.pr,
                    waited.as_secs()
                ),
            )
            .hint("nothing was merged; try again in a minute"),
            // Forgejo refuses a merged pull request 405 with an empty
            // message and a closed one 404: what it stands as now says which.
            404 | 405 => match pull(api, merge.pr).await {
                Ok(now) if now.merged == Some(true) => Error::new(
                    Kind::AlreadyMerged,
                    format!("pull request #{} is merged already", merge.pr),
                )
                .hint("nothing to do; observe it to record how it stands"),
                Ok(now) if now.state == "closed" => Error::new(
                    Kind::NotReady,
                    format!(
                        "pull request #{} is closed, so Forgejo will not merge it (it answered {status})",
                        merge.pr
                    ),
                )
                .hint("nothing was merged; reopen it first if it should merge"),
                _ if status == 405 => {
                    Error::new(Kind::NotReady, format!("Forgejo answered 405: {said}")).hint(
                        "nothing was merged; observe the pull request to see what keeps it from merging",
                    )
                }
                _ => return Err(crate::error::refused(&answer, &doing)),
            },
            _ => return Err(crate::error::refused(&answer, &doing)),
        };
        return Err(ForgeError::not_done(error.about(fact)));
    }
}
