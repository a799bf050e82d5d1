//! Threshold's HTTP API, the embedded browser app, and the `threshold` command line.

pub mod address_lookup;
pub mod app;
pub mod application;
pub mod assistant;
pub mod auth;
pub mod backup;
pub mod bench;
pub mod cases;
pub mod cli;
pub mod client_slots;
pub mod config;
pub mod demo;
pub mod demo_cases;
pub mod demo_journeys;
pub mod documents;
pub mod error;
pub mod extract;
pub mod feed;
pub mod feedback;
pub mod health;
pub mod help;
pub mod identity;
pub mod mailbox;
pub mod observability;
pub mod openapi;
pub mod owners;
pub mod payments;
pub mod policies;
pub mod progress;
pub mod rate_limit;
pub mod security;
pub mod spa;
pub mod staff;
pub mod users;

pub use app::{App, AppState};
pub use config::Config;
