//! The rule every forge's client holds its writes to, beside the steer's own
//! outbound gate: only a write of the plan being sent leaves (the same
//! method, path and body bytes), each once, and only while that plan is
//! being sent. So nothing a plan did not name can reach a forge, whatever a
//! bug between `prepare` and `send` asks of the client; what the egress gate,
//! the dry run and a proposal's digest saw is what goes.
//!
//! A forge crate builds its client's gate over [`Admitted::pass`] (the gate's
//! types are the transport's) and wraps its `send` in [`Admitted::admitting`].

use std::sync::{Arc, Mutex};

use helm_model::error::{Error, Kind};

use crate::name::ForgeName;
use crate::plan::ForgeWrite;

/// The writes a forge's client may send now: shared between the client's
/// gate and the forge's `send`.
#[derive(Clone, Debug)]
pub struct Admitted {
    forge: ForgeName,
    writes: Arc<Mutex<Vec<ForgeWrite>>>,
}

/// Holds a plan's writes admitted; dropping it admits nothing more.
#[must_use = "the writes are admitted only while this lives"]
pub struct Admitting<'a>(&'a Admitted);

impl Drop for Admitting<'_> {
    fn drop(&mut self) {
        if let Ok(mut writes) = self.0.writes.lock() {
            writes.clear();
        }
    }
}

impl Admitted {
    /// Nothing admitted yet, on `forge` (named in a refusal).
    pub fn on(forge: ForgeName) -> Admitted {
        Admitted {
            forge,
            writes: Arc::default(),
        }
    }

    /// Admits exactly `writes`, replacing whatever was admitted before,
    /// until the guard drops.
    pub fn admitting(&self, writes: &[ForgeWrite]) -> Admitting<'_> {
        if let Ok(mut admitted) = self.writes.lock() {
            *admitted = writes.to_vec();
        }
        Admitting(self)
    }

    /// Admits `write` once more: the forge answered it without acting and
    /// asked for it again (Forgejo's 405 "try again later" on a merge).
    pub fn again(&self, write: &ForgeWrite) {
        if let Ok(mut admitted) = self.writes.lock() {
            admitted.push(write.clone());
        }
    }

    /// Lets a write leave when it is one admitted, using that admission up;
    /// `body` is the JSON text as it will be sent.
    pub fn pass(&self, method: &str, path: &str, body: Option<String>) -> Result<(), Error> {
        let withheld = |why: &str| {
            Error::new(
                Kind::BadProposal,
                format!(
                    "helm withheld {method} {path} from {}: {why}; nothing was sent",
                    self.forge
                ),
            )
            .hint("a bug in helm: every write a forge sends must be in the plan its prepare made; please report it")
        };
        let mut admitted = self
            .writes
            .lock()
            .map_err(|_| withheld("the list of admitted writes is poisoned"))?;
        let at = admitted
            .iter()
            .position(|w| w.method == method && w.path == path && w.body == body);
        match at {
            Some(at) => {
                admitted.remove(at);
                Ok(())
            }
            None => Err(withheld("it is not a write of the plan being sent")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_planned_write_passes_once_and_only_while_admitted() {
        let admitted = Admitted::on(ForgeName::GitLab);
        let path = "/projects/g%2Fp/issues/1/notes";
        let planned = ForgeWrite {
            method: "POST",
            path: path.into(),
            body: Some(r#"{"body":"hi"}"#.into()),
        };
        let body = || Some(r#"{"body":"hi"}"#.to_string());
        assert!(
            admitted.pass("POST", path, body()).is_err(),
            "nothing admitted"
        );
        {
            let _sending = admitted.admitting(std::slice::from_ref(&planned));
            let other = admitted
                .pass("POST", path, Some(r#"{"body":"ho"}"#.into()))
                .unwrap_err();
            assert_eq!(other.kind(), Kind::BadProposal);
            assert!(other.to_string().contains("from GitLab"), "{other}");
            assert!(admitted.pass("PUT", path, body()).is_err());
            admitted.pass("POST", path, body()).unwrap();
            assert!(admitted.pass("POST", path, body()).is_err(), "once only");
            admitted.again(&planned);
            admitted.pass("POST", path, body()).unwrap();
            let _again = admitted.admitting(std::slice::from_ref(&planned));
            admitted.pass("POST", path, body()).unwrap();
        }
        assert!(admitted.pass("POST", path, body()).is_err(), "dropped");
    }
}
