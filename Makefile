# Tingshu's two commands: `make run` (build everything in release mode and serve it)
# and `make test` (every suite: Rust, app unit tests, browser journeys). Each installs
# what is missing first, from the package registries only.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8080
DATA_DIR ?= data
# `make run` starts in demo mode (the documented demo accounts); DEMO=0 for none.
DEMO ?= 1
export CARGO_TARGET_DIR ?= $(CURDIR)/target
CARGO_BIN := $(HOME)/.cargo/bin
export PATH := $(CARGO_BIN):$(PATH)
# The wasm-bindgen CLI must match the library version locked in Cargo.lock exactly.
WASM_BINDGEN_VERSION = $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/"/, "", $$3); print $$3}' Cargo.lock)
WASM_PACK_VERSION := 0.15.1
CHROMIUM ?= /usr/bin/chromium
# The app's API types, generated from the server's OpenAPI document (`make api-types`).
API_TYPES := app/src/lib/api/schema.d.ts
WASM_SOURCES := $(shell find core/src wasm/src locales -type f) core/build.rs core/Cargo.toml wasm/Cargo.toml Cargo.lock

.PHONY: help run test tools rust-tools node-deps chromium nginx wasm app server-release api-types s3-server \
        lint test-contract test-fuzz test-rust test-postgres test-app test-e2e test-binary test-bench bench clean \
        core-package test-core-package config-reference test-container image

help:
	@echo "make run   build in release mode and serve on http://127.0.0.1:$(PORT) (PORT, DATA_DIR override)"
	@echo "make test  run every test suite (Rust, app unit tests, e2e in headless Chromium)"
	@echo "make bench the benchmark against the peer at 100,000 books (BENCHMARKS.md; about 15 minutes)"

## ---- the two commands -------------------------------------------------------------

run: tools app server-release
	DATA_DIR="$(DATA_DIR)" PORT="$(PORT)" DEMO="$(DEMO)" $(CARGO_TARGET_DIR)/release/tingshu

test: tools lint test-contract test-rust test-fuzz test-postgres test-app test-core-package test-e2e \
	test-binary test-bench test-container
	@echo "make test: every suite passed"

## ---- installs (skipped when already present) --------------------------------------

tools: rust-tools node-deps

rust-tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
		|| rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$(WASM_BINDGEN_VERSION)" ]; then \
		echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (about 8 minutes once)"; \
		cargo install wasm-bindgen-cli --version "$(WASM_BINDGEN_VERSION)" --force; \
	fi
	@if [ "$$(wasm-pack --version 2>/dev/null | cut -d' ' -f2)" != "$(WASM_PACK_VERSION)" ]; then \
		echo "installing wasm-pack $(WASM_PACK_VERSION) (about 5 minutes once)"; \
		cargo install wasm-pack --version "$(WASM_PACK_VERSION)" --force; \
	fi

# npm installs the app's dependencies from its lock file; the wasm package must exist first.
node-deps: app/node_modules/.installed e2e/node_modules/.installed

app/node_modules/.installed: app/package-lock.json wasm/pkg/package.json wasm/pkg-pages/package.json wasm/pkg-pow/package.json \
		wasm/pkg-pow-scalar/package.json
	cd app && npm ci --no-audit --no-fund
	touch $@

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "installing Debian's chromium for the browser journeys"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi

# Debian's nginx: the proxy of the instances test and of `make bench`, and its yardstick.
nginx:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
		echo "installing Debian's nginx for the proxy of the instances test and the benchmarks"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx; \
	fi

## ---- builds --------------------------------------------------------------------------

wasm: wasm/pkg/package.json wasm/pkg-pages/package.json wasm/pkg-pow/package.json wasm/pkg-pow-scalar/package.json

# The smallest modules: opt-level z (profile wasm-release), then wasm-opt -Oz without the
# name section and producers (binaryen from npm, wasm/binaryen). Two packages from one
# crate: `tingshu-wasm` (feature shell, fetched by the first load) and `tingshu-wasm-pages`
# (feature pages, fetched by the pages that use one of its rules). The shell's is built for the
# `web` target, whose explicit init takes a module the page has already compiled as it
# downloaded (app/src/lib/core.ts); the pages' for `bundler`, imported like any module. A third,
# `tingshu-wasm-pow` (feature pow), is the proof-of-work solver's worker: opt-level 3 (profile
# wasm-fast) and wasm-opt -O3, since it tries thousands of nonces per challenge, and wasm's SIMD
# (simd128), on which core's solver hashes four nonces at once; `tingshu-wasm-pow-scalar`, the same
# without SIMD, is what the worker loads in a browser that has none.
WASM_OPT := wasm/binaryen/node_modules/.bin/wasm-opt
WASM_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	--enable-mutable-globals --enable-reference-types --enable-multivalue
define wasm_package # out-dir, out-name, cargo feature, npm package name, wasm-pack target, cargo profile, wasm-opt level[, simd]
	$(if $(8),RUSTFLAGS="-C target-feature=+simd128") wasm-pack build wasm --target $(5) --out-dir $(1) \
		--out-name $(2) --profile $(6) -- --no-default-features --features $(3)
	$(WASM_OPT) $(7) --strip-debug --strip-producers $(WASM_FEATURES) $(if $(8),--enable-simd) \
		wasm/$(1)/$(2)_bg.wasm -o wasm/$(1)/$(2)_bg.wasm
	sed -i 's/"name": "tingshu-wasm"/"name": "$(4)"/' wasm/$(1)/package.json
