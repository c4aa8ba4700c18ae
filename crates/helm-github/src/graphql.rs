//! GitHub's GraphQL API as transport: one query or mutation sent to
//! `POST /graphql` (on Enterprise `/api/graphql`, see [`endpoint`]), and its answer read as strictly as a REST one. GitHub
//! answers a query it refuses with 200 and an `errors` list; any error there
//! is a failure (with `status` 404 when GitHub says what was named does not
//! exist), and `data` must have the shape asked for: a missing field is an
//! error, never a default.

use http::Method;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::client::{Answer, Client, JSON};
use super::error::{Failure, GitHubError};

/// The body of every GraphQL request: the query (or mutation) and its
/// variables, in that order (the bytes GitHub and the fake have always seen).
#[derive(Serialize)]
pub(crate) struct GraphQlRequest<'a, V> {
    pub(crate) query: &'a str,
    pub(crate) variables: V,
}

#[derive(Deserialize)]
struct Problem {
    message: String,
    #[serde(default, rename = "type")]
    kind: Option<String>,
}

#[derive(Deserialize)]
struct GraphQlAnswer {
    #[serde(default)]
    data: Option<Value>,
    #[serde(default)]
    errors: Option<Vec<Problem>>,
}

/// Where GraphQL lives for the REST API at `api_url`. On github.com (and a
/// local server) it is `/graphql` under the REST base; GitHub Enterprise
/// serves REST under `/api/v3` but GraphQL at `/api/graphql` on the same
/// host, which only an absolute URL reaches from that base (the token still
/// goes with it: same host).
pub(crate) fn endpoint(api_url: &str) -> String {
    let Ok(uri) = api_url.parse::<http::Uri>() else {
        return "/graphql".into();
    };
    let path = uri.path().trim_end_matches('/');
    match (
        path.strip_suffix("/api/v3"),
        uri.scheme_str(),
        uri.authority(),
    ) {
        (Some(prefix), Some(scheme), Some(host)) => {
            format!("{scheme}://{host}{prefix}/api/graphql")
        }
        _ => "/graphql".into(),
    }
}

/// Sends `query` with `variables` (a struct of the query's variables,
/// named as the query names them) and reads `data` as `T`.
pub async fn send<T: DeserializeOwned, V: Serialize>(
    client: &Client,
    query: &str,
    variables: V,
) -> Result<T, GitHubError> {
    // Nothing left: a request that cannot be written is not sent.
    let body =
        serde_json::to_value(GraphQlRequest { query, variables }).map_err(|err| GitHubError {
            failure: Failure::Unsent,
            ..GitHubError::shape_text(format!(
                "the GraphQL request could not be written as JSON: {err}"
            ))
        })?;
    // A query only reads: no gate. A mutation is a write like any other.
    let at = endpoint(&client.api_url);
    let answer = match query.trim_start().starts_with("mutation") {
        true => client.send(Method::POST, &at, JSON, Some(&body)).await?,
        false => client.query(&at, &body).await?,
    };
    read(answer)
}

/// GitHub's answer to a query or mutation, its `data` read as `T`.
pub(crate) fn read<T: DeserializeOwned>(answer: Answer) -> Result<T, GitHubError> {
    let answer: GraphQlAnswer = super::client::parse(answer)?;
    if let Some(problems) = answer.errors.filter(|e| !e.is_empty()) {
        let not_found = problems
            .iter()
            .any(|p| p.kind.as_deref() == Some("NOT_FOUND"));
        let messages: Vec<String> = problems.into_iter().map(|p| p.message).collect();
        return Err(GitHubError {
            status: not_found.then_some(404),
            message: format!(
                "GitHub's GraphQL API refused the query: {}",
                messages.join("; ")
            ),
            details: Vec::new(),
            permission: None,
            failure: Failure::Answered,
            refusal: None,
        });
    }
    let data = answer
        .data
        .ok_or_else(|| GitHubError::shape_text("GitHub's GraphQL answer has no `data`".into()))?;
    serde_json::from_value(data).map_err(GitHubError::shape)
}

#[cfg(test)]
mod tests {
    use super::endpoint;

    #[test]
    fn graphql_lives_beside_the_rest_api_and_on_enterprise_at_api_graphql() {
        assert_eq!(endpoint("https://api.github.com"), "/graphql");
        assert_eq!(endpoint("http://127.0.0.1:8080/"), "/graphql");
        assert_eq!(
            endpoint("https://ghe.example.com/api/v3"),
            "https://ghe.example.com/api/graphql"
        );
        assert_eq!(
            endpoint("https://ghe.example.com:8443/api/v3/"),
            "https://ghe.example.com:8443/api/graphql"
        );
        assert_eq!(
            endpoint("http://127.0.0.1:9000/ghe/api/v3"),
            "http://127.0.0.1:9000/ghe/api/graphql"
        );
    }
}
