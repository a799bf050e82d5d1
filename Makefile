# Threshold — the two commands a new user needs are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
BIN := $(TARGET_DIR)/release/threshold
# The browser tests and the fuzzer drive the binary the Rust tests already built (the dev
# profile, dependencies optimised): a second, release, build of every crate was a third of
# CI's time. `make run`, `make bench` and the screenshots use the release binary.
TEST_BIN := $(TARGET_DIR)/debug/threshold
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
export TEST_DATABASE_URL

.PHONY: help run build test-bin web web-deps e2e-deps moto test lint test-rust test-web test-e2e test-e2e-postgres screens openapi check-generated bench lighthouse fuzz clean-test-databases

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | column -t -s $$'\t'

run: build ## Build everything and start Threshold on http://localhost:8080 with demo accounts
	mkdir -p data
	DEMO=true MIMALLOC_PURGE_DELAY=0 MIMALLOC_ARENA_EAGER_COMMIT=0 $(BIN) serve

build: web ## Build the web app and the release binary (which embeds it)
	$(CARGO) build --release --locked -p threshold-api

# The same command as test-rust (same features, so no dependency is rebuilt). rust-embed lists
# web/dist when the api crate compiles, so the web app is built first and the api crate is
# compiled again with it (seconds); a binary built before web/dist existed serves no app.
test-bin: web
	$(CARGO) test --locked --workspace --no-run

web-deps:
	cd web && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

web: web-deps ## Build the browser app into web/dist
	cd web && npm run build

e2e-deps:
	cd e2e && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

test: lint test-rust test-web check-generated test-e2e test-e2e-postgres fuzz ## Every check CI runs
	@echo "make test: all checks passed"

lint: web-deps ## Formatting and lints (Rust and web)
	$(CARGO) fmt --all --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings
	cd web && npm run typecheck && npm run lint && npm run format:check

# moto's S3 server, which the document-store test starts on loopback (a venv in the build
# cache, made once).
MOTO_VENV := $(abspath $(TARGET_DIR))/moto-venv
export MOTO_SERVER := $(MOTO_VENV)/bin/moto_server
moto: ## Install moto[server] (the S3-compatible server the document tests start)
	@[ -x $(MOTO_SERVER) ] || { python3 -m venv $(MOTO_VENV) && $(MOTO_VENV)/bin/pip install -q 'moto[server]'; }

test-rust: clean-test-databases moto ## Engine, store, workers and API tests (SQLite and PostgreSQL)
	$(CARGO) test --locked --workspace

test-web: web-deps ## Vitest: machines, forms, guards
	cd web && npm test

check-generated: web-deps ## Fail when api/openapi.json or web's generated types are stale
	cd web && npx openapi-typescript ../api/openapi.json -o /tmp/threshold-schema.d.ts >/dev/null && npx prettier --stdin-filepath src/lib/api/schema.d.ts < /tmp/threshold-schema.d.ts | diff -u src/lib/api/schema.d.ts - || { echo "web/src/lib/api/schema.d.ts is stale: run make openapi"; exit 1; }

test-e2e: test-bin e2e-deps ## Playwright in Chromium against the server binary (SQLite)
	cd e2e && THRESHOLD_BIN=$(abspath $(TEST_BIN)) npx playwright test

screens: build e2e-deps ## Screenshots of every top-level route at 375 and 1280 px into docs/screens/
	cd e2e && THRESHOLD_BIN=$(abspath $(BIN)) npx playwright test -c playwright.screens.config.ts

E2E_PG_DB := threshold_test_e2e
# On PostgreSQL the browser runs both journeys end to end (quote to Completed), the lists, and
# the conversation, timeline and webhooks of issue 32;
# every API test already runs on both databases, and the rest of the browser suite on SQLite
# (the whole suite twice no longer fits CI's time on a two-core machine). E2E_PG_SPECS= runs all.
E2E_PG_SPECS ?= tests/application.spec.ts tests/after-submit.spec.ts tests/staff.spec.ts \
	tests/buying-application.spec.ts tests/purchase-after-submit.spec.ts tests/cases.spec.ts \
	tests/quote.spec.ts tests/title-register.spec.ts tests/conversation.spec.ts tests/webhooks.spec.ts \
	tests/source-of-funds.spec.ts tests/complex-cases.spec.ts
test-e2e-postgres: test-bin e2e-deps ## The journeys and lists in Playwright on a fresh PostgreSQL database
	psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $(E2E_PG_DB)" -c "CREATE DATABASE $(E2E_PG_DB)"
	cd e2e && THRESHOLD_BIN=$(abspath $(TEST_BIN)) E2E_DATABASE_URL=$$(echo "$(TEST_DATABASE_URL)" | sed 's|/[^/]*$$|/$(E2E_PG_DB)|') npx playwright test $(E2E_PG_SPECS)
	psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $(E2E_PG_DB)"

BENCH_CASES ?= 100000
bench: build lighthouse ## Load the case list on loopback (64 clients) on SQLite and PostgreSQL; prints p50/p99/req/s and the server's memory, then each page's JavaScript weight and Lighthouse's mobile scores
	$(BIN) bench --cases $(BENCH_CASES) --postgres $(TEST_DATABASE_URL) --memory
	cd web && npm run weight

# Lighthouse is installed only here (e2e/lighthouse has its own lockfile): `make test` never needs it.
lighthouse: build e2e-deps ## Lighthouse performance (mobile) for /login and a case page, in Debian's Chromium
	cd e2e/lighthouse && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }
	cd e2e && THRESHOLD_BIN=$(abspath $(BIN)) npx playwright test -c playwright.lighthouse.config.ts

FUZZ_VENV := $(TARGET_DIR)/fuzz-venv
FUZZ_PG_DB := threshold_test_fuzz
fuzz: test-bin ## Schemathesis (every check) against the server binary: anonymous, as a broker and as a conveyancer, on SQLite and PostgreSQL
	[ -x $(FUZZ_VENV)/bin/schemathesis ] || { python3 -m venv $(FUZZ_VENV) && $(FUZZ_VENV)/bin/pip install -q 'schemathesis==4.32.5'; }
	.ci/fuzz.py --bin $(TEST_BIN) --schemathesis $(FUZZ_VENV)/bin/schemathesis
	psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $(FUZZ_PG_DB)" -c "CREATE DATABASE $(FUZZ_PG_DB)"
	.ci/fuzz.py --bin $(TEST_BIN) --schemathesis $(FUZZ_VENV)/bin/schemathesis --postgres $$(echo "$(TEST_DATABASE_URL)" | sed 's|/[^/]*$$|/$(FUZZ_PG_DB)|')
	psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $(FUZZ_PG_DB)"

openapi: web-deps ## Regenerate api/openapi.json and the web app's API types
	UPDATE_OPENAPI=1 $(CARGO) test -p threshold-api --test it schema::the_committed_openapi_document_is_current
	cd web && npm run gen:api && npx prettier --write src/lib/api/schema.d.ts

clean-test-databases: ## Drop databases left by interrupted test runs
	-@psql "$(TEST_DATABASE_URL)" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'threshold_test_%'" 2>/dev/null | while read -r db; do psql "$(TEST_DATABASE_URL)" -qc "DROP DATABASE IF EXISTS $$db" >/dev/null 2>&1; done
