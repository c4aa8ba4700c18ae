//! Where each forge's server and token come from, by the names the CLI contract gives
//! them: one table, which `helm mcp --help` and the MCP server's instructions both
//! render, so that whoever configures a host (an agent's MCP settings, not a shell)
//! finds the variables where they look, not only in the man page and the README.
//! `Helm::from_env` reads them; every forge named here is observed and steered.

/// One forge's settings, in the order helm looks for each.
pub(crate) struct ForgeSettings {
    pub forge: &'static str,
    /// The variable naming its API, and where it points when unset.
    pub api_url: (&'static str, &'static str),
    /// Where the token comes from, first found wins.
    pub tokens: &'static [&'static str],
}

/// Every forge the contract names, GitHub first.
pub(crate) const FORGES: [ForgeSettings; 3] = [
    ForgeSettings {
        forge: "GitHub",
        api_url: (
            "HELM_GITHUB_API_URL",
            "https://api.github.com; GitHub Enterprise: https://HOST/api/v3",
        ),
        tokens: &["GH_TOKEN", "GITHUB_TOKEN", "`gh auth token`"],
    },
    ForgeSettings {
        forge: "GitLab",
        api_url: ("HELM_GITLAB_API_URL", "https://HOST/api/v4"),
        tokens: &["GITLAB_TOKEN", "GL_TOKEN", "`glab auth token`"],
    },
    ForgeSettings {
        forge: "Forgejo",
        api_url: ("HELM_FORGEJO_API_URL", "https://HOST/api/v1"),
        tokens: &["FORGEJO_TOKEN", "GITEA_TOKEN"],
    },
];

/// The settings as one paragraph, for a help text or the server's instructions.
pub fn described() -> String {
    let mut text = String::from("Configuration, from the environment helm runs in:");
    for settings in &FORGES {
        let (url, default) = settings.api_url;
        text.push_str(&format!(
            " {}: {url} (default {default}), token {};",
            settings.forge,
            settings.tokens.join(", else ")
        ));
    }
    text.push_str(
        " the repository is the `repo` given (OWNER/NAME on GitHub, HOST/PATH or a URL \
         elsewhere), else GH_REPO, else the working directory's `origin` remote; a host \
         other than github.com, gitlab.com or codeberg.org needs --forge, HELM_FORGE or git \
         config helm.forge.<HOST>; HELM_GITHUB_TIMEOUT bounds each request (seconds, \
         default 30); HELM_HOME (default ~/.helm) holds the voyages.",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variable_is_described() {
        let text = described();
        for settings in &FORGES {
            assert!(text.contains(settings.api_url.0), "{text}");
            for token in settings.tokens {
                assert!(text.contains(token), "{text}");
            }
        }
        assert!(text.contains("GH_REPO"), "{text}");
    }
}
