//! How the binary is linked, for what a start costs (issue 45): on Linux with
//! glibc helm is a position-dependent executable, so the dynamic loader has
//! none of a PIE's 27,000 relative relocations to apply at every start
//! (`build.rs`). The executable must still start on a machine with only the
//! toolchain's own libraries.

use crate::support::env::TestEnv;

/// ELF's `e_type` of an executable linked at a fixed address; a PIE is
/// `ET_DYN` (3), as a shared library is.
const ET_EXEC: u16 = 2;

#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn helm_is_linked_without_pie_and_starts() {
    let path = env!("CARGO_BIN_EXE_helm");
    let bytes = std::fs::read(path).expect("the binary reads");
    assert_eq!(&bytes[..4], b"\x7fELF", "{path} is an ELF file");
    let e_type = u16::from_le_bytes([bytes[16], bytes[17]]);
    assert_eq!(
        e_type, ET_EXEC,
        "{path} is linked as a PIE (e_type {e_type}): every start pays its relocations"
    );
    let env = TestEnv::new();
    let run = env.run(&["--version"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("helm "), "{}", run.stdout);
}
