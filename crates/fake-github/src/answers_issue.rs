//! Answers for issues and pull requests (and the users, labels, teams, repositories inside
//! them), built on GitHub's documented examples. Pure: reads the state, changes nothing.

use super::*;

impl State {
    // ----- answers -------------------------------------------------------------------------

    /// Slices `items` by `per_page`/`page` and adds GitHub's `Link` header.
    pub(super) fn page(&self, cx: &Cx, items: Vec<Value>) -> Reply {
        let number = |name: &str| cx.query(name).and_then(|v| v.parse::<usize>().ok());
        let per_page = number("per_page")
            .unwrap_or(30)
            .clamp(1, 100)
            .min(self.per_page_cap);
        let page = number("page").unwrap_or(1).max(1);
        let last = items.len().div_ceil(per_page).max(1);
        let slice: Vec<Value> = items
            .into_iter()
            .skip((page - 1).saturating_mul(per_page))
            .take(per_page)
            .collect();
        let mut reply = Reply::json(200, Value::Array(slice));
        let others: Vec<&str> = cx
            .raw_query
            .split('&')
            .filter(|p| !p.is_empty() && !p.starts_with("page="))
            .collect();
        let link_to = |n: usize, rel: &str| {
            let page = format!("page={n}");
            let query = others
                .iter()
                .copied()
                .chain([page.as_str()])
                .collect::<Vec<_>>()
                .join("&");
            format!("<{}{}?{query}>; rel=\"{rel}\"", cx.base, cx.path)
        };
        let mut links = Vec::new();
        if page > 1 {
            links.push(link_to((page - 1).min(last), "prev"));
        }
        if page < last {
            links.push(link_to(page + 1, "next"));
            links.push(link_to(last, "last"));
        }
        if page > 1 {
            links.push(link_to(1, "first"));
        }
        if !links.is_empty() {
            reply = reply.header("Link", links.join(", "));
        }
        reply
    }

    pub(super) fn comment_count(&self, cx: &Cx, number: u64) -> usize {
        self.repos.get(&cx.repo).map_or(0, |r| {
            r.comments.iter().filter(|c| c.issue == number).count()
        })
    }

    pub(super) fn issue_json(&self, cx: &Cx, issue: &IssueRecord) -> Value {
        let n = issue.number;
        let api = cx.api(&format!("/issues/{n}"));
        let mut json = shape("GET", ISSUE).clone();
        let kind = if issue.pull.is_some() {
            "pull"
        } else {
            "issues"
        };
        set(
            &mut json,
            json!({
                "id": issue.id,
                "node_id": format!("I_{}", issue.id),
                "url": api,
                "repository_url": cx.api(""),
                "labels_url": format!("{api}/labels{{/name}}"),
                "comments_url": format!("{api}/comments"),
                "events_url": format!("{api}/events"),
                "html_url": cx.html(&format!("/{kind}/{n}")),
                "number": n,
                "state": issue.state,
                "state_reason": issue.state_reason,
                "title": issue.title,
                "body": issue.body,
                "user": user_json(&issue.user),
                "labels": issue.labels.iter().map(|l| label_json(cx, l)).collect::<Vec<_>>(),
                "assignee": issue.assignees.first().map(|a| user_json(a)),
                "assignees": issue.assignees.iter().map(|a| user_json(a)).collect::<Vec<_>>(),
                "milestone": null,
                "locked": false,
                "active_lock_reason": null,
                "pinned_comment": null,
                "comments": self.comment_count(cx, n),
                "closed_at": issue.closed_at,
                "closed_by": issue.closed_at.as_ref().map(|_| user_json(VIEWER)),
                "created_at": issue.created_at,
                "updated_at": issue.updated_at,
                "author_association": self.association(cx, &issue.user),
            }),
        );
        match (&issue.pull, json.as_object_mut()) {
            (Some(pull), Some(fields)) => {
                let html = cx.html(&format!("/pull/{n}"));
                let link = json!({
                    "url": cx.api(&format!("/pulls/{n}")),
                    "html_url": html,
                    "diff_url": format!("{html}.diff"),
                    "patch_url": format!("{html}.patch"),
                    "merged_at": pull.merged_at,
                });
                fields.insert("pull_request".into(), link);
            }
            (None, Some(fields)) => {
                fields.remove("pull_request");
            }
            _ => {}
        }
        json
    }

