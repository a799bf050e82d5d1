//! The `threshold` binary: parses the command line and hands over to the library.

/// mimalloc instead of the system allocator: the server allocates many small, short-lived
/// buffers from several threads at once, where glibc's malloc showed up as a fifth of the
/// CPU time in the case-list benchmark (docs/bench.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    without_transparent_huge_pages();
    threshold_api::cli::main()
}

/// mimalloc asks Linux for transparent huge pages, and each 2 MiB page is resident as a whole
/// once touched: 45 of an idle server's 95 MB (docs/bench.md, "Memory"). Turned off for the
/// process before it allocates in earnest.
fn without_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    if let Err(err) = rustix::thread::disable_transparent_huge_pages(true) {
        eprintln!("transparent huge pages stay on: {err}");
    }
}
