//! A `git` wrapper on PATH that counts which git commands helm runs: how
//! many processes a sync starts is what its cost is made of (issue 45).

use std::path::PathBuf;

use crate::support::env::TestEnv;

/// A `git` on PATH that writes each command's name (its first word after
/// `--git-dir`/`-c`/`-C` and their values) to a log, then runs the real git.
pub struct Counted {
    log: PathBuf,
    /// PATH with the wrapper first.
    pub path: String,
}

impl Counted {
    pub fn new(env: &TestEnv) -> Counted {
        let real = String::from_utf8(
            std::process::Command::new("sh")
                .args(["-c", "command -v git"])
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap()
        .trim()
        .to_string();
        assert!(!real.is_empty(), "git is on PATH");
        let dir = env.root().join("counted-bin");
        std::fs::create_dir_all(&dir).unwrap();
        let log = env.root().join("git-commands.log");
        let script = format!(
            "#!/bin/sh\nskip=\nfor a in \"$@\"; do\n  if [ -n \"$skip\" ]; then skip=; continue; fi\n  case \"$a\" in\n    --git-dir|-c|-C) skip=1 ;;\n    -*) ;;\n    *) echo \"$a\" >>'{}'; break ;;\n  esac\ndone\nexec '{real}' \"$@\"\n",
            log.display()
        );
        let wrapper = dir.join("git");
        std::fs::write(&wrapper, script).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = format!(
            "{}:{}",
            dir.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Counted { log, path }
    }

    /// How many times helm ran `git <name>` since the log was cleared.
    pub fn count(&self, name: &str) -> usize {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .filter(|line| *line == name)
            .count()
    }

    /// Every command helm ran since the log was cleared, in order.
    pub fn commands(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Forgets the commands run so far.
    pub fn clear(&self) {
        let _ = std::fs::remove_file(&self.log);
    }
}
