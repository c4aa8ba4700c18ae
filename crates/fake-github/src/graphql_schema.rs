//! GitHub's public GraphQL schema, reduced to the types helm's queries walk, and a check
//! that a query names only fields and arguments the schema has, and no field GitHub has
//! deprecated: GitHub still answers those, until the day it removes them (as it said of
//! `PullRequestReviewComment.databaseId`, which cannot hold 64-bit ids), so only this
//! check can catch them before then.
//!
//! The fixture `tests/fixtures/graphql/github-schema.json` is extracted from the npm
//! package `@octokit/graphql-schema` by `tests/fixtures/graphql/extract.mjs`. The check
//! reads the query's selection sets against it; it is no full GraphQL validator (variable
//! types and values are not checked), only what keeps field names from drifting.

use serde_json::Value;
use std::sync::OnceLock;

const FIXTURE: &str = "tests/fixtures/graphql/github-schema.json";
const FIXTURE_TEXT: &str = include_str!("../../../tests/fixtures/graphql/github-schema.json");

fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        serde_json::from_str(FIXTURE_TEXT)
            .unwrap_or_else(|e| panic!("GraphQL fixture {FIXTURE} is not JSON: {e}"))
    })
}

/// The version of `@octokit/graphql-schema` the fixture was extracted from.
pub fn version() -> &'static str {
    schema()["source"]["version"].as_str().unwrap_or_default()
}

/// The tokens of a query: names, punctuation (`...` as one) and string literals.
fn tokens(query: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = query.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() || c == ',' => {
                chars.next();
            }
            '#' => while chars.next_if(|c| *c != '\n').is_some() {},
            '"' => {
                chars.next();
                let mut text = String::from("\"");
                loop {
                    match chars.next() {
                        Some('\\') => {
                            chars.next();
                        }
                        Some('"') => break,
                        Some(c) => text.push(c),
                        None => return Err("an unterminated string".into()),
                    }
                }
                out.push(text);
            }
            '.' => {
                let dots: String = std::iter::from_fn(|| chars.next_if(|c| *c == '.')).collect();
                if dots != "..." {
                    return Err(format!("'{dots}' is not GraphQL"));
                }
                out.push(dots);
            }
            c if c.is_alphanumeric() || c == '_' || c == '-' => {
                let word: String = std::iter::from_fn(|| {
                    chars.next_if(|c| c.is_alphanumeric() || *c == '_' || *c == '-' || *c == '.')
                })
                .collect();
                out.push(word);
            }
            _ => {
                chars.next();
                out.push(c.to_string());
            }
        }
    }
    Ok(out)
}

struct Walk<'a> {
    tokens: &'a [String],
    at: usize,
    problems: Vec<String>,
}

