# RocketReserver: `make run` and `make test` do all the set-up on a fresh Debian machine
# that has only the Swift toolchain. Debian packages are installed only when missing.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_DEPS := pkg-config libedit-dev libsqlite3-dev libmicrohttpd-dev libssl-dev libcurl4-openssl-dev libpq-dev libwslay-dev
TEST_DEPS := curl nodejs node-graphql time postgresql python3 python3-websockets
BENCH_DEPS := wrk nodejs node-graphql hyperfine curl valgrind time python3 postgresql nginx-light
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Installs the Debian packages named in $(1) that dpkg does not report as installed.
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

FUZZ_SECONDS ?= 600

.PHONY: deps test-deps bench-deps build release run install test bench format lint fuzz clean

deps:
	$(call apt_install,$(BUILD_DEPS))

test-deps: deps
	$(call apt_install,$(TEST_DEPS))

bench-deps: deps
	$(call apt_install,$(BENCH_DEPS))

build: deps
	$(SWIFT) build

# The binary users get: the Swift runtime linked in statically (binding its symbols in the dynamic
# loader was a third of a one-shot command's start-up) and stripped; see docs/startup.md.
# --disable-local-rpath: with the Swift runtime linked in, nothing is looked up beside the binary,
# so an installed binary has no $ORIGIN search path (and the loader no extra lookups).
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath -Xlinker --strip-all
PREFIX ?= /usr/local

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product rocket-reserver

run: release
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/rocket-reserver" $(ARGS)

install: release
	install -D -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/rocket-reserver" \
	  "$(DESTDIR)$(PREFIX)/bin/rocket-reserver"

# Tests run one at a time: several drive real processes, ptys and servers, and on a
# 2-core machine running them side by side only adds scheduling noise (the suite takes ~20 s).
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel

bench: bench-deps release
	@bash Benchmarks/run.sh

# Bounded libFuzzer runs of the GraphQL parser, of validation + execution, of validation + the
# cost calculator + request limits, and of serve's request heads and bodies against a live server
# (see Fuzz/run.sh); FUZZ_SECONDS each (default 600).
fuzz: deps
	bash Fuzz/run.sh parser $(FUZZ_SECONDS)
	bash Fuzz/run.sh validator $(FUZZ_SECONDS)
	bash Fuzz/run.sh cost $(FUZZ_SECONDS)
	bash Fuzz/run.sh http-head $(FUZZ_SECONDS)
	bash Fuzz/run.sh http-body $(FUZZ_SECONDS)

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build
