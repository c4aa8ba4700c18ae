//! Switching the fake's behaviour (latency, paging, faults, renamed repositories, dropped
//! fields and permissions) and reading what it recorded.

use super::*;

impl FakeGitHub {
    // ----- behaviour -----------------------------------------------------------------------

    /// Caps `per_page` below GitHub's 100, to force pagination with few seeded items.
    pub fn set_per_page_cap(&self, cap: usize) {
        self.state().per_page_cap = cap.max(1);
    }

    /// Makes GitHub's clock run `seconds` ahead of this machine's (behind when negative): the
    /// times it stamps and its `Date` headers. Set it before seeding: the clock never goes back.
    pub fn set_clock_offset(&self, seconds: i64) {
        self.state().clock_offset = seconds;
    }

    /// Delays every answer by `latency` (requests are still served concurrently).
    pub fn set_latency(&self, latency: Duration) {
        self.state().latency = latency;
    }

    pub fn inject(&self, fault: Fault) {
        self.state().faults.push(fault);
    }

    /// The next request matching `method` (or `"*"`) and `path_contains` gets `status` + `body`.
    pub fn fail_next(&self, method: &str, path_contains: &str, status: u16, body: Value) {
        self.inject(Fault::new(method, path_contains, status, body));
    }

    /// Every request matching `method` (or `"*"`) and `path_contains` gets `status` + `body`.
    pub fn fail_always(&self, method: &str, path_contains: &str, status: u16, body: Value) {
        self.inject(Fault::new(method, path_contains, status, body).always());
    }

    pub fn clear_faults(&self) {
        self.state().faults.clear();
    }

    /// Renames a repository: its issues and PRs move to `new`, and requests to `old` are
    /// redirected (301 for GET, 307 otherwise) as GitHub does after a rename or transfer.
    pub fn rename_repo(&self, old: &str, new: &str) {
        let mut state = self.state();
        if let Some(moved) = state.repos.remove(old) {
            state.repos.insert(new.to_owned(), moved);
        }
        let renamed = &mut state.switches.renamed;
        renamed.remove(&new.to_ascii_lowercase()); // renaming back serves the name again
        for current in renamed.values_mut() {
            if current.eq_ignore_ascii_case(old) {
                *current = new.to_owned();
            }
        }
        renamed.insert(old.to_ascii_lowercase(), new.to_owned());
    }

    /// Removes `field` (dotted for nested ones, e.g. `head.sha`; arrays are entered item by
    /// item) from every successful answer whose path contains `path_contains`: an answer
    /// missing a field GitHub's description requires, to test strict reading.
    pub fn strip_field(&self, path_contains: &str, field: &str) {
        let stripped = (path_contains.to_owned(), field.to_owned());
        self.state().switches.stripped.push(stripped);
    }

    /// From now on the token may set only these labels: others are dropped silently on
    /// create and update, and the answer (201/200) shows only what was applied, as on GitHub.
    pub fn allow_labels(&self, labels: &[&str]) {
        self.state().switches.labels = Some(owned(labels));
    }

    /// Like [`FakeGitHub::allow_labels`], for assignees.
    pub fn allow_assignees(&self, logins: &[&str]) {
        self.state().switches.assignees = Some(owned(logins));
    }

    /// Like [`FakeGitHub::allow_labels`], for the users a review may be requested from.
    pub fn allow_reviewers(&self, logins: &[&str]) {
        self.state().switches.reviewers = Some(owned(logins));
    }

    /// Review threads per page of `POST /graphql` from now on (GitHub's is 100), so a test
    /// can see helm follow the cursor.
    pub fn graphql_page_size(&self, threads: usize) {
        self.state().switches.graphql_page = Some(threads);
    }

    /// Marks the review thread starting at `comment` resolved, as a reviewer
    /// ([`SEED_AUTHOR`]) would.
    pub fn resolve_thread(&self, repo: &str, comment: u64) {
        (self.state().repo(repo).resolved).insert(comment, SEED_AUTHOR.to_owned());
    }