impl Walk<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn next(&mut self) -> Option<&str> {
        self.at += 1;
        self.tokens.get(self.at - 1).map(String::as_str)
    }

    /// Skips one value (a variable, a literal, an object or a list).
    fn skip_value(&mut self) {
        let mut depth = 0i32;
        while let Some(token) = self.next() {
            match token {
                "{" | "[" => depth += 1,
                "}" | "]" => depth -= 1,
                "$" => continue,
                _ => {}
            }
            if depth <= 0 {
                return;
            }
        }
    }

    /// A selection set of `type_name`, from its `{` to its `}`.
    fn selections(&mut self, type_name: &str) {
        let Some(fields) = schema()["types"][type_name]["fields"].as_object() else {
            self.problems.push(format!(
                "type {type_name} is not in the GraphQL fixture {FIXTURE}"
            ));
            return;
        };
        if self.next() != Some("{") {
            self.problems
                .push(format!("expected '{{' after a field of type {type_name}"));
            return;
        }
        while let Some(token) = self.next().map(str::to_owned) {
            match token.as_str() {
                "}" => return,
                "..." => {
                    let on = self.next().map(str::to_owned);
                    let fragment = self.next().map(str::to_owned).unwrap_or_default();
                    if on.as_deref() != Some("on") {
                        self.problems
                            .push("only inline fragments (`... on T`) are read".into());
                        return;
                    }
                    self.selections(&fragment);
                }
                name => {
                    let mut field = name.to_owned();
                    if self.peek() == Some(":") {
                        self.next();
                        field = self.next().unwrap_or_default().to_owned();
                    }
                    let Some(spec) = fields.get(&field) else {
                        self.problems
                            .push(format!("type {type_name} has no field '{field}'"));
                        return;
                    };
                    if let Some(reason) = spec["deprecated"].as_str() {
                        self.problems.push(format!(
                            "field {type_name}.{field} is deprecated by GitHub: {reason}"
                        ));
                    }
                    if self.peek() == Some("(") {
                        self.next();
                        while let Some(arg) = self.next().map(str::to_owned) {
                            if arg == ")" {
                                break;
                            }
                            if spec["args"].get(&arg).is_none() {
                                self.problems.push(format!(
                                    "field {type_name}.{field} has no argument '{arg}'"
                                ));
                            }
                            if self.next() != Some(":") {
                                self.problems.push(format!("argument '{arg}' has no value"));
                                return;
                            }
                            self.skip_value();
                        }
                    }
                    if self.peek() == Some("{") {
                        let of = spec["type"].as_str().unwrap_or_default();
                        let base: String = of.chars().filter(|c| !"[]!".contains(*c)).collect();
                        self.selections(&base);
                    }
                }
            }
        }
        self.problems
            .push("the query ends inside a selection set".into());
    }
}

/// What in `query` GitHub's schema does not have or has deprecated; empty when it names
/// only what it has, undeprecated.
pub fn check(query: &str) -> Vec<String> {
    let tokens = match tokens(query) {
        Ok(tokens) => tokens,
        Err(problem) => return vec![problem],
    };
    let mut walk = Walk {
        tokens: &tokens,
        at: 0,
        problems: Vec::new(),
    };
    let root = match walk.peek() {
        Some("mutation") => "Mutation",
        _ => "Query",
    };
    if matches!(walk.peek(), Some("query" | "mutation")) {
        // The operation's name and its variable definitions name no fields.
        while walk.peek().is_some_and(|t| t != "{") {
            walk.next();
        }
    }
    walk.selections(root);
    if walk.problems.is_empty() && walk.peek().is_some() {
        walk.problems.push("text after the operation".into());
    }
    walk.problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_may_name_only_what_the_schema_has() {
        let good = "query($owner: String!, $after: String) { repository(owner: $owner, name: \"w\") \
            { pullRequest(number: 1) { reviewThreads(first: 100, after: $after) \
            { pageInfo { hasNextPage endCursor } nodes { id isResolved } } } } }";
        assert_eq!(check(good), Vec::<String>::new());
        let drifted = good.replace("isResolved", "resolved");
        assert_eq!(
            check(&drifted),
            ["type PullRequestReviewThread has no field 'resolved'"]
        );
        let bad_arg = good.replace("first: 100", "top: 100");
        assert_eq!(
            check(&bad_arg),
            ["field PullRequest.reviewThreads has no argument 'top'"]
        );
        let mutation = "mutation($id: ID!) { resolveReviewThread(input: {threadId: $id}) \
            { thread { id isResolved } } }";
        assert_eq!(check(mutation), Vec::<String>::new());
        assert!(version().starts_with("15."));
    }

    #[test]
    fn a_deprecated_field_is_a_problem_and_its_replacement_is_not() {
        let comment = |field: &str| {
            format!(
                "query($id: ID!) {{ node(id: $id) {{ ... on PullRequestReviewThread \
                 {{ comments(first: 1) {{ nodes {{ {field} }} }} }} }} }}"
            )
        };
        let problems = check(&comment("databaseId"));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0]
                .starts_with("field PullRequestReviewComment.databaseId is deprecated by GitHub: ")
                && problems[0].contains("fullDatabaseId"),
            "{problems:?}"
        );
        assert_eq!(check(&comment("fullDatabaseId")), Vec::<String>::new());
    }
}
