//! The gate GitLab's client passes every write through: it admits only a
//! write of the plan being sent (the same method, path and body bytes), each
//! once, so nothing a plan did not name can leave, whatever a bug elsewhere
//! asks of the client. `send` admits a plan's writes before it sends them
//! and withdraws what is left after.

use std::sync::{Arc, Mutex};

use serde_json::Value;

use helm_forge::ForgeWrite;
use helm_http::client::gate::{Outgoing, WriteGate};
use helm_model::error::{Error, Kind};

/// The writes the client may send now.
#[derive(Clone, Default)]
pub(crate) struct GitLabAdmitted(Arc<Mutex<Vec<ForgeWrite>>>);

impl GitLabAdmitted {
    /// Admits exactly `writes`, replacing whatever was admitted before.
    pub(crate) fn admit(&self, writes: &[ForgeWrite]) {
        if let Ok(mut admitted) = self.0.lock() {
            *admitted = writes.to_vec();
        }
    }

    /// Admits nothing more.
    pub(crate) fn close(&self) {
        self.admit(&[]);
    }

    /// The gate the client is built with: it lets `outgoing` pass when it is
    /// one of the admitted writes, and uses that admission up.
    pub(crate) fn gate(&self) -> WriteGate {
        let admitted = self.clone();
        Arc::new(move |outgoing: &Outgoing<'_>| admitted.pass(outgoing))
    }

    fn pass(&self, outgoing: &Outgoing<'_>) -> Result<(), Error> {
        let body = outgoing.body.map(Value::to_string);
        let mut admitted = self
            .0
            .lock()
            .map_err(|_| withheld(outgoing, "the gate's list is poisoned"))?;
        let at = admitted.iter().position(|w| {
            w.method == outgoing.method.as_str() && w.path == outgoing.path && w.body == body
        });
        match at {
            Some(at) => {
                admitted.remove(at);
                Ok(())
            }
            None => Err(withheld(
                outgoing,
                "it is not a write of the plan being sent",
            )),
        }
    }
}

fn withheld(outgoing: &Outgoing<'_>, why: &str) -> Error {
    Error::new(
        Kind::BadProposal,
        format!(
            "helm withheld {} {} from GitLab: {why}; nothing was sent",
            outgoing.method, outgoing.path
        ),
    )
    .hint("a bug in helm-gitlab: every write it sends must be in the plan prepare made")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_planned_write_passes_and_only_once() {
        let admitted = GitLabAdmitted::default();
        let planned = ForgeWrite {
            method: "POST",
            path: "/projects/g%2Fp/issues/1/notes".into(),
            body: Some(r#"{"body":"hi"}"#.into()),
        };
        admitted.admit(std::slice::from_ref(&planned));
        let gate = admitted.gate();
        let body: Value = serde_json::from_str(r#"{"body":"hi"}"#).unwrap();
        let other: Value = serde_json::from_str(r#"{"body":"ho"}"#).unwrap();
        let post = http::Method::POST;
        let out = |body| Outgoing {
            method: &post,
            path: "/projects/g%2Fp/issues/1/notes",
            body,
        };
        let refused = gate(&out(Some(&other))).unwrap_err();
        assert_eq!(refused.kind(), Kind::BadProposal);
        gate(&out(Some(&body))).unwrap();
        assert!(gate(&out(Some(&body))).is_err(), "admitted once only");
    }
}
