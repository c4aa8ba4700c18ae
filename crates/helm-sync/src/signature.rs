//! One commit's signature as git judges it ([`Signature`]): what
//! `verifying.rs` reads from git and `verdicts.rs` remembers between pulls,
//! in a file of its own so that neither imports the other for it.

/// One commit's signature as git judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub commit: String,
    /// git's verdict (`%G?`): `G` good, `N` none, `U` a key no allowed
    /// signer holds, `B` bad, `E` cannot be checked, `X`/`Y`/`R` expired
    /// or revoked.
    pub verdict: char,
    /// Who signed (`%GS`: the allowed signer's principal, or the OpenPGP
    /// user id), when git could tell.
    pub signer: String,
    /// The key (`%GK`).
    pub key: String,
    /// The entry the commit carries, if any.
    pub entry: Option<u64>,
}

impl Signature {
    pub fn good(&self) -> bool {
        self.verdict == 'G'
    }

    /// git's verdict in words.
    pub fn verdict_words(&self) -> &'static str {
        match self.verdict {
            'G' => "signed",
            'N' => "unsigned",
            'U' => "signed by a key that no allowed signer holds",
            'B' => "signed with a bad signature",
            'X' => "signed with an expired signature",
            'Y' => "signed by an expired key",
            'R' => "signed by a revoked key",
            _ => "signed in a way git cannot check (is gpg.ssh.allowedSignersFile set?)",
        }
    }
}
