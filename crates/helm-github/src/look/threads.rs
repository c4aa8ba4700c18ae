//! A pull request's review threads as GraphQL has them: each thread's node
//! id (`PRRT_…`), whether it is resolved or
//! outdated, its path and line, and its first comment's REST id, which ties
//! it to the thread the REST review comments make. One query, paged by
//! cursor; read strictly (a missing field is an error).
//!
//! The REST id is read as `fullDatabaseId`, a `BigInt` GraphQL writes as a
//! string: GitHub deprecated `databaseId`, a 32-bit `Int` that cannot hold
//! the ids GitHub now hands out.

use serde::{Deserialize, Deserializer, Serialize};

use crate::client::Client;
use crate::error::GitHubError;
use crate::graphql;

/// The pages of threads read before giving up (100 threads each).
const MAX_PAGES: usize = 50;

const QUERY: &str = "query($owner: String!, $name: String!, $number: Int!, $after: String) { \
    repository(owner: $owner, name: $name) { pullRequest(number: $number) { \
    reviewThreads(first: 100, after: $after) { pageInfo { hasNextPage endCursor } \
    nodes { id isResolved isOutdated path line comments(first: 1) { nodes { fullDatabaseId } } } \
    } } } }";

/// `QUERY`'s variables: the pull request, and the cursor of the page before
/// (null for the first page).
#[derive(Serialize)]
struct ThreadsVars<'a> {
    owner: &'a str,
    name: &'a str,
    number: u64,
    after: Option<&'a str>,
}

/// A field that must be present but may be null (serde would read a
/// missing `Option` as `None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

#[derive(Deserialize)]
struct Data {
    #[serde(deserialize_with = "present")]
    repository: Option<Repository>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Repository {
    #[serde(deserialize_with = "present")]
    pull_request: Option<PullRequest>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PullRequest {
    review_threads: Connection,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Connection {
    page_info: PageInfo,
    nodes: Vec<GraphQlThread>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageInfo {
    has_next_page: bool,
    #[serde(deserialize_with = "present")]
    end_cursor: Option<String>,
}

/// One review thread as GraphQL lists it (its node id, state and comments).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct GraphQlThread {
    pub(super) id: String,
    pub(super) is_resolved: bool,
    pub(super) is_outdated: bool,
    pub(super) path: String,
    #[serde(deserialize_with = "present")]
    pub(super) line: Option<u64>,
    #[serde(skip_serializing)]
    comments: FirstComment,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FirstComment {
    nodes: Vec<CommentId>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CommentId {
    #[serde(deserialize_with = "big_int")]
    full_database_id: Option<u64>,
}

/// A `BigInt` that must be present but may be null: GraphQL writes it as a
/// string of digits; anything else is a malformed answer.
fn big_int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let Some(text) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    text.parse().map(Some).map_err(|_| {
        serde::de::Error::custom(format!("fullDatabaseId '{text}' is not a whole number"))
    })
}

impl GraphQlThread {
    /// The REST id of the thread's first comment (the REST thread's `id`).
    pub(super) fn first_comment(&self) -> Option<u64> {
        self.comments.nodes.first().and_then(|c| c.full_database_id)
    }
}

/// Every review thread of PR `number`, oldest first.
pub(super) async fn review_threads(
    client: &Client,
    number: u64,
) -> Result<Vec<GraphQlThread>, GitHubError> {
    let mut threads = Vec::new();
    let mut after: Option<String> = None;
    for _ in 0..MAX_PAGES {
        let variables = ThreadsVars {
            owner: &client.repo.owner,
            name: &client.repo.name,
            number,
            after: after.as_deref(),
        };
        let data: Data = graphql::send(client, QUERY, variables).await?;
        let Some(pr) = data.repository.and_then(|r| r.pull_request) else {
            return Err(GitHubError::shape_text(format!(
                "GitHub's GraphQL API has no pull request #{number} in {}",
                client.repo
            )));
        };
        let page = pr.review_threads;
        threads.extend(page.nodes);
        if !page.page_info.has_next_page {
            return Ok(threads);
        }
        after = Some(page.page_info.end_cursor.ok_or_else(|| {
            GitHubError::shape_text(
                "GitHub's GraphQL answer says more review threads follow but gives no endCursor"
                    .into(),
            )
        })?);
    }
    Err(GitHubError::shape_text(format!(
        "PR #{number} has more than {} review threads; helm reads no more",
        MAX_PAGES * 100
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_github::graphql_schema::check;

    #[test]
    fn the_query_names_only_what_githubs_schema_has_undeprecated() {
        assert_eq!(check(QUERY), Vec::<String>::new());
    }

    #[test]
    fn a_first_comments_id_is_read_from_a_bigint_string() {
        let thread = |id: &str| {
            serde_json::from_str::<GraphQlThread>(&format!(
                r#"{{"id":"PRRT_1","isResolved":false,"isOutdated":false,"path":"a","line":1,
                "comments":{{"nodes":[{{"fullDatabaseId":{id}}}]}}}}"#
            ))
        };
        assert_eq!(
            thread(r#""5000000000""#).unwrap().first_comment(),
            Some(5_000_000_000)
        );
        assert_eq!(thread("null").unwrap().first_comment(), None);
        assert!(thread(r#""12a""#).is_err());
        assert!(thread("12").is_err(), "GraphQL writes a BigInt as a string");
    }
}
