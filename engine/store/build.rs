// `sqlx::migrate!` embeds the migrations when the crate compiles: a new or changed migration
// must rebuild it (what `sqlx migrate build-script` writes).
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