    /// Marks the review thread starting at `comment` unresolved, as a teammate would:
    /// GitHub keeps no trace of who did.
    pub fn unresolve_thread(&self, repo: &str, comment: u64) {
        self.state().repo(repo).resolved.remove(&comment);
    }

    /// Whether the review thread starting at `comment` is resolved.
    pub fn thread_resolved(&self, repo: &str, comment: u64) -> bool {
        self.state().repo(repo).resolved.contains_key(&comment)
    }

    /// Who resolved the review thread starting at `comment`, if it is resolved.
    pub fn thread_resolved_by(&self, repo: &str, comment: u64) -> Option<String> {
        self.state().repo(repo).resolved.get(&comment).cloned()
    }

    /// From now on answers carry no `ETag` and no `Last-Modified`, as behind a proxy that
    /// strips them: no request can be conditional.
    pub fn strip_validators(&self) {
        self.state().switches.no_validators = true;
    }

    /// From now on an answer's `ETag` depends on the token that asked, as GitHub's do: the
    /// same unchanged resource has another tag for another token.
    pub fn tag_per_token(&self) {
        self.state().switches.tags_per_token = true;
    }

    /// Accepts `token` as well as [`TOKEN`] (another identity of the same user).
    pub fn accept_token(&self, token: &str) {
        self.state().switches.tokens.push(token.to_owned());
    }

    // ----- observation ---------------------------------------------------------------------

    /// Every request received so far, in the order they were answered.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state().requests.clone()
    }

    /// How many GETs were answered `304 Not Modified`: a client that sent `If-None-Match`
    /// (or `If-Modified-Since`) for something unchanged.
    pub fn not_modified_count(&self) -> usize {
        self.state()
            .requests
            .iter()
            .filter(|r| r.status == 304)
            .count()
    }

    /// How much of the rate limit the requests so far used: every authenticated answer but
    /// a 304, as on GitHub. Also sent as `x-ratelimit-used` / `x-ratelimit-remaining`.
    pub fn rate_limit_used(&self) -> u64 {
        self.state().rate_used
    }

    /// The requests that may change something: not GETs, and of `POST /graphql` only the
    /// mutations (a GraphQL query is a read sent as a POST).
    pub fn writes(&self) -> Vec<RecordedRequest> {
        self.requests()
            .into_iter()
            .filter(|r| r.method != "GET")
            .filter(|r| {
                let query = r.body.as_ref().and_then(|b| b["query"].as_str());
                r.path() != "/graphql"
                    || query.is_some_and(|q| q.trim_start().starts_with("mutation"))
            })
            .collect()
    }

    /// The writes ([`FakeGitHub::writes`]) sent with `token`: which identity changed
    /// something, when several tokens are accepted ([`FakeGitHub::accept_token`]).
    pub fn writes_by(&self, token: &str) -> Vec<RecordedRequest> {
        self.writes()
            .into_iter()
            .filter(|r| {
                r.header("authorization")
                    .and_then(|value| value.split_whitespace().last())
                    == Some(token)
            })
            .collect()
    }

    /// Everything about the recorded requests that GitHub's description does not allow,
    /// as `"METHOD path: problem"` lines. End-to-end tests should expect none.
    pub fn violations(&self) -> Vec<String> {
        let mut found = Vec::new();
        for request in self.requests() {
            if let Some(problems) = forges::violations(&request) {
                found.extend(problems);
                continue;
            }
            let line =
                |problem: &str| format!("{} {}: {problem}", request.method, request.path_and_query);
            if request.body.is_none() && !request.raw_body.trim().is_empty() {
                found.push(line("body is not JSON"));
            }
            if request.path() == "/graphql" {
                let query = request.body.as_ref().and_then(|b| b["query"].as_str());
                let problems = graphql_schema::check(query.unwrap_or_default());
                found.extend(problems.iter().map(|p| line(p)));
                continue;
            }
            if let Err(problems) = openapi::validate(
                &request.method,
                &request.path_and_query,
                request.body.as_ref(),
            ) {
                found.extend(problems.iter().map(|p| line(p)));
            }
        }
        found
    }
}

fn owned(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}
