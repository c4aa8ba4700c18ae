//! The JSON Forgejo answers, in the shapes of its swagger's definitions (`User`,
//! `Repository`, `Issue`, `PullRequest`, `Comment`, `Label`, `PullReview`,
//! `PullReviewComment`, `CommitStatus`, `ActionRun`, `ActionRunJob`, `TimelineComment`).

use super::*;

impl ForgejoWorld {
    pub(in crate::forgejo) fn user_json(&self, call: &ForgeCall, id: u64) -> Value {
        let login = self.login(id);
        json!({
            "id": id,
            "login": login,
            "login_name": "",
            "full_name": "",
            "email": format!("{login}@noreply.localhost"),
            "avatar_url": format!("{}/avatars/{id}", call.base),
            "html_url": format!("{}/{login}", call.base),
            "is_admin": false,
            "restricted": false,
            "active": true,
            "prohibit_login": false,
            "visibility": "public",
        })
    }

    pub(in crate::forgejo) fn repo_json(&self, call: &ForgeCall, r: usize) -> Value {
        let repo = &self.repos[r];
        let (owner, name) = repo
            .full_name
            .split_once('/')
            .unwrap_or(("", &repo.full_name));
        let allows = |style: &str| repo.merge_styles.iter().any(|s| s == style);
        json!({
            "id": repo.id,
            "owner": { "id": 0, "login": owner, "username": owner },
            "name": name,
            "full_name": repo.full_name,
            "private": false,
            "fork": false,
            "html_url": format!("{}/{}", call.base, repo.full_name),
            "clone_url": format!("{}/{}.git", call.base, repo.full_name),
            "default_branch": "main",
            "has_issues": true,
            "has_pull_requests": true,
            "has_actions": true,
            "allow_merge_commits": allows("merge"),
            "allow_rebase": allows("rebase"),
            "allow_rebase_explicit": allows("rebase-merge"),
            "allow_squash_merge": allows("squash"),
            "allow_fast_forward_only_merge": allows("fast-forward-only"),
            "default_merge_style": repo.merge_styles.first(),
            "archived": false,
        })
    }

    pub(in crate::forgejo) fn label_json(&self, call: &ForgeCall, r: usize, id: u64) -> Value {
        let repo = &self.repos[r];
        let name = repo
            .labels
            .iter()
            .find(|(l, _)| *l == id)
            .map(|(_, n)| n.as_str());
        json!({
            "id": id,
            "name": name,
            "exclusive": false,
            "is_archived": false,
            "color": "e11d21",
            "description": "",
            "url": format!("{}/api/v1/repos/{}/labels/{id}", call.base, repo.full_name),
        })
    }

    pub(in crate::forgejo) fn issue_json(&self, call: &ForgeCall, r: usize, item: &Item) -> Value {
        let repo = &self.repos[r];
        let kind = if item.pull.is_some() {
            "pulls"
        } else {
            "issues"
        };
        let comments = repo
            .comments
            .iter()
            .filter(|c| c.number == item.number)
            .count();
        let pull = item.pull.as_ref().map(|pull| {
            json!({
                "merged": pull.merged.is_some(),
                "merged_at": pull.merged.as_ref().map(|(_, at, _)| at),
                "draft": false,
                "html_url": format!("{}/{}/pulls/{}", call.base, repo.full_name, item.number),
            })
        });
        json!({
            "id": item.id,
            "url": format!("{}/api/v1/repos/{}/issues/{}", call.base, repo.full_name, item.number),
            "html_url": format!("{}/{}/{kind}/{}", call.base, repo.full_name, item.number),
            "number": item.number,
            "user": self.user_json(call, item.user),
            "original_author": "",
            "original_author_id": 0,
            "title": item.title,
            "body": item.body,
            "ref": "",
            "assets": [],
            "labels": item.labels.iter().map(|l| self.label_json(call, r, *l)).collect::<Vec<_>>(),
            "milestone": null,
            "assignee": null,
            "assignees": null,
            "state": item.state,
            "is_locked": false,
            "comments": comments,
            "created_at": item.created_at,
            "updated_at": item.updated_at,
            "closed_at": item.closed_at,
            "due_date": null,
            "pull_request": pull,
            "repository": { "id": repo.id, "name": repo.full_name.split('/').nth(1), "full_name": repo.full_name },
            "pin_order": 0,
        })
    }

