//! `merge-pr`: `PUT …/merge_requests/:iid/merge` pinned to the head seen
//! (`sha`), with `squash` for `--squash`. GitLab has no per-merge method, so
//! `prepare` reads the project's (`merge_method`, `squash_option`) and refuses
//! a method the project does not allow as `unsupported`, naming those it
//! does: `--merge` where it merges with merge commits, `--rebase` where it
//! rebases or fast-forwards, `--squash` unless squashing is `never` (and only
//! `--squash` where it is `always`). GitLab's 409 is a moved head (`stale`,
//! naming both); 405, 406 and 422 are GitLab saying it cannot merge now.

use helm_forge::act::{MergeMethod, MergePr, Steer};
use helm_forge::{ForgeError, ForgeWrite, Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::{Error, Kind};

use super::{answered, plan};
use crate::api::{GitLabApi, refused, said};
use crate::wire::bodies::{GitLabMergeBody, write};
use crate::wire::{GitLabMr, GitLabProject};

/// The methods `project` allows, in helm's words.
fn allowed(project: &GitLabProject) -> Vec<MergeMethod> {
    let squash = project.squash_option.as_deref().unwrap_or("default_off");
    let mut methods = Vec::new();
    if squash != "always" {
        match project.merge_method.as_str() {
            "merge" => methods.push(MergeMethod::Merge),
            "rebase_merge" | "ff" => methods.push(MergeMethod::Rebase),
            _ => {}
        }
    }
    if squash != "never" {
        methods.push(MergeMethod::Squash);
    }
    methods
}

fn flag(method: MergeMethod) -> &'static str {
    match method {
        MergeMethod::Merge => "--merge",
        MergeMethod::Squash => "--squash",
        MergeMethod::Rebase => "--rebase",
    }
}

pub(super) async fn prepare(api: &GitLabApi, merge: &MergePr) -> Result<WritePlan, ForgeError> {
    let project: GitLabProject = api.get(&api.path("")).await?;
    let methods = allowed(&project);
    if !methods.contains(&merge.method) {
        let allowed: Vec<&str> = methods.iter().map(|m| flag(*m)).collect();
        let squash = project.squash_option.as_deref().unwrap_or("default_off");
        return Err(ForgeError::not_done(
            Error::new(
                Kind::Unsupported,
                format!(
                    "GitLab's project {} does not allow a merge by {} (its merge_method is {}, its squash_option {}); nothing was read, sent or recorded",
                    api.place.repo,
                    flag(merge.method),
                    project.merge_method,
                    squash
                ),
            )
            .hint(match allowed.is_empty() {
                true => "the project allows no merge helm can ask for; merge it in GitLab".to_string(),
                false => format!("steer merge-pr with {}", allowed.join(" or ")),
            }),
        ));
    }
    let path = api.path(&format!("/merge_requests/{}", merge.pr));
    let mut merge = merge.clone();
    if merge.sha.is_none() {
        let mr: GitLabMr = api.get(&path).await?;
        merge.sha = mr.head().map(str::to_string);
    }
    let Some(sha) = merge.sha.clone() else {
        return Err(ForgeError::not_done(
            Error::new(
                Kind::Conflict,
                format!("GitLab shows no head for !{}", merge.pr),
            )
            .hint("observe the merge request again, then merge"),
        ));
    };
    let body = GitLabMergeBody {
        sha: &sha,
        squash: merge.method == MergeMethod::Squash,
    };
    let writes = vec![write("PUT", format!("{path}/merge"), &body)];
    Ok(plan(&Steer::MergePr(merge), writes))
}

/// Sends the merge and reads GitLab's refusals into helm's words.
pub(super) async fn send(
    api: &GitLabApi,
    plan: &WritePlan,
    write: &ForgeWrite,
    earlier: bool,
) -> Result<Answer, ForgeError> {
    let answer = api.write_answered(write, earlier).await?;
    let status = answer.status.as_u16();
    if answer.status.is_success() {
        return Ok(answer);
    }
    let Steer::MergePr(merge) = &plan.steer else {
        return Err(ForgeError::not_done(refused(
            &answer,
            write.method,
            &write.path,
        )));
    };
    let pinned = merge.sha.as_deref().unwrap_or("?");
    let said = said(&answer).unwrap_or_else(|| format!("{status}"));
    let error = match status {
        405 | 406 | 409 | 422 => {
            // The merge request now, to say why: a read, after GitLab refused.
            let path = api.path(&format!("/merge_requests/{}", merge.pr));
            let now = api.get::<GitLabMr>(&path).await.ok();
            refusal(merge.pr, pinned, status, &said, now.as_ref())
        }
        _ => refused(&answer, write.method, &write.path),
    };
    Err(match answer.status.is_server_error() || earlier {
        true => ForgeError::unknown(error),
        false => ForgeError::not_done(error),
    })
}

/// GitLab refused to merge `pr` (pinned to `pinned`) with `status`, saying
/// `said`; `now` is the merge request read after: merged already, moved
/// (GitLab's 409, or any refusal while the head is another than the pinned
/// one: stale, naming both heads), or not ready.
fn refusal(pr: u64, pinned: &str, status: u16, said: &str, now: Option<&GitLabMr>) -> Error {
    if let Some(mr) = now.filter(|mr| mr.state == "merged") {
        let commit = mr
            .merge_commit_sha
            .as_ref()
            .or(mr.squash_commit_sha.as_ref());
        return Error::new(
            Kind::AlreadyMerged,
            format!(
                "!{pr} is merged already{}; nothing was merged again",
                commit.map_or(String::new(), |c| format!(" (merge commit {c})"))
            ),
        )
        .hint("observe the merge request again to record its state");
    }
    let head = now.and_then(GitLabMr::head);
    if status == 409 || head.is_some_and(|head| head != pinned) {
        let head = head.unwrap_or("unknown (it could not be read)");
        return Error::new(
            Kind::Stale,
            format!(
                "!{pr} moved: helm pinned the merge to {pinned} and the head is now {head} (GitLab answered {status}: {said}); nothing was merged"
            ),
        )
        .hint("observe the merge request again, read what changed, then merge");
    }
    Error::new(
        Kind::NotReady,
        format!("GitLab refused to merge !{pr} ({status}: {said}); nothing was merged"),
    )
    .hint("observe the merge request again: its merge status says what GitLab waits for")
}

pub(super) fn produced(plan: &WritePlan, answer: &Answer) -> Result<Produced, Error> {
    let mr: GitLabMr = answered(plan, answer)?;
    Ok(Produced::Merged {
        sha: mr.merge_commit_sha.or(mr.squash_commit_sha),
        url: Some(mr.web_url),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(method: &str, squash: &str) -> GitLabProject {
        serde_json::from_str(&format!(
            r#"{{"merge_method":"{method}","squash_option":"{squash}"}}"#
        ))
        .unwrap()
    }

    #[test]
    fn the_projects_settings_say_which_methods_it_allows() {
        use MergeMethod::*;
        assert_eq!(allowed(&project("merge", "default_off")), [Merge, Squash]);
        assert_eq!(allowed(&project("rebase_merge", "never")), [Rebase]);
        assert_eq!(allowed(&project("ff", "default_on")), [Rebase, Squash]);
        assert_eq!(allowed(&project("merge", "always")), [Squash]);
    }
}
