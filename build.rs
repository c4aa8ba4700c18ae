//! How the `helm` binary is linked: on Linux with glibc, as a position-
//! dependent executable (issue 45). A PIE build of helm carries about 27,000
//! relative relocations (vtables and string tables in `.data.rel.ro`) that
//! the dynamic loader applies at every start, touching and copying each of
//! those pages: about a quarter of a `helm --version`'s CPU. Linked without
//! PIE, the linker resolves them once, and a start maps the pages untouched.
//! The price: the executable's own code loads at a fixed address (shared
//! libraries, heap and stack are still randomized), for a short-lived local
//! command. `tests/it/start_up.rs` checks the binary the tests run.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