    pub(in crate::forgejo) fn pull_json(
        &self,
        call: &ForgeCall,
        r: usize,
        item: &Item,
        pull: &Pull,
    ) -> Value {
        let repo = &self.repos[r];
        let mut value = self.issue_json(call, r, item);
        let branch = |name: &str, sha: &str| json!({ "label": name, "ref": name, "sha": sha, "repo_id": repo.id, "repo": self.repo_json(call, r) });
        let (additions, deletions) = pull.files.iter().fold((0, 0), |(a, d), f| {
            let (fa, fd) = line_counts(&f.patch);
            (a + fa, d + fd)
        });
        let merged_by = pull
            .merged
            .as_ref()
            .map(|(user, _, _)| self.user_json(call, *user));
        let reviewers: Vec<Value> = pull
            .requested
            .iter()
            .map(|u| self.user_json(call, *u))
            .collect();
        let url = format!("{}/{}/pulls/{}", call.base, repo.full_name, item.number);
        set(
            &mut value,
            json!({
                "pull_request": null,
                "html_url": url,
                "diff_url": format!("{url}.diff"),
                "patch_url": format!("{url}.patch"),
                "requested_reviewers": reviewers,
                "requested_reviewers_teams": [],
                "draft": false,
                "additions": additions,
                "deletions": deletions,
                "changed_files": pull.files.len(),
                "mergeable": pull.checking == 0 && item.state == "open",
                "merged": pull.merged.is_some(),
                "merged_at": pull.merged.as_ref().map(|(_, at, _)| at),
                "merge_commit_sha": pull.merged.as_ref().map(|(_, _, sha)| sha),
                "merged_by": merged_by,
                "allow_maintainer_edit": false,
                "base": branch(&pull.base_ref, &pull.base_sha),
                "head": branch(&pull.head_ref, &pull.head_sha),
                "merge_base": pull.base_sha,
                "flow": 0,
                "review_comments": repo.reviews.iter().filter(|v| v.number == item.number).map(|v| v.comments.len()).sum::<usize>(),
            }),
        );
        if let Some(object) = value.as_object_mut() {
            // Fields of an issue that Forgejo's `PullRequest` does not have.
            for field in [
                "pull_request",
                "ref",
                "original_author",
                "original_author_id",
                "assets",
                "repository",
            ] {
                object.remove(field);
            }
        }
        value
    }

    pub(in crate::forgejo) fn comment_json(
        &self,
        call: &ForgeCall,
        r: usize,
        comment: &Comment,
    ) -> Value {
        let repo = &self.repos[r];
        let issue_url = format!("{}/{}/issues/{}", call.base, repo.full_name, comment.number);
        json!({
            "id": comment.id,
            "html_url": format!("{issue_url}#issuecomment-{}", comment.id),
            "pull_request_url": "",
            "issue_url": issue_url,
            "user": self.user_json(call, comment.user),
            "original_author": "",
            "original_author_id": 0,
            "body": comment.body,
            "assets": [],
            "created_at": comment.created_at,
            "updated_at": comment.updated_at,
        })
    }

    pub(in crate::forgejo) fn review_json(
        &self,
        call: &ForgeCall,
        r: usize,
        review: &Review,
    ) -> Value {
        let repo = &self.repos[r];
        let url = format!("{}/{}/pulls/{}", call.base, repo.full_name, review.number);
        json!({
            "id": review.id,
            "user": self.user_json(call, review.user),
            "team": null,
            "state": review.state,
            "body": review.body,
            "commit_id": review.commit_id,
            "stale": false,
            "official": review.state == "APPROVED",
            "dismissed": false,
            "comments_count": review.comments.len(),
            "submitted_at": review.submitted_at,
            "updated_at": review.submitted_at,
            "html_url": format!("{url}#issuecomment-{}", review.id),
            "pull_request_url": url,
        })
    }
}
