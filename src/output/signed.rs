//! Who signed a pushed entry, as the story says it: git's verdict on the
//! remote commit that carries the entry (signatures are checked by git,
//! against the allowed signers of the user's configuration).

use crate::sync::Signature;

/// `pushed signed by alice@example.com (SHA256:…)`, or what git found.
pub(crate) fn line(signature: &Signature) -> String {
    let commit: String = signature.commit.chars().take(12).collect();
    let mut line = format!("pushed {}", signature.verdict_words());
    if !signature.signer.is_empty() {
        line.push_str(&format!(" by {}", signature.signer));
    }
    if !signature.key.is_empty() {
        line.push_str(&format!(" ({})", signature.key));
    }
    line.push_str(&format!(" · commit {commit}"));
    super::clean_line(&line)
}
