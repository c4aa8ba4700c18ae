//! git's own progress passed through: a fetch or push that may move many
//! objects runs with `--progress` when progress is shown, and each line git
//! draws (`Writing objects:  45% (9/20), 1.20 MiB | 2.00 MiB/s`) becomes the
//! state of helm's progress display. What git said is still kept whole for
//! the error message, as [`git::run`] keeps it.

use std::io::Read;
use std::process::{Command, Output};

use crate::error::{Error, Result};
use crate::git;
use crate::model::tell;

/// The option that asks git for its progress, when it is shown: for the
/// caller to put among the options, before the remote and refs.
pub(crate) fn option() -> Option<&'static str> {
    tell::showing_progress().then_some("--progress")
}

/// Runs `command` (a fetch or a push given [`option`]), showing git's
/// progress as `label`'s when progress is shown; otherwise exactly
/// [`git::run`].
pub(crate) fn run(command: Command, what: &str, label: &str) -> Result<Output> {
    if !tell::showing_progress() {
        return git::run(command, what);
    }
    let mut child = git::spawn(command, what)?;
    let (Some(mut stderr), Some(mut stdout)) = (child.stderr.take(), child.stdout.take()) else {
        return git::wait(child, what);
    };
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let mut progress = tell::progress(label);
    let mut said = Vec::new();
    let mut chunk = [0u8; 4096];
    let mut line_start = 0;
    loop {
        let read = match stderr.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(Error::io(format!("cannot read what {what} said"), &err)),
        };
        said.extend_from_slice(&chunk[..read]);
        // git redraws a line with `\r` and ends it with `\n`: each is a state.
        while let Some(end) = said[line_start..]
            .iter()
            .position(|b| matches!(b, b'\r' | b'\n'))
        {
            let line = String::from_utf8_lossy(&said[line_start..line_start + end]);
            let line = line.trim();
            if !line.is_empty() {
                progress.update(line);
            }
            line_start += end + 1;
        }
    }
    drop(progress);
    let status = child
        .wait()
        .map_err(|err| Error::io(format!("{what} failed"), &err))?;
    let stdout = reader
        .join()
        .unwrap_or_else(|_| Ok(Vec::new()))
        .map_err(|err| Error::io(format!("cannot read what {what} said"), &err))?;
    Ok(Output {
        status,
        stdout,
        stderr: said,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Records the progress states it is told; shows progress.
    struct Recorder(Mutex<Vec<String>>);

    impl tell::Audience for Recorder {
        fn tracing(&self) -> bool {
            false
        }
        fn trace(&self, _line: &str) {}
        fn note(&self, _line: &str) {}
        fn showing_progress(&self) -> bool {
            true
        }
        fn progress_begin(&self) {}
        fn progress(&self, label: &str, state: &str) {
            if label == "test" {
                self.0.lock().unwrap().push(state.to_string());
            }
        }
        fn progress_done(&self) {}
    }

    static RECORDER: Recorder = Recorder(Mutex::new(Vec::new()));

    struct Shared;

    impl tell::Audience for Shared {
        fn tracing(&self) -> bool {
            false
        }
        fn trace(&self, _line: &str) {}
        fn note(&self, _line: &str) {}
        fn showing_progress(&self) -> bool {
            true
        }
        fn progress_begin(&self) {}
        fn progress(&self, label: &str, state: &str) {
            RECORDER.progress(label, state);
        }
        fn progress_done(&self) {}
    }

    #[test]
    fn each_line_git_redraws_becomes_a_state_and_its_words_are_kept() {
        tell::listen(Box::new(Shared));
        let mut command = Command::new("sh");
        command
            .args([
                "-c",
                "printf 'Writing objects:  50%% (1/2)\\rWriting objects: 100%% (2/2), done.\\nfatal: x\\n' >&2; echo out",
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let output = run(command, "sh", "test").unwrap();
        assert_eq!(output.stdout, b"out\n");
        assert!(String::from_utf8_lossy(&output.stderr).ends_with("fatal: x\n"));
        assert_eq!(
            *RECORDER.0.lock().unwrap(),
            [
                "Writing objects:  50% (1/2)",
                "Writing objects: 100% (2/2), done.",
                "fatal: x"
            ]
        );
        assert_eq!(option(), Some("--progress"));
    }
}
