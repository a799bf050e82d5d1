-- Delivering workflow effects: the status an effect was recorded in (a reminder is sent only
-- while the case is still there), the in-app feed, and one row per delivered e-mail so a job
-- run twice never sends twice.
ALTER TABLE case_effects ADD COLUMN set_in_status TEXT;
CREATE INDEX case_effects_due ON case_effects(due_at) WHERE done_at IS NULL;

CREATE TABLE feed_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    case_id BIGINT REFERENCES cases(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    effect_id BIGINT REFERENCES case_effects(id) ON DELETE SET NULL,
    read_at TEXT,
    archived_at TEXT,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX feed_items_once ON feed_items(effect_id, user_id);
CREATE INDEX feed_items_user ON feed_items(user_id, id);

CREATE TABLE effect_deliveries (
    effect_id BIGINT NOT NULL REFERENCES case_effects(id) ON DELETE CASCADE,
    recipient TEXT NOT NULL,
    delivered_at TEXT NOT NULL,
    PRIMARY KEY (effect_id, recipient)
);
