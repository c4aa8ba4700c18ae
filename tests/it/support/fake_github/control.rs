//! Switching the fake's behaviour (latency, paging, faults) and reading what it recorded.

use super::*;

impl FakeGitHub {
    // ----- behaviour -----------------------------------------------------------------------

    /// Caps `per_page` below GitHub's 100, to force pagination with few seeded items.
    pub fn set_per_page_cap(&self, cap: usize) {
        self.state().per_page_cap = cap.max(1);
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

    // ----- observation ---------------------------------------------------------------------

    /// Every request received so far, in the order they were answered.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state().requests.clone()
    }

    /// The requests that were not GETs.
    pub fn writes(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.method != "GET")
            .collect()
    }

    /// Everything about the recorded requests that GitHub's description does not allow,
    /// as `"METHOD path: problem"` lines. End-to-end tests should expect none.
    pub fn violations(&self) -> Vec<String> {
        let mut found = Vec::new();
        for request in self.requests() {
            let line =
                |problem: &str| format!("{} {}: {problem}", request.method, request.path_and_query);
            if request.body.is_none() && !request.raw_body.trim().is_empty() {
                found.push(line("body is not JSON"));
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
