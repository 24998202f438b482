# RocketReserver: `make run` and `make test` do all the set-up on a fresh Debian machine
# that has only the Swift toolchain. Debian packages are installed only when missing.
SHELL := /bin/bash
SWIFT ?= swift
# libjs-codemirror is CodeMirror 5, compiled into the binary (serve's explorer page); chromium runs
# the explorer's tests headless.
BUILD_DEPS := pkg-config libedit-dev libsqlite3-dev libmicrohttpd-dev libssl-dev libcurl4-openssl-dev libpq-dev libwslay-dev zlib1g-dev libjs-codemirror libjq-dev libchafa-dev libpng-dev libjpeg62-turbo-dev
TEST_DEPS := curl openssl nodejs node-graphql time postgresql python3 python3-pip python3-websockets bash zsh man-db chromium
BENCH_DEPS := wrk nodejs node-graphql hyperfine curl valgrind time python3 postgresql nginx-light \
  golang-go golang-github-vektah-gqlparser-dev
# A real terminal for the README's screenshot (scripts/readme-screenshot.sh): xterm as a VT340 on Xvfb.
SCREENSHOT_DEPS := xvfb xterm x11-apps netpbm xfonts-base python3
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
# The client's model-based test under `make fuzz`: steps per run (200 in `make test`).
CLIENT_MODEL_STEPS ?= 2000

.PHONY: deps test-deps bench-deps screenshot build release run install manifest test example bench format lint fuzz walk clean

deps:
	$(call apt_install,$(BUILD_DEPS))

# Python test peers, pinned, from PyPI, into .build/python-peers (tests put it on PYTHONPATH):
# prometheus-client's parser reads serve's /metrics (Tests/Peers/prometheus_parse.py); gql 4.4
# subscribes over multipart, graphql-transport-ws and graphql-ws (Tests/Peers/gql_subscribe.py),
# with every package it needs pinned (aiohttp for multipart, websockets for the sockets).
PYTHON_PEERS := prometheus-client==0.26.0 gql==4.4.0 graphql-core==3.3.2 yarl==1.25.1 \
  multidict==7.2.1 propcache==0.5.4 idna==3.20 anyio==4.16.0 typing-extensions==4.16.0 \
  tenacity==9.2.1 aiohttp==3.14.5 aiohappyeyeballs==2.7.1 aiosignal==1.4.0 attrs==26.1.0 \
  frozenlist==1.8.0 websockets==17.4
PYTHON_PEERS_DIR := .build/python-peers

test-deps: deps
	$(call apt_install,$(TEST_DEPS))
	@stamp="$(PYTHON_PEERS_DIR)/.installed-$$(echo $(PYTHON_PEERS) | sha256sum | cut -c1-16)"; \
	if [ ! -f "$$stamp" ]; then \
	  echo "installing Python test peers: $(PYTHON_PEERS)"; \
	  rm -rf $(PYTHON_PEERS_DIR) && \
	  /usr/bin/python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
	    --no-deps --target $(PYTHON_PEERS_DIR) $(PYTHON_PEERS) && touch "$$stamp"; \
	fi

# The Go peer of the parse and validate benchmarks (Benchmarks/reference/gopath): gqlparser from
# Debian's package, built in GOPATH mode (no module proxy) into .build/gqlparser-peer.
bench-deps: deps
	$(call apt_install,$(BENCH_DEPS))
	@mkdir -p .build
	GO111MODULE=off GOPATH=/usr/share/gocode:$(CURDIR)/Benchmarks/reference/gopath \
	  GOCACHE=$(CURDIR)/.build/go-cache go build -o .build/gqlparser-peer gqlparser-peer

# docs/launch-patch.png: `launch 5` and its patch in xterm (STAND_IN=FILE offline: see the script).
screenshot: deps
	$(call apt_install,$(SCREENSHOT_DEPS))
	$(SWIFT) build --product rocket-reserver
	scripts/readme-screenshot.sh docs/launch-patch.png

build: deps
	$(SWIFT) build

# The binary users get: the Swift runtime linked in statically (binding its symbols in the dynamic
# loader was a third of a one-shot command's start-up) and stripped; see docs/startup.md.
# --disable-local-rpath: with the Swift runtime linked in, nothing is looked up beside the binary,
# so an installed binary has no $ORIGIN search path (and the loader no extra lookups).
# libstdc++ (which the Swift runtime needs) linked statically too: the runtime's `-lstdc++` finds
# libstdc++.a first in STATIC_CXX_DIR, which holds nothing else. lld packs the 47,000 relative
# relocations of Swift's metadata into a 10 KB table (DT_RELR) instead of a 1.1 MB one.
STATIC_CXX_DIR := $(CURDIR)/.build/static-libstdc++
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --strip-all -Xlinker -L$(STATIC_CXX_DIR)
PREFIX ?= /usr/local

