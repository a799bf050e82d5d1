//! The `threshold` binary: parses the command line and hands over to the library.

fn main() -> std::process::ExitCode {
    threshold_api::cli::main()
}
