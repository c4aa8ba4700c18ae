//! What bounds every exchange on every forge: `HELM_GITHUB_TIMEOUT`, which
//! the contract keeps for all of them, read and checked here once; and the
//! current-thread runtime the requests run on, made only when a command
//! talks to a forge, so local commands never pay for it.

use std::time::Duration;

use helm_model::error::{Error, Kind, Result};

/// The longest `HELM_GITHUB_TIMEOUT` helm accepts. A steer holds its
/// voyage's write lock while the forge answers, and other helm processes
/// wait for that lock at most 300 s (`storage::BUSY_TIMEOUT`): one request,
/// its retries and a look for an earlier attempt's effect must fit well
/// inside.
const MAX_TIMEOUT: Duration = Duration::from_secs(60);

/// `HELM_GITHUB_TIMEOUT`: whole seconds from 1 to [`MAX_TIMEOUT`]; 30 when unset.
pub fn timeout(text: Option<&str>) -> Result<Duration> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(Duration::from_secs(30));
    };
    match text.parse::<u64>() {
        Ok(seconds) if seconds >= 1 && seconds <= MAX_TIMEOUT.as_secs() => {
            Ok(Duration::from_secs(seconds))
        }
        _ => Err(Error::new(
            Kind::Config,
            format!(
                "HELM_GITHUB_TIMEOUT '{text}' is not a number of seconds from 1 to {}",
                MAX_TIMEOUT.as_secs()
            ),
        )
        .hint("a steer holds the voyage's lock while GitHub answers, and other helm commands wait for it at most 300 s; unset it for the default of 30")),
    }
}

/// The current-thread runtime every look and steer runs on.
pub fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| Error::io("cannot start the network runtime", &err))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timeout_is_whole_seconds_from_1_to_60() {
        assert_eq!(timeout(None).unwrap(), Duration::from_secs(30));
        assert_eq!(timeout(Some(" 5 ")).unwrap(), Duration::from_secs(5));
        for bad in ["0", "61", "300", "1.5", "soon", "-1"] {
            assert_eq!(
                timeout(Some(bad)).unwrap_err().kind(),
                Kind::Config,
                "{bad}"
            );
        }
    }
}