release: deps
	@mkdir -p "$(STATIC_CXX_DIR)"; archive=$$(gcc -print-file-name=libstdc++.a 2>/dev/null); \
	if [ -f "$$archive" ]; then ln -sf "$$archive" "$(STATIC_CXX_DIR)/libstdc++.a"; fi
	$(SWIFT) build $(RELEASE_FLAGS) --product rocket-reserver

run: release
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/rocket-reserver" $(ARGS)

# The persisted-query manifest of every operation in Operations/ (Apollo's format, ids the SHA-256
# of the exact text the client sends): what `serve --persisted-queries FILE --persisted-only` takes.
MANIFEST ?= .build/persisted-query-manifest.json
manifest: deps
	$(SWIFT) build --product rocket-codegen
	"$$($(SWIFT) build --show-bin-path)/rocket-codegen" --config Operations/graphql-codegen.json \
	  --manifest $(MANIFEST)
	@echo "wrote $(MANIFEST)"

# The binary, its manual page and the bash, zsh and fish completion scripts (the last two
# generated by the binary itself from its command declarations).
install: release
	install -D -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/rocket-reserver" \
	  "$(DESTDIR)$(PREFIX)/bin/rocket-reserver"
	@bin="$(DESTDIR)$(PREFIX)/bin/rocket-reserver"; share="$(DESTDIR)$(PREFIX)/share"; \
	install -d "$$share/man/man1" "$$share/bash-completion/completions" \
	  "$$share/zsh/site-functions" "$$share/fish/vendor_completions.d" && \
	"$$bin" man > "$$share/man/man1/rocket-reserver.1" && \
	"$$bin" completion bash > "$$share/bash-completion/completions/rocket-reserver" && \
	"$$bin" completion zsh > "$$share/zsh/site-functions/_rocket-reserver" && \
	"$$bin" completion fish > "$$share/fish/vendor_completions.d/rocket-reserver.fish" && \
	echo "installed $$bin, its manual page and bash, zsh and fish completions under $$share"

# Tests run one at a time: several drive real processes, ptys and servers, and on a
# 2-core machine running them side by side only adds scheduling noise (the suite takes ~20 s).
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel
	$(MAKE) --no-print-directory example

# The example package (Examples/LaunchBoard) uses this one by path: the library products, the
# codegen plugin and the generated mocks, as another package would. Its tests run its program
# against the `serve` of the binary built above. It builds this package's modules again in its
# own .build (see docs/swift-library.md for how long).
EXAMPLE := Examples/LaunchBoard
example: deps
	$(SWIFT) build --product rocket-reserver
	cd $(EXAMPLE) && $(SWIFT) build --build-tests
	bin="$$($(SWIFT) build --show-bin-path)" && cd $(EXAMPLE) && \
	  ROCKET_RESERVER="$$bin/rocket-reserver" $(SWIFT) test --skip-build

bench: bench-deps release
	@bash Benchmarks/run.sh

# How many Sources/ files one request runs through (a coverage build of its own; see
# docs/ARCHITECTURE.md's walks).
walk: deps
	python3 scripts/walk-files.py --list

# Bounded libFuzzer runs of the GraphQL parser, of validation + execution, of validation + the
# cost calculator + request limits, and of serve's request heads and bodies against a live server
# (see Fuzz/run.sh); FUZZ_SECONDS each (default 600).
fuzz: deps
	bash Fuzz/run.sh parser $(FUZZ_SECONDS)
	bash Fuzz/run.sh validator $(FUZZ_SECONDS)
	bash Fuzz/run.sh cost $(FUZZ_SECONDS)
	bash Fuzz/run.sh http-head $(FUZZ_SECONDS)
	bash Fuzz/run.sh http-body $(FUZZ_SECONDS)
	$(MAKE) --no-print-directory test-deps
	$(SWIFT) build --build-tests
	CLIENT_MODEL_STEPS=$(CLIENT_MODEL_STEPS) $(SWIFT) test --skip-build --filter ClientModelTests

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests $(EXAMPLE)/Package.swift \
	  $(EXAMPLE)/Sources $(EXAMPLE)/Tests

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests $(EXAMPLE)/Package.swift \
	  $(EXAMPLE)/Sources $(EXAMPLE)/Tests

clean:
	rm -rf .build
