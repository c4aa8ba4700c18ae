//! The `helm` binary. What it does is the library's `helm::main`
//! (`src/program.rs`), so the library exports that one function.

fn main() -> std::process::ExitCode {
    helm::main()
}
