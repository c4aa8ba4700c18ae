//! What the stdio transport passes on to rmcp as the session goes, and when
//! it may say the input ended (ADR 0017).
//!
//! Before a session starts, rmcp takes only requests: any other message
//! there ends its handshake with an error, and the server with it, losing
//! the answers already queued. JSON-RPC never answers a notification, and
//! one a server cannot take is simply ignored, so until a request that
//! starts the session (`initialize`, or a stateless request carrying its
//! protocol version in `_meta`) has gone through, notifications and
//! responses are dropped here. Requests always go on (but a ping, which the
//! transport answers itself, the same at every point): rmcp answers any
//! other request before `initialize` with a JSON-RPC error, and keeps
//! waiting for one that starts the session.
//!
//! Every request passed on is answered, unless the client cancels it (MCP:
//! no answer then). When the client closes its input, the end is held back
//! until every such answer is queued, however long the call takes, so that
//! no answer is lost; rmcp itself would wait a few seconds only.

use std::collections::HashSet;

use rmcp::model::{
    ClientJsonRpcMessage, ClientNotification, ClientRequest, GetMeta, JsonRpcMessage,
    ProtocolVersion, RequestId, ServerJsonRpcMessage, ServerResult,
};

#[derive(Debug, Default)]
pub(crate) struct Lifecycle {
    /// A request that starts the session has gone on to rmcp.
    started: bool,
    /// The requests passed on and not yet answered or cancelled.
    pending: HashSet<RequestId>,
}

impl Lifecycle {
    /// Whether `message` goes on to rmcp; notes the requests it will answer
    /// and the cancellations that mean it will not.
    pub(crate) fn admit(&mut self, message: &ClientJsonRpcMessage) -> bool {
        match message {
            JsonRpcMessage::Request(request) => {
                self.started |= starts_session(&request.request);
                self.pending.insert(request.id.clone());
                true
            }
            JsonRpcMessage::Notification(notification) if self.started => {
                if let ClientNotification::CancelledNotification(cancelled) =
                    &notification.notification
                    && let Some(id) = &cancelled.params.request_id
                {
                    self.pending.remove(id);
                }
                true
            }
            // A response or an error from the client: rmcp matches it to a
            // request of its own, if any, once the session runs.
            _ => self.started,
        }
    }

    /// Notes an answer going out.
    pub(crate) fn sent(&mut self, message: &ServerJsonRpcMessage) {
        let id = match message {
            JsonRpcMessage::Response(response) => {
                if matches!(response.result, ServerResult::InitializeResult(_)) {
                    self.started = true;
                }
                Some(&response.id)
            }
            JsonRpcMessage::Error(error) => error.id.as_ref(),
            _ => None,
        };
        if let Some(id) = id {
            self.pending.remove(id);
        }
    }

    /// Requests passed on are still to be answered.
    pub(crate) fn answering(&self) -> bool {
        !self.pending.is_empty()
    }
}

/// A request after which rmcp serves the session: `initialize`, or one
/// that carries everything a stateless revision asks for in its `_meta`
/// (a revision rmcp knows; `server/discover` and ping excepted), as rmcp's
/// own handshake decides.
fn starts_session(request: &ClientRequest) -> bool {
    match request {
        ClientRequest::InitializeRequest(_) => true,
        ClientRequest::PingRequest(_) | ClientRequest::DiscoverRequest(_) => false,
        request => {
            let meta = request.get_meta();
            meta.missing_required_keys(&ProtocolVersion::V_2026_07_28)
                .is_empty()
                && meta
                    .protocol_version()
                    .is_some_and(|version| ProtocolVersion::KNOWN_VERSIONS.contains(&version))
        }
    }
}
