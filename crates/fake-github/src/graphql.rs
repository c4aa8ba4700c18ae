//! `POST /graphql`: the review threads of a pull request (paged by cursor) and the two
//! mutations that resolve and unresolve a thread. A thread is the inline review comments
//! answering one first comment; its node id is `PRRT_` and that comment's id, and it is
//! outdated when its first comment was made on another commit than the PR's head; `node(id:)`
//! reads one thread by its node id. A thread answers with its pull request, its repository
//! and who resolved it (`resolvedBy`: [`VIEWER`] when helm's mutation did); as on GitHub,
//! nothing tells who unresolved one. A query
//! naming a field GitHub's schema lacks is answered with `errors`, as GitHub does, and so is
//! one naming a field GitHub deprecated, which GitHub still answers: helm must not rely on
//! one.

use super::*;

/// Threads per page when the query asks for more (a test may lower it).
pub(super) const THREADS_PER_PAGE: usize = 100;

fn errors(message: String) -> Reply {
    Reply::json(200, json!({ "errors": [{ "message": message }] }))
}

fn node_id(root: u64) -> String {
    format!("PRRT_{root}")
}

impl State {
    pub(super) fn graphql(&mut self, base: &str, body: Option<&Value>) -> Reply {
        let body = body.cloned().unwrap_or_default();
        let query = body["query"].as_str().unwrap_or_default();
        let problems = graphql_schema::check(query);
        if let Some(problem) = problems.first() {
            return errors(problem.clone());
        }
        let vars = &body["variables"];
        let mut reply = if query.contains("unresolveReviewThread") {
            self.set_resolved(vars, false)
        } else if query.contains("resolveReviewThread") {
            self.set_resolved(vars, true)
        } else if query.contains("reviewThreads") {
            self.review_threads(vars)
        } else if query.contains("node(") {
            self.node(vars)
        } else {
            errors("the fake GitHub answers no such query".into())
        };
        if let Some(json) = reply.json.as_mut() {
            rewrite_strings(json, &[("https://api.github.com", base)]);
            self.strip("/graphql", json);
        }
        reply
    }

    /// The roots of `repo`'s threads on PR `pr`, oldest first, with their comments.
    fn threads(&self, repo: &str, pr: u64) -> Vec<(u64, Vec<&ReviewCommentRecord>)> {
        let mut threads: Vec<(u64, Vec<&ReviewCommentRecord>)> = Vec::new();
        let comments = self.repos.get(repo).map(|r| r.review_comments.iter());
        for c in comments.into_iter().flatten().filter(|c| c.pr == pr) {
            let root = c.in_reply_to.unwrap_or(c.id);
            match threads.iter_mut().find(|(id, _)| *id == root) {
                Some((_, list)) => list.push(c),
                None => threads.push((root, vec![c])),
            }
        }
        threads
    }

    fn thread_json(
        &self,
        repo: &str,
        pr: u64,
        root: u64,
        comments: &[&ReviewCommentRecord],
    ) -> Value {
        let head = self.pull(repo, pr).map(|(_, p)| p.head_sha.clone());
        let first = comments[0];
        let resolved_by = self.repos.get(repo).and_then(|r| r.resolved.get(&root));
        json!({
            "id": node_id(root),
            "isResolved": resolved_by.is_some(),
            "resolvedBy": resolved_by.map(|login| json!({ "login": login })),
            "pullRequest": { "number": pr },
            "repository": { "nameWithOwner": repo },
            "isOutdated": head.as_deref() != Some(first.commit_id.as_str()),
            "path": first.path,
            "line": first.line,
            "comments": {
                "nodes": comments.iter().take(1).map(|c| json!({ "fullDatabaseId": c.id.to_string() })).collect::<Vec<_>>(),
            },
        })
    }

    fn review_threads(&self, vars: &Value) -> Reply {
        let repo = self.spelled(&format!(
            "{}/{}",
            vars["owner"].as_str().unwrap_or_default(),
            vars["name"].as_str().unwrap_or_default()
        ));
        let number = vars["number"].as_u64().unwrap_or_default();
        if self.pull(&repo, number).is_none() {
            return errors(format!(
                "Could not resolve to a PullRequest with the number of {number}."
            ));
        }
        let per_page = self.switches.graphql_page.unwrap_or(THREADS_PER_PAGE);
        let from: usize = match vars["after"].as_str() {
            None => 0,
            Some(cursor) => match cursor.strip_prefix("cursor:").and_then(|n| n.parse().ok()) {
                Some(n) => n,
                None => return errors(format!("`{cursor}` does not appear to be a valid cursor.")),
            },
        };
        let threads = self.threads(&repo, number);
        let page: Vec<Value> = (threads.iter().skip(from).take(per_page))
            .map(|(root, comments)| self.thread_json(&repo, number, *root, comments))
            .collect();
        let end = from + page.len();
        Reply::json(
            200,
            json!({ "data": { "repository": { "pullRequest": { "reviewThreads": {
                "pageInfo": { "hasNextPage": end < threads.len(), "endCursor": format!("cursor:{end}") },
                "nodes": page,
            } } } } }),
        )
    }

    /// The repository and PR of the thread with node id `id`, and its root comment.
    fn find_thread(&self, id: &str) -> Option<(String, u64, u64)> {
        let root = id.strip_prefix("PRRT_")?.parse::<u64>().ok()?;
        self.repos.iter().find_map(|(name, r)| {
            let first = r
                .review_comments
                .iter()
                .find(|c| c.id == root && c.in_reply_to.is_none())?;
            Some((name.clone(), first.pr, root))
        })
    }

    fn thread_by_root(&self, repo: &str, pr: u64, root: u64) -> Value {
        let comments: Vec<&ReviewCommentRecord> = (self.threads(repo, pr).into_iter())
            .find(|(r, _)| *r == root)
            .map(|(_, c)| c)
            .unwrap_or_default();
        self.thread_json(repo, pr, root, &comments)
    }

    /// `node(id:)`: a thread by its node id, or `null` with GitHub's NOT_FOUND error.
    fn node(&self, vars: &Value) -> Reply {
        let id = vars["id"].as_str().unwrap_or_default();
        match self.find_thread(id) {
            Some((repo, pr, root)) => {
                let thread = self.thread_by_root(&repo, pr, root);
                Reply::json(200, json!({ "data": { "node": thread } }))
            }
            None => Reply::json(
                200,
                json!({ "data": { "node": null }, "errors": [{
                    "type": "NOT_FOUND", "path": ["node"],
                    "message": format!("Could not resolve to a node with the global id of '{id}'"),
                }] }),
            ),
        }
    }

    fn set_resolved(&mut self, vars: &Value, resolved: bool) -> Reply {
        let id = vars["threadId"].as_str().unwrap_or_default();
        let field = if resolved {
            "resolveReviewThread"
        } else {
            "unresolveReviewThread"
        };
        let not_found = || {
            Reply::json(
                200,
                json!({ "data": { field: null }, "errors": [{
                    "type": "NOT_FOUND", "path": [field],
                    "message": format!("Could not resolve to a node with the global id of '{id}'"),
                }] }),
            )
        };
        let Some((repo, pr, root)) = self.find_thread(id) else {
            return not_found();
        };
        // Resolving a resolved thread changes nothing, its resolver included.
        let list = &mut self.repo(&repo).resolved;
        if resolved {
            list.entry(root).or_insert_with(|| VIEWER.to_owned());
        } else {
            list.remove(&root);
        }
        let thread = self.thread_by_root(&repo, pr, root);
        Reply::json(200, json!({ "data": { field: { "thread": thread } } }))
    }
}
