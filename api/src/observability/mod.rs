//! What operators see of a running server: one access-log line per request and Prometheus
//! metrics on an address of their own (`METRICS_ADDR`), server faults to Sentry (`SENTRY_DSN`),
//! traces to an OpenTelemetry collector (`OTEL_EXPORTER_OTLP_ENDPOINT`).

pub mod access_log;
pub mod metrics;
pub mod otel;
pub mod sentry;
