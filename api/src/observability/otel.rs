//! Traces to an OpenTelemetry collector, when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set: every span the server and the workers record
//! (each request's `request` span and what runs inside it), sent as OTLP over HTTP with
//! protobuf, batched on the exporter's own thread. The SDK reads the rest of the standard
//! variables itself (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_EXPORTER_OTLP_HEADERS`,
//! `OTEL_BSP_SCHEDULE_DELAY`…). A request carrying a W3C `traceparent` continues the caller's
//! trace, so a trace crosses from a proxy or another service into ours.
//!
//! What a span holds is what the code puts in it: the route template and request id, never a
//! raw path, a query or a body (see `access_log`), so no token or personal data leaves.

use axum::http::HeaderMap;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::SpanExporter;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;
use tracing_subscriber::Layer;
use tracing_subscriber::registry::LookupSpan;

/// Whether the environment asks for trace export.
fn wanted() -> bool {
    [
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    ]
    .iter()
    .any(|v| std::env::var(v).is_ok_and(|v| !v.trim().is_empty()))
}

/// Flushes what is still batched when dropped (at exit, after the runtime has stopped).
pub struct TraceGuard(SdkTracerProvider);

impl Drop for TraceGuard {
    fn drop(&mut self) {
        if let Err(err) = self.0.shutdown() {
            eprintln!("OpenTelemetry: the last traces were not sent: {err}");
        }
    }
}

/// The layer that turns spans into OpenTelemetry spans, with the guard that flushes them; None
/// when no endpoint is configured. Call it before any Tokio runtime exists: the exporter's
/// blocking HTTP client may not be made inside one.
pub fn layer<S>() -> Option<(impl Layer<S>, TraceGuard)>
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
{
    if !wanted() {
        return None;
    }
    let exporter = match SpanExporter::builder().with_http().build() {
        Ok(exporter) => exporter,
        Err(err) => {
            eprintln!("OpenTelemetry: no trace export ({err})");
            return None;
        }
    };
    // OTEL_SERVICE_NAME, when set, names the service; otherwise "threshold".
    let resource = if std::env::var("OTEL_SERVICE_NAME").is_ok() {
        Resource::builder().build()
    } else {
        Resource::builder().with_service_name("threshold").build()
    };
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(resource)
        .build();
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let tracer = provider.tracer("threshold");
    let layer = tracing_opentelemetry::layer().with_tracer(tracer);
    Some((layer, TraceGuard(provider)))
}

/// Makes `span` a child of the trace the request's `traceparent` header names, if any (nothing
/// happens without one, or when no export is configured).
pub fn continue_trace(span: &tracing::Span, headers: &HeaderMap) {
    if headers.get("traceparent").is_none() {
        return;
    }
    let parent = opentelemetry::global::get_text_map_propagator(|p| {
        p.extract(&opentelemetry_http::HeaderExtractor(headers))
    });
    // Err only when the span is not recorded by an OpenTelemetry layer: nothing to continue.
    let _ = span.set_parent(parent);
}
