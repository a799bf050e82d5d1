//! Rebuild when the web app's build output changes, so the binary always embeds the current
//! `web/dist` (rust-embed includes its files at compile time in release builds).

fn main() {
    println!("cargo:rerun-if-changed=../web/dist");
    println!("cargo:rerun-if-changed=../VERSION");
}