    pub(super) fn pull_json(&self, cx: &Cx, issue: &IssueRecord, pull: &PullRecord) -> Value {
        let n = issue.number;
        let (api, html) = (
            cx.api(&format!("/pulls/{n}")),
            cx.html(&format!("/pull/{n}")),
        );
        let issue_api = cx.api(&format!("/issues/{n}"));
        let merged = pull.merged_at.is_some();
        let mergeable = if merged { None } else { pull.mergeable };
        let mergeable_state = pull.mergeable_state.clone().unwrap_or_else(|| {
            match mergeable {
                None => "unknown",
                Some(false) => "dirty",
                Some(true) if pull.draft => "draft",
                Some(true) => "clean",
            }
            .into()
        });
        let review_comments = self.repos.get(&cx.repo).map_or(0, |r| {
            r.review_comments.iter().filter(|c| c.pr == n).count()
        });
        let (additions, deletions) = pull
            .files
            .iter()
            .map(|f| line_counts(&f.patch))
            .fold((0, 0), |(a, d), (fa, fd)| (a + fa, d + fd));
        let href = |url: String| json!({ "href": url });
        let mut json = shape("GET", PULL).clone();
        set(
            &mut json,
            json!({
                "url": api,
                "id": pull.id,
                "node_id": format!("PR_{}", pull.id),
                "html_url": html,
                "diff_url": format!("{html}.diff"),
                "patch_url": format!("{html}.patch"),
                "issue_url": issue_api,
                "commits_url": format!("{api}/commits"),
                "review_comments_url": format!("{api}/comments"),
                "review_comment_url": cx.api("/pulls/comments{/number}"),
                "comments_url": format!("{issue_api}/comments"),
                "statuses_url": cx.api(&format!("/statuses/{}", pull.head_sha)),
                "_links": {
                    "self": href(api.clone()),
                    "html": href(html.clone()),
                    "issue": href(issue_api.clone()),
                    "comments": href(format!("{issue_api}/comments")),
                    "review_comments": href(format!("{api}/comments")),
                    "review_comment": href(cx.api("/pulls/comments{/number}")),
                    "commits": href(format!("{api}/commits")),
                    "statuses": href(cx.api(&format!("/statuses/{}", pull.head_sha))),
                },
            }),
        );
        // Split in two: one `json!` this size exceeds the macro recursion limit.
        set(
            &mut json,
            json!({
                "number": n,
                "state": issue.state,
                "locked": false,
                "title": issue.title,
                "user": user_json(&issue.user),
                "body": issue.body,
                "labels": issue.labels.iter().map(|l| label_json(cx, l)).collect::<Vec<_>>(),
                "milestone": null,
                "active_lock_reason": null,
                "created_at": issue.created_at,
                "updated_at": issue.updated_at,
                "closed_at": issue.closed_at,
                "merged_at": pull.merged_at,
                "merge_commit_sha": pull.merge_commit_sha,
                "assignee": issue.assignees.first().map(|a| user_json(a)),
                "assignees": issue.assignees.iter().map(|a| user_json(a)).collect::<Vec<_>>(),
                "requested_reviewers": pull.requested_reviewers.iter().map(|r| user_json(r)).collect::<Vec<_>>(),
                "requested_teams": pull.requested_teams.iter().map(|t| team_json(cx, t)).collect::<Vec<_>>(),
                "head": branch_json(cx, &pull.head, &pull.head_sha),
                "base": branch_json(cx, &pull.base, &pull.base_sha),
                "auto_merge": null,
                "draft": pull.draft,
                "merged": merged,
                "mergeable": mergeable,
                "rebaseable": mergeable,
                "mergeable_state": mergeable_state,
                "merged_by": merged.then(|| user_json(VIEWER)),
                "comments": self.comment_count(cx, n),
                "review_comments": review_comments,
                "maintainer_can_modify": false,
                "commits": pull.commits,
                "additions": additions,
                "deletions": deletions,
                "changed_files": pull.files.len(),
                "author_association": self.association(cx, &issue.user),
            }),
        );
        json
    }
}