endef
wasm/pkg/package.json: $(WASM_SOURCES) wasm/binaryen/node_modules/.installed
	@$(MAKE) --no-print-directory rust-tools
	$(call wasm_package,pkg,tingshu_wasm,shell,tingshu-wasm,web,wasm-release,-Oz)
	@touch $@
wasm/pkg-pages/package.json: $(WASM_SOURCES) wasm/binaryen/node_modules/.installed
	@$(MAKE) --no-print-directory rust-tools
	$(call wasm_package,pkg-pages,tingshu_wasm_pages,pages,tingshu-wasm-pages,bundler,wasm-release,-Oz)
	@touch $@
wasm/pkg-pow/package.json: $(WASM_SOURCES) wasm/binaryen/node_modules/.installed
	@$(MAKE) --no-print-directory rust-tools
	$(call wasm_package,pkg-pow,tingshu_wasm_pow,pow,tingshu-wasm-pow,bundler,wasm-fast,-O3,simd)
	@touch $@
wasm/pkg-pow-scalar/package.json: $(WASM_SOURCES) wasm/binaryen/node_modules/.installed
	@$(MAKE) --no-print-directory rust-tools
	$(call wasm_package,pkg-pow-scalar,tingshu_wasm_pow_scalar,pow,tingshu-wasm-pow-scalar,bundler,wasm-fast,-O3)
	@touch $@

# The core for other developers (core/README.md): every rule for Node.js as an npm tarball,
# dist/tingshu-core-<version>.tgz; the test installs it into an empty project and runs the
# README's example and every vector through it.
CORE_FEATURES := shell,pages,pow
core-package: wasm/binaryen/node_modules/.installed
	@$(MAKE) --no-print-directory rust-tools
	$(call wasm_package,pkg-node,tingshu_core,$(CORE_FEATURES),tingshu-core,nodejs,wasm-release,-Oz)
	rm -f dist/tingshu-core-*.tgz && mkdir -p dist
	cd wasm/pkg-node && npm pack --silent --pack-destination ../../dist >/dev/null

test-core-package: core-package
	scripts/check-core-package.sh dist/tingshu-core-*.tgz

wasm/binaryen/node_modules/.installed: wasm/binaryen/package-lock.json
	cd wasm/binaryen && npm ci --no-audit --no-fund
	touch $@

app: app/dist/index.html

