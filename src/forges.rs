//! The forges this binary speaks to, one line per forge crate, as jj's binary
//! registers its store backends: nothing below the front ends names a forge
//! crate, so adding a forge is its crate and its line here.

use helm_forge::Forges;

/// Every forge helm is built with, for `Helm::from_env`.
pub(crate) fn registered() -> Forges {
    Forges::new(vec![
        helm_github::forge(),
        helm_gitlab::forge(),
        helm_forgejo::forge(),
    ])
}