pub(super) fn user_json(login: &str) -> Value {
    let mut user = shape("GET", ISSUE)["user"].clone();
    rewrite_strings(&mut user, &[("octocat", login)]);
    let kind = if login.ends_with("[bot]") {
        "Bot"
    } else {
        "User"
    };
    let id = stable_id(login);
    set(
        &mut user,
        json!({ "login": login, "id": id, "node_id": format!("U_{id}"), "type": kind, "site_admin": false }),
    );
    user
}

pub(super) fn label_json(cx: &Cx, name: &str) -> Value {
    let mut label = shape("GET", ISSUE)["labels"][0].clone();
    let id = stable_id(name);
    let url = cx.api(&format!("/labels/{}", name.replace(' ', "%20")));
    set(
        &mut label,
        json!({ "id": id, "node_id": format!("LA_{id}"), "url": url, "name": name, "description": null, "color": "ededed", "default": false }),
    );
    label
}

pub(super) fn team_json(cx: &Cx, slug: &str) -> Value {
    let mut team = shape("GET", PULL)["requested_teams"][0].clone();
    let org = cx.repo.split('/').next().unwrap_or_default();
    let id = stable_id(slug);
    let url = format!("{}/orgs/{org}/teams/{slug}", cx.base);
    set(
        &mut team,
        json!({
            "id": id,
            "node_id": format!("T_{id}"),
            "url": url,
            "html_url": format!("https://github.com/orgs/{org}/teams/{slug}"),
            "name": slug,
            "slug": slug,
            "type": "organization", // required by the schema, missing from GitHub's example
            "description": null,
            "members_url": format!("{url}/members{{/member}}"),
            "repositories_url": format!("{url}/repos"),
            "parent": null,
        }),
    );
    team
}

pub(super) fn repo_name(cx: &Cx) -> &str {
    cx.repo.split('/').nth(1).unwrap_or_default()
}

pub(super) fn repo_json(cx: &Cx) -> Value {
    let mut repo = shape("GET", PULL)["base"]["repo"].clone();
    rewrite_strings(
        &mut repo,
        &[
            ("https://api.github.com", &cx.base),
            ("octocat/Hello-World", &cx.repo),
        ],
    );
    let owner = cx.repo.split('/').next().unwrap_or_default();
    let id = stable_id(&cx.repo);
    set(
        &mut repo,
        json!({
            "id": id,
            "node_id": format!("R_{id}"),
            "name": repo_name(cx),
            "full_name": cx.repo,
            "owner": user_json(owner),
            "private": false,
            "description": null,
            "fork": false,
            "default_branch": "main",
        }),
    );
    repo
}

impl State {
    /// The repository, with the default branch a test set (`main` otherwise).
    pub(super) fn get_repo(&self, cx: &Cx) -> Reply {
        let mut json = shape("GET", REPO).clone();
        set(&mut json, repo_json(cx));
        // Not a fork: no `source` or `parent`; and the `language` GitHub's
        // example leaves out although its schema requires it.
        if let Some(fields) = json.as_object_mut() {
            fields.remove("source");
            fields.remove("parent");
        }
        set(&mut json, json!({ "language": null }));
        let default = self
            .repos
            .get(&cx.repo)
            .and_then(|repo| repo.default_branch.clone());
        if let Some(branch) = default {
            set(&mut json, json!({ "default_branch": branch }));
        }
        Reply::json(200, json)
    }
}

pub(super) fn branch_json(cx: &Cx, branch: &str, sha: &str) -> Value {
    let owner = cx.repo.split('/').next().unwrap_or_default();
    json!({ "label": format!("{owner}:{branch}"), "ref": branch, "sha": sha, "user": user_json(owner), "repo": repo_json(cx) })
}
