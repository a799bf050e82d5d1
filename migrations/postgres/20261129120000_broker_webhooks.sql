-- Issue 32 (2): a broker firm's CRM kept in step by signed outbound webhooks. The firm's broker
-- admin registers endpoints (an https URL, the events it wants, a signing secret shown once and
-- kept sealed under the installation's key). Each case change of the firm writes one delivery
-- per subscribed endpoint in the change's own transaction (an outbox: nothing is lost); the
-- relay queues each delivery as a job, which records its tries here for the admin to see.
-- Deleting an endpoint disables it, so its delivery log stays readable.
CREATE TABLE broker_webhook_endpoints (
    id UUID PRIMARY KEY NOT NULL,
    firm_id BIGINT NOT NULL REFERENCES broker_firms(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    -- A JSON array of event types, e.g. ["case.created","quote.accepted"].
    events TEXT NOT NULL,
    sealed_secret TEXT NOT NULL,
    created_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    disabled_at TIMESTAMPTZ
);
CREATE INDEX broker_webhook_endpoints_firm ON broker_webhook_endpoints(firm_id, disabled_at);

CREATE TABLE broker_webhook_deliveries (
    id BIGSERIAL PRIMARY KEY,
    endpoint_id UUID NOT NULL REFERENCES broker_webhook_endpoints(id) ON DELETE CASCADE,
    -- The event's id (a UUID), the same for every endpoint: the receiver's deduplication key.
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    payload JSONB NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    -- The receiver's last HTTP status (NULL: none answered yet, or it could not be reached).
    last_status INTEGER,
    last_error TEXT,
    last_attempt_at TIMESTAMPTZ,
    delivered_at TIMESTAMPTZ,
    -- When the relay handed it to the job queue (NULL: still to queue).
    queued_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (endpoint_id, event_id)
);
CREATE INDEX broker_webhook_deliveries_endpoint ON broker_webhook_deliveries(endpoint_id, id);
CREATE INDEX broker_webhook_deliveries_unqueued ON broker_webhook_deliveries(queued_at);
