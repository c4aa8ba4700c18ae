//! Ways GitHub answers that are not the plain happy path, switched on by a test: renamed
//! repositories that redirect, fields the token may not set that are silently dropped,
//! answers with required fields missing, validators stripped by a proxy or keyed per token,
//! and more tokens than one. The handlers stay unaware of all of these.

use super::*;

#[derive(Default)]
pub(super) struct Switches {
    /// Old full name (`owner/repo`, lowercased) -> the current one.
    pub(super) renamed: HashMap<String, String>,
    /// `(path_contains, dotted field)`: the field is removed from matching answers.
    pub(super) stripped: Vec<(String, String)>,
    /// `None`: everything may be set. `Some(list)`: only these; the rest is dropped.
    pub(super) labels: Option<Vec<String>>,
    pub(super) assignees: Option<Vec<String>>,
    pub(super) reviewers: Option<Vec<String>>,
    /// A proxy in between drops `ETag` and `Last-Modified` from every answer.
    pub(super) no_validators: bool,
    /// ETags depend on the token as well as the body, as GitHub's do.
    pub(super) tags_per_token: bool,
    /// Tokens accepted besides [`TOKEN`].
    pub(super) tokens: Vec<String>,
    /// Review threads per GraphQL page, when lower than GitHub's.
    pub(super) graphql_page: Option<usize>,
}

/// What GitHub applies of `asked`: all of it, or only what the token may set (silently).
pub(super) fn permitted(allowed: Option<&Vec<String>>, asked: Vec<String>) -> Vec<String> {
    match allowed {
        None => asked,
        Some(allowed) => asked
            .into_iter()
            .filter(|name| allowed.iter().any(|a| a.eq_ignore_ascii_case(name)))
            .collect(),
    }
}

impl State {
    /// A request to a renamed repository: 301 for GET (and HEAD), 307 for the rest so that
    /// the method and body are kept, with `Location` on the current name.
    pub(super) fn redirect(&self, base: &str, request: &RecordedRequest) -> Option<Reply> {
        let rest = request.path_and_query.strip_prefix("/repos/")?;
        let mut parts = rest.splitn(3, '/');
        let (owner, repo) = (parts.next()?, parts.next()?);
        let tail = &rest[owner.len() + 1 + repo.len()..];
        let old = format!("{owner}/{repo}").to_ascii_lowercase();
        let current = self.switches.renamed.get(&old)?;
        let location = format!("{base}/repos/{current}{tail}");
        let (status, message) = match request.method.as_str() {
            "GET" | "HEAD" => (301, "Moved Permanently"),
            _ => (307, "Temporary Redirect"),
        };
        let body = json!({
            "message": message,
            "url": location,
            "documentation_url": "https://docs.github.com/v3/#http-redirects",
        });
        Some(Reply::json(status, body).header("Location", location))
    }

    /// The repository as the fake stores it: GitHub matches owner and name
    /// case-insensitively and answers under the spelling it holds.
    pub(super) fn spelled(&self, repo: &str) -> String {
        self.repos
            .keys()
            .find(|known| known.eq_ignore_ascii_case(repo))
            .cloned()
            .unwrap_or_else(|| repo.to_owned())
    }

    /// Removes the fields a test asked to strip from an answer to `path`.
    pub(super) fn strip(&self, path: &str, json: &mut Value) {
        for (path_contains, field) in &self.switches.stripped {
            if path.contains(path_contains.as_str()) {
                let steps: Vec<&str> = field.split('.').collect();
                remove_path(json, &steps);
            }
        }
    }
}

/// Removes `steps` (a dotted path) from `value`, descending into every item of arrays.
fn remove_path(value: &mut Value, steps: &[&str]) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|v| remove_path(v, steps)),
        Value::Object(fields) => match steps {
            [] => {}
            [last] => {
                fields.remove(*last);
            }
            [first, rest @ ..] => {
                if let Some(inner) = fields.get_mut(*first) {
                    remove_path(inner, rest);
                }
            }
        },
        _ => {}
    }
}
