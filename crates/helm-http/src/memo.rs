//! The GET answers of one look, or of one freshness check, remembered while
//! it lasts: a request that several observations share is sent once, even
//! when they ask at the same time, and a part fetched whole after its
//! conditional request answered 200 gets that answer instead of asking
//! again. A memory lives as long as its client (see
//! [`HttpClient::remembering`](crate::HttpClient::remembering)), never
//! across commands: what it holds is what the forge said moments ago.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};

use http::HeaderName;
use tokio::sync::OnceCell;

use crate::answer::Answer;
use crate::error::HttpError;

/// One request: path, media type and the conditions sent with it.
type Asked = (String, String, Vec<(String, String)>);

#[derive(Default)]
pub(crate) struct Memo {
    /// Each request once: later askers wait for the first one's answer.
    asked: Mutex<HashMap<Asked, Arc<OnceCell<Answer>>>>,
    /// A successful answer for each path and media type: what an
    /// unconditional request for it would get now.
    whole: Mutex<HashMap<(String, String), Answer>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Memo {
    /// The answer to a GET of `path` as `accept` with `conditions`: from
    /// memory, else from `send` (once, however many ask). A failure is not
    /// remembered: the next asker tries again.
    pub(crate) async fn get<F, Fut>(
        &self,
        path: &str,
        accept: &str,
        conditions: &[(HeaderName, String)],
        send: F,
    ) -> Result<Answer, HttpError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Answer, HttpError>>,
    {
        let whole = (path.to_string(), accept.to_string());
        if conditions.is_empty()
            && let Some(answer) = lock(&self.whole).get(&whole)
        {
            return Ok(answer.clone());
        }
        let asked = (
            path.to_string(),
            accept.to_string(),
            conditions
                .iter()
                .map(|(name, value)| (name.to_string(), value.clone()))
                .collect(),
        );
        let cell = Arc::clone(lock(&self.asked).entry(asked).or_default());
        let answer = cell.get_or_try_init(send).await?.clone();
        if answer.status.is_success() {
            lock(&self.whole)
                .entry(whole)
                .or_insert_with(|| answer.clone());
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::{HeaderMap, StatusCode};
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn answer(status: u16, body: &str) -> Answer {
        Answer {
            status: StatusCode::from_u16(status).unwrap(),
            headers: HeaderMap::new(),
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn a_request_is_sent_once_and_a_200_serves_the_whole_fetch() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let memo = Memo::default();
        let sent = AtomicUsize::new(0);
        let send = |status: u16| {
            sent.fetch_add(1, Ordering::SeqCst);
            async move { Ok(answer(status, "[1]")) }
        };
        let tag = [(http::header::IF_NONE_MATCH, "W/\"a\"".to_string())];
        runtime.block_on(async {
            let (a, b) = tokio::join!(
                memo.get("/l", "json", &tag, || send(200)),
                memo.get("/l", "json", &tag, || send(200)),
            );
            assert_eq!(
                (a.unwrap().body, b.unwrap().body),
                (b"[1]".to_vec(), b"[1]".to_vec())
            );
            // The conditional request answered 200: fetching it whole asks nothing.
            let whole = memo.get("/l", "json", &[], || send(200)).await.unwrap();
            assert_eq!(whole.status, StatusCode::OK);
            // Another media type, or a 304, is another matter.
            memo.get("/l", "diff", &[], || send(200)).await.unwrap();
            let other = [(http::header::IF_NONE_MATCH, "W/\"b\"".to_string())];
            memo.get("/m", "json", &other, || send(304)).await.unwrap();
            memo.get("/m", "json", &[], || send(200)).await.unwrap();
        });
        assert_eq!(sent.load(Ordering::SeqCst), 4);
    }
}