app/dist/index.html: app/node_modules/.installed $(shell find app/src app/public app/index.html -type f 2>/dev/null) $(wildcard app/*.ts app/*.json)
	cd app && npm run build

server-release:
	cargo build --release -p tingshu-server

api-types: app/node_modules/.installed
	cargo build --workspace --bins
	scripts/api-types.sh "$(CARGO_TARGET_DIR)/debug/tingshu" $(API_TYPES)

# The README's configuration reference, written from the command line's own definition.
config-reference:
	cargo build -p tingshu-server --bin tingshu
	scripts/config-reference.sh "$(CARGO_TARGET_DIR)/debug/tingshu" README.md

## ---- test suites -----------------------------------------------------------------------

# Rust: core rules and vectors, server unit and integration tests on SQLite.
# The house style, enforced: rustfmt, clippy with warnings as errors, ESLint and Prettier.
lint: app/node_modules/.installed
	cargo fmt --all -- --check
	cd app && npm run --silent lint
	cargo clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc -p tingshu-core --no-deps --quiet

# The committed API types must be what the server documents now.
test-contract: app/node_modules/.installed
	cargo build --workspace --bins
	scripts/api-types.sh --check "$(CARGO_TARGET_DIR)/debug/tingshu" $(API_TYPES)

# Schemathesis (PyPI, pinned) fuzzes every operation of the OpenAPI document against the
# debug server: no 5xx, every answer as documented. Installed into .venv when Python is present.
SCHEMATHESIS_VERSION := 4.32.5
SCHEMATHESIS := .venv/bin/schemathesis
test-fuzz:
	@if ! command -v python3 >/dev/null; then \
		echo "test-fuzz: skipped, no python3 on this machine to install schemathesis into .venv"; \
	else \
		if [ "$$($(SCHEMATHESIS) --version 2>/dev/null | awk '{print $$3}')" != "$(SCHEMATHESIS_VERSION)" ]; then \
			python3 -m venv .venv && .venv/bin/pip install -q "schemathesis==$(SCHEMATHESIS_VERSION)"; \
		fi; \
		cargo build --workspace --bins; \
		FUZZ_SECONDS=120 scripts/fuzz-contract.sh "$(CARGO_TARGET_DIR)/debug/tingshu" $(SCHEMATHESIS); \
	fi

# moto's S3 server (PyPI, pinned) into .venv: the instances test (server/tests/api/instances)
# stores audio in a real S3 server over HTTP; without Python that part of it is skipped.
MOTO_VERSION := 5.2.5
s3-server:
	@if ! command -v python3 >/dev/null; then \
		echo "s3-server: skipped, no python3 to install moto's S3 server into .venv"; \
	elif [ "$$(.venv/bin/python -c 'import moto; print(moto.__version__)' 2>/dev/null)" != "$(MOTO_VERSION)" ]; then \
		python3 -m venv .venv && .venv/bin/pip install -q "moto[server]==$(MOTO_VERSION)"; \
	fi

test-rust: s3-server nginx
	env -u TEST_DATABASE_URL cargo test --workspace
	cargo build -p tingshu-core --target wasm32-unknown-unknown

# (`--workspace` everywhere keeps one feature set, so no dependency is compiled twice.)
# The server's integration tests again on PostgreSQL: the one TEST_DATABASE_URL names, else a
# throwaway cluster from the machine's PostgreSQL binaries (skipped when there are none).
# The benchmark's PostgreSQL loader (tingshu-bench catalog-seed) is checked there too.
test-postgres:
	@if [ -n "$${TEST_DATABASE_URL:-}" ]; then cargo test --workspace --test api; \
		cargo test --workspace --bin tingshu-bench postgres; \
	else scripts/with-throwaway-postgres.sh bash -c \
		'cargo test --workspace --test api && cargo test --workspace --bin tingshu-bench postgres'; fi

## ---- the benchmark ------------------------------------------------------------------

# The benchmark against the peer in one run (bench/full.sh; the figures in BENCHMARKS.md):
# 100,000 books and 2,000,000 chapters, seeded once into data/bench (BENCH_DATA_DIR);
# start-up, memory, the catalogue mix closed and paced, Range against nginx, and two
# instances on a throwaway PostgreSQL cluster through nginx. BENCH_ARGS="clients seconds".
BENCH_ARGS ?= 200 30
# (Two builds: the server's release binary stays the one `make run` builds.)
bench: tools app nginx server-release
	cargo build --release -p tingshu-bench
	bench/full.sh $(BENCH_ARGS)

# `make bench` kept running (the figures are not checked: BENCHMARKS.md has them): the same
# script, small, on the debug build, every step of it; a refused request (a 429 from a new
# budget, say) fails it.
test-bench: app nginx
	cargo build --workspace --bins
	data="$$(mktemp -d /tmp/tingshu-test-bench.XXXXXX)"; trap 'rm -rf "$$data"' EXIT; \
	BENCH_BIN_DIR="$(CARGO_TARGET_DIR)/debug" BENCH_DATA_DIR="$$data/catalogue" BENCH_BOOKS=2000 \
		RANGE_SECONDS=1 IDLE_SECONDS=1 THINK_MS=200 bench/full.sh 20 2

test-app: app/node_modules/.installed
	cd app && npm test

test-e2e: chromium app e2e/node_modules/.installed
	cargo build --workspace --bins
	cd e2e && TINGSHU_BIN="$(CARGO_TARGET_DIR)/debug/tingshu" CHROMIUM="$(CHROMIUM)" npm test

# The release binary carries the app and the translations: started alone in an empty folder.
# Built as a release build at opt-level 1 without link-time optimisation (profile binary-check in
# Cargo.toml): the same embedding, in minutes instead of a whole-program step.
test-binary: app
	cargo build --profile binary-check -p tingshu-server
	scripts/check-one-binary.sh "$(CARGO_TARGET_DIR)/binary-check/tingshu"

# The container image built and run where a container engine answers; skipped otherwise.
test-container:
	scripts/check-container.sh

# The container image (`tingshu:latest`): the static binary alone, from scratch.
image:
	scripts/container-image.sh

clean:
	rm -rf wasm/pkg wasm/pkg-pages wasm/pkg-pow wasm/pkg-pow-scalar wasm/pkg-node dist app/dist app/node_modules e2e/node_modules wasm/binaryen/node_modules
