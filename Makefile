# Wayfinder — the two commands a newcomer needs:
#   make demo   build and run the bundled walk on the simulated board
#   make test   build and run the tests
# Both install the Debian packages they need first (as root, or through sudo).

SWIFT ?= swift
DEBIAN_PACKAGES := libgpiod-dev libbluetooth-dev libi2c-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/wayfinder

.PHONY: all deps toolchain build test demo check-gpiod-v2 config-check bench clean hil gesture-conformance

all: build

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: no Swift toolchain on PATH. Install Swift 6.0 or newer for Debian 12 (swift.org) and put its usr/bin on PATH."; exit 1; }

deps: toolchain
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

# The executable is built first: the shutdown test runs it as systemd would.
test: build
	$(SWIFT) test
	@$(MAKE) --no-print-directory gesture-conformance

# The gesture pipeline against the shared conformance checker (gestures.md §11): the shared examples
# and our own scenarios, through `wayfinder gestures replay`. check.py and examples.json are copies of
# ../shared/gesture-conformance/ kept in the repository, because a clean clone (CI) has no ../shared.
GESTURE_FIXTURES := Tests/GesturesTests/Fixtures
GESTURE_CHECK := $(GESTURE_FIXTURES)/conformance/check.py
GESTURE_SCENARIOS := $(GESTURE_FIXTURES)/conformance/examples.json $(sort $(wildcard $(GESTURE_FIXTURES)/*.json))
gesture-conformance:
	@[ -f $(GESTURE_CHECK) ] || { echo "error: $(GESTURE_CHECK) is missing; it is a copy of ../shared/gesture-conformance/check.py (restore it with git checkout, or copy it from ../shared)"; exit 1; }
	@command -v python3 >/dev/null 2>&1 || { echo "error: python3 is needed to run $(GESTURE_CHECK) (Debian: apt-get install python3)"; exit 1; }
	@[ -x $(BIN) ] || { echo "error: $(BIN) is not built (make build)"; exit 1; }
	@if [ -f ../shared/gesture-conformance/check.py ] && ! cmp -s ../shared/gesture-conformance/check.py $(GESTURE_CHECK); then \
	  echo "warning: ../shared/gesture-conformance/check.py differs from the copy in $(GESTURE_CHECK); copy it again"; fi
	@for f in $(GESTURE_SCENARIOS); do \
	  printf 'gesture conformance %s: ' "$$f"; \
	  python3 $(GESTURE_CHECK) $$f -- $(BIN) gestures replay || exit 1; \
	done

demo: build
	$(BIN) run --config deploy/demo.toml --exit-when-done --fresh

config-check: build
	$(BIN) config check deploy/demo.toml
	WAYFINDER_BOARDS=boards $(BIN) config check deploy/wayfinder.toml

# Compile the GPIO shim against libgpiod 2.x from Debian 13 (no install; see scripts/check-gpiod-v2.sh).
check-gpiod-v2:
	scripts/check-gpiod-v2.sh

# The hardware-in-loop rig (docs/hil.md): Debian's kernel in QEMU with virtual BLE controllers,
# gpio-sim and i2c-stub, running WayfinderHIL. HIL_SKIP_SWIFT=1 runs the rig's own checks alone;
# HIL_SHELL=1 boots into a shell in the guest.
hil:
	@if [ -z "$${HIL_SKIP_SWIFT:-}" ] || [ "$${HIL_SKIP_SWIFT}" = 0 ]; then $(MAKE) --no-print-directory deps; fi
	SWIFT=$(SWIFT) scripts/hil/run.sh

clean:
	rm -rf .build

# Speed and memory figures for the README (release build). The benchmark runs its peers on the same
# inputs (issue 5): GeodSolve from geographiclib-tools, and pynmea2 in a venv under .bench/.
BENCH_DEBIAN_PACKAGES := geographiclib-tools python3-venv
PYNMEA2_VERSION := 1.19.0
bench: deps
	@missing=""; for p in $(BENCH_DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@[ -x .bench/venv/bin/python3 ] || python3 -m venv .bench/venv
	@.bench/venv/bin/python3 -c 'import pynmea2' 2>/dev/null || .bench/venv/bin/pip install -q pynmea2==$(PYNMEA2_VERSION)
	$(SWIFT) build -c release --product WayfinderBenchmarks
	.build/release/WayfinderBenchmarks $(CURDIR)
