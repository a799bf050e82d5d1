# Threshold — the two commands a new user needs are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
BIN := $(TARGET_DIR)/release/threshold
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
export TEST_DATABASE_URL

.PHONY: help run build web web-deps e2e-deps test lint test-rust test-web test-e2e test-e2e-postgres openapi check-generated bench clean-test-databases

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | column -t -s $$'\t'

run: build ## Build everything and start Threshold on http://localhost:8080 with demo accounts
	mkdir -p data
	DEMO=true $(BIN) serve

build: web ## Build the web app and the release binary (which embeds it)
	$(CARGO) build --release --locked -p threshold-api

web-deps:
	cd web && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

web: web-deps ## Build the browser app into web/dist
	cd web && npm run build

e2e-deps:
	cd e2e && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

test: lint test-rust test-web check-generated test-e2e test-e2e-postgres ## Every check CI runs
	@echo "make test: all checks passed"

lint: web-deps ## Formatting and lints (Rust and web)
	$(CARGO) fmt --all --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings
	cd web && npm run typecheck && npm run lint && npm run format:check

test-rust: clean-test-databases ## Engine, store, workers and API tests (SQLite and PostgreSQL)
	$(CARGO) test --locked --workspace

test-web: web-deps ## Vitest: machines, forms, guards
	cd web && npm test

check-generated: web-deps ## Fail when api/openapi.json or web's generated types are stale
	cd web && npx openapi-typescript ../api/openapi.json -o /tmp/threshold-schema.d.ts >/dev/null && npx prettier --stdin-filepath src/lib/api/schema.d.ts < /tmp/threshold-schema.d.ts | diff -u src/lib/api/schema.d.ts - || { echo "web/src/lib/api/schema.d.ts is stale: run make openapi"; exit 1; }

test-e2e: build e2e-deps ## Playwright in Chromium against the release binary (SQLite)
	cd e2e && THRESHOLD_BIN=$(abspath $(BIN)) npx playwright test

E2E_PG_DB := threshold_test_e2e
test-e2e-postgres: build e2e-deps ## The same Playwright run on a fresh PostgreSQL database
	psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $(E2E_PG_DB)" -c "CREATE DATABASE $(E2E_PG_DB)"
	cd e2e && THRESHOLD_BIN=$(abspath $(BIN)) E2E_DATABASE_URL=$$(echo "$(TEST_DATABASE_URL)" | sed 's|/[^/]*$$|/$(E2E_PG_DB)|') npx playwright test
	psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $(E2E_PG_DB)"

BENCH_CASES ?= 100000
bench: build ## Load the case list on loopback (64 clients) on SQLite and PostgreSQL; prints p50/p99/req/s
	$(BIN) bench --cases $(BENCH_CASES) --postgres $(TEST_DATABASE_URL)

openapi: web-deps ## Regenerate api/openapi.json and the web app's API types
	UPDATE_OPENAPI=1 $(CARGO) test -p threshold-api --test schema the_committed_openapi_document_is_current
	cd web && npm run gen:api && npx prettier --write src/lib/api/schema.d.ts

clean-test-databases: ## Drop databases left by interrupted test runs
	-@psql "$(TEST_DATABASE_URL)" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'threshold_test_%'" 2>/dev/null | while read -r db; do psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $$db" >/dev/null 2>&1; done
