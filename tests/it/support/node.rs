//! The node side of the tests: scripts in tests/js driving `helm mcp` with
//! the official MCP TypeScript SDK, ajv and the Inspector CLI, installed by
//! `scripts/test-deps.sh` (npm ci in tests/js). A missing node or package
//! fails the test, saying what to run: it never skips.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

use super::env::TestEnv;

/// tests/js, where the scripts and their node_modules are.
pub fn js_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/js")
}

/// Fails, saying how to install them, unless the node packages are there.
pub fn require_packages() {
    let modules = js_dir().join("node_modules");
    for package in [
        "@modelcontextprotocol/sdk",
        "@modelcontextprotocol/inspector",
        "ajv",
        "ajv-formats",
        "js-tiktoken",
    ] {
        assert!(
            modules.join(package).join("package.json").is_file(),
            "the node package {package} is missing from tests/js/node_modules: \
             run scripts/test-deps.sh (it runs npm ci in tests/js)"
        );
    }
}

/// `program` with what a node client needs to start `helm mcp ARGS` as
/// `env` would run it: HELM_BIN, HELM_ARGS, HELM_ENV and HELM_CWD.
fn with_helm(env: &TestEnv, helm_args: &[&str], mut command: Command) -> Command {
    let helm = env.command(&[]);
    let vars: serde_json::Map<String, Value> = helm
        .get_envs()
        .filter_map(|(k, v)| {
            let v = v?;
            Some((k.to_string_lossy().into(), v.to_string_lossy().into()))
        })
        .collect();
    let mut args = vec!["mcp"];
    args.extend_from_slice(helm_args);
    command
        .env("HELM_BIN", helm.get_program())
        .env("HELM_ARGS", serde_json::to_string(&args).unwrap())
        .env("HELM_ENV", Value::Object(vars).to_string())
        .env("HELM_CWD", env.work())
        .current_dir(js_dir());
    command
}

/// Runs `tests/js/SCRIPT` against `helm mcp ARGS` in `env`, with `input`
/// on stdin; the JSON document it prints.
pub fn script(env: &TestEnv, script: &str, helm_args: &[&str], input: &Value) -> Value {
    require_packages();
    let mut command = with_helm(env, helm_args, node());
    command
        .arg(js_dir().join(script))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap_or_else(|err| {
        panic!("cannot run node ({err}): install Node.js, then run scripts/test-deps.sh")
    });
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("a stdin");
        stdin
            .write_all(input.to_string().as_bytes())
            .expect("the script reads its input");
    }
    let output = child.wait_with_output().expect("node ran");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "node {script} failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    serde_json::from_str(stdout.trim())
        .unwrap_or_else(|err| panic!("node {script} printed no JSON ({err}):\n{stdout}\n{stderr}"))
}

/// `tests/js/SCRIPT` started against `helm mcp ARGS` in `env`, its stdin
/// and stdout piped, for a test that paces it line by line.
pub fn spawn(env: &TestEnv, script: &str, helm_args: &[&str]) -> std::process::Child {
    require_packages();
    let mut command = with_helm(env, helm_args, node());
    command
        .arg(js_dir().join(script))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command.spawn().unwrap_or_else(|err| {
        panic!("cannot run node ({err}): install Node.js, then run scripts/test-deps.sh")
    })
}

/// The official MCP Inspector's CLI mode against `helm mcp ARGS` in `env`:
/// `inspector` are its options (`--method tools/list`…); its stdout, which
/// must be one JSON document, and whether it succeeded.
pub fn inspector(env: &TestEnv, helm_args: &[&str], inspector: &[&str]) -> (bool, Value, String) {
    require_packages();
    let cli = js_dir().join("node_modules/.bin/mcp-inspector");
    let mut command = with_helm(env, helm_args, Command::new(&cli));
    let helm = env.command(&[]);
    command.arg("--cli");
    // The Inspector takes the server's environment as -e KEY=VALUE.
    for (key, value) in helm.get_envs() {
        if let Some(value) = value {
            command.arg("-e").arg(format!(
                "{}={}",
                key.to_string_lossy(),
                value.to_string_lossy()
            ));
        }
    }
    command.arg(helm.get_program()).arg("mcp").args(helm_args);
    command.args(inspector);
    command.current_dir(env.work());
    let output = command.stdin(Stdio::null()).output().unwrap_or_else(|err| {
        panic!(
            "cannot run {} ({err}): run scripts/test-deps.sh",
            cli.display()
        )
    });
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let document = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|err| panic!("the Inspector printed no JSON ({err}):\n{stdout}\n{stderr}"));
    (output.status.success(), document, stderr)
}

fn node() -> Command {
    Command::new("node")
}
