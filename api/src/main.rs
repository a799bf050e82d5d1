//! The `threshold` binary: parses the command line and hands over to the library.

/// mimalloc instead of the system allocator: the server allocates many small, short-lived
/// buffers from several threads at once, where glibc's malloc showed up as a fifth of the
/// CPU time in the case-list benchmark (docs/bench.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    threshold_api::cli::main()
}
