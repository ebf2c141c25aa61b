# The front door: overlay -> pinned tree -> build -> QEMU -> KTAP -> summary.
#
#   make kunit ARCH=x86_64|arm64   KUnit suites of the overlaid kernel in QEMU
#   make selftest ARCH=...         boot it, run the futex selftests (native+compat)
#   make shell ARCH=...            boot the same guest to a shell
#   make stress ARCH=x86_64        debug kernel: stress program, stress-ng, trinity
#   make fuzz ARCH=x86_64          debug kernel: the seeded futex2 fuzzer
#                                  (budgets: STRESS_SECONDS= FUZZ_SECONDS= FUZZ_SEED=)
#   make bench ARCH=...            futex2 vs legacy, patched vs pristine 6.1, on
#                                  QEMU's instruction clock (BENCH_BOOTS= BENCH_REPEATS=
#                                  BENCH_ITERS=); report in the results directory
#   make oracle ARCH=...           6.12's futex selftests and the differential tracer
#                                  on the patched kernel, pristine 6.1 and Debian's 6.12,
#                                  compared test by test (ORACLE_SEED= ORACLE_CALLS=)
#   make glibc-test                glibc 2.36's nptl tests (Debian's glibc-source) on the
#                                  patched kernel and pristine 6.1, compared test by test
#                                  (x86_64; not in make test: ~1 h cold); make glibc-record
#                                  copies its last report to docs/glibc-tests.md
#   make mutation [ARCH=..]        plant each bug of tools/mutation/mutants.txt, one at a
#                                  time; KUnit, the selftests, the oracle or the debug
#                                  stress stage must catch every one (MUTATION_ALL=1:
#                                  every layer; MUTATION_LAYERS= some)
#   make deb ARCH=...              the kernel as Debian packages (bindeb-pkg): linux-image,
#                                  linux-headers, linux-libc-dev (VARIANT=pristine,
#                                  DEB_CONFIG=guest|debian)
#   make vm ARCH=...               a Debian 12 guest (mmdebstrap root, the packages
#                                  installed by dpkg -i) booted to a login prompt
#                                  (KERNEL=pristine for pristine 6.1)
#   make vm-test ARCH=...          that guest on the patched and the pristine kernel:
#                                  systemd, perf bench futex, stress-ng, programs
#                                  compiled in the guest, the selftests (dynamic)
#   make vm-perf ARCH=...          perf bench futex in that guest, patched and pristine
#                                  booted alternately on the instruction clock
#                                  (BENCH_BOOTS= VM_PERF_REPEATS=); ratio report in
#                                  the results directory
#   make trace-call ARCH=...       single futex calls stepped by gdb in both kernels:
#                                  instructions per call and per function, exact
#                                  (tools/guest/futex_calls.c); report in the results directory
#   make bench-loop ARCH=x86_64    time from one overlay edit to KUnit/selftest results
#   make check-tables              syscall tables and headers, no build
#   make check-man                 docs/man renders without warnings, has its sections
#   make check-mutants             every mutant of make mutation still applies, no build
#   make matrix [MATRIX_ARCHES=..] cross-compile the futex code and syscall tables of
#                                  every arch (not in make test: ~5 min)
#   make kunit-matrix [KUNIT_MATRIX_ARCHES=..]  KUnit on i386, arm, riscv, powerpc,
#                                  s390, sparc, alpha (not in make test: ~1 h cold);
#                                  make matrix-record writes docs/arch-matrix.md
#   make series                    the overlay as the seeds' patch series: checkpatch,
#                                  git am round trip, each step built (make test: no builds)
#   make test                      everything CI runs: one line per layer (tools/layers),
#                                  then "N passed, N failed"
#   make verdict CONSOLE=FILE      the verdict of a saved console [LAYER=NAME] [KUNIT=1]
#   make tree                      just prepare the overlaid kernel tree
#   make clean                     drop build output and results (keeps sources)
#   make distclean                 drop the whole cache

SHELL := /bin/bash
ARCH ?= x86_64
TOOLS := $(CURDIR)/tools
KUNIT_ARCHES := $(shell . $(TOOLS)/env.sh && kunit_arches)
SELFTEST_ARCHES := $(shell . $(TOOLS)/env.sh && selftest_arches)
# The debug-kernel stage of make test (stress-ng and trinity only where the
# host can run them: x86_64), and its budgets there (guest seconds).
DEBUG_ARCHES := x86_64 arm64
TEST_BUDGET := STRESS_SECONDS=20 FUZZ_SECONDS=20 REAL_SECONDS=15
# The bench smoke run of make test: one boot of each kernel, judged (it
# finished cleanly, printed every key); its ratios are shown, not counted
# (the timing targets are make bench's verdicts).
BENCH_SMOKE_ARCHES := x86_64
BENCH_SMOKE_ENV := BENCH_SMOKE=1 BENCH_BOOTS=1 BENCH_REPEATS=1 BENCH_ITERS=2000
# The oracles in make test: the three kernels, 6.12's selftests, and the
# tracer with a smaller budget than make oracle's 1M calls per ABI.
ORACLE_ARCHES := x86_64
ORACLE_SMOKE := ORACLE_CALLS=300000
# The exact instruction counts of single calls (tools/trace-call.sh): every
# call must be traced and return what its path returns. The kernels are
# the bench smoke's, already built.
TRACE_ARCHES := x86_64
# The Debian 12 guest is not in make test: cold, its x86_64 stage (two
# kernel packages, root, image, two boots) took make test past CI's 90
# minutes (docs/debian-guest.md). Run make vm-test ARCH=x86_64|arm64.
VM_ARCHES :=
export STRESS_SECONDS FUZZ_SECONDS FUZZ_SEED REAL_SECONDS BENCH_BOOTS BENCH_REPEATS BENCH_ITERS \
	ORACLE_SEED ORACLE_CALLS VARIANT DEB_CONFIG KERNEL
CACHE := $(shell . $(TOOLS)/env.sh && echo $$FUTEX2_CACHE)
RESULTS := $(shell . $(TOOLS)/env.sh && echo $$RESULTS_DIR)

.PHONY: matrix-record verdict all kunit selftest shell stress fuzz bench oracle glibc-test glibc-record mutation deb vm vm-test vm-perf trace-call bench-loop check-tables check-man check-mutants matrix kunit-matrix series test tree clean distclean help

all: help

help:
	@sed -n '2,55s/^# \{0,1\}//p' Makefile

tree:
	$(TOOLS)/tree.sh

kunit:
	$(TOOLS)/kunit.sh $(ARCH)

selftest:
	$(TOOLS)/guest.sh selftest $(ARCH)

shell:
	$(TOOLS)/guest.sh selftest $(ARCH) shell

stress:
	$(TOOLS)/stress.sh $(ARCH) stress
	$(TOOLS)/stress.sh $(ARCH) real

fuzz:
	$(TOOLS)/stress.sh $(ARCH) fuzz

bench:
	$(TOOLS)/bench.sh $(ARCH)

oracle:
	$(TOOLS)/oracle.sh $(ARCH)

mutation:
	$(TOOLS)/mutation.sh $(ARCH)

glibc-test:
	$(TOOLS)/glibc-test.sh x86_64

# A deliberate copy of the last glibc report into the tracked docs.
glibc-record:
	@test -f $(RESULTS)/glibc-x86_64.ktap || { echo "no glibc report: run make glibc-test"; exit 1; }
	{ echo '# glibc 2.36 nptl tests: patched kernel vs pristine 6.1 (x86_64)'; echo; \
	  echo 'Written by `make glibc-record` from the last `make glibc-test`.'; echo; \
	  echo '```'; cat $(RESULTS)/glibc-x86_64.ktap; echo '```'; \
	  for k in patched pristine; do echo; echo "## Not passed on the $$k kernel"; echo; echo '```'; \
	    $(TOOLS)/verdict.py --not-passed $(CACHE)/build/glibc-guest-x86_64/runs/$$k.console; \
	    echo '```'; done; } >docs/glibc-tests.md

deb:
	$(TOOLS)/deb.sh $(ARCH)

vm:
	$(TOOLS)/vm.sh $(ARCH) vm

vm-test:
	$(TOOLS)/vm.sh $(ARCH) test

vm-perf:
	$(TOOLS)/vm-perf.sh $(ARCH)

trace-call:
	$(TOOLS)/trace-call.sh $(ARCH)

bench-loop:
	$(TOOLS)/bench-loop.sh $(ARCH)

check-tables:
	$(TOOLS)/check-tables.sh

check-man:
	$(TOOLS)/check-man.sh

check-mutants:
	$(TOOLS)/check-mutants.sh

matrix:
	$(TOOLS)/matrix.sh $(MATRIX_ARCHES)

kunit-matrix:
	$(TOOLS)/kunit-matrix.sh $(KUNIT_MATRIX_ARCHES)

# A deliberate copy of the last matrix results (in the cache) into the docs.
matrix-record:
	$(TOOLS)/matrix-doc.sh --record

series:
	$(TOOLS)/series.sh

# Every layer runs even if an earlier one failed; the summary decides. Its
# expected layers come from the fixed list tools/layers, not from what ran;
# FUTEX2_RUN ties each record to this run.
T = $(TOOLS)/timed.sh
test: export FUTEX2_RUN := $(shell date +%s)-$(shell echo $$$$)
test:
	@rm -rf $(RESULTS)
	@$(T) console-tests python3 $(TOOLS)/console_test.py
	@$(T) check-tables $(TOOLS)/check-tables.sh
	@$(T) man $(TOOLS)/check-man.sh
	@$(T) mutants $(TOOLS)/check-mutants.sh
	@$(T) series $(TOOLS)/series.sh --no-build
	@for a in $(KUNIT_ARCHES); do $(T) kunit-$$a $(TOOLS)/kunit.sh $$a; done
	@for a in $(SELFTEST_ARCHES); do $(T) selftest-$$a $(TOOLS)/guest.sh selftest $$a; done
	@for a in $(DEBUG_ARCHES); do VARIANT=debug $(T) kunit-debug-$$a $(TOOLS)/kunit.sh $$a; \
		$(TEST_BUDGET) $(T) stress-debug-$$a $(TOOLS)/stress.sh $$a all; done
	@for a in $(BENCH_SMOKE_ARCHES); do $(BENCH_SMOKE_ENV) $(T) bench-$$a $(TOOLS)/bench.sh $$a; done
	@for a in $(ORACLE_ARCHES); do $(ORACLE_SMOKE) $(T) oracle-$$a $(TOOLS)/oracle.sh $$a; done
	@for a in $(TRACE_ARCHES); do $(T) trace-call-$$a $(TOOLS)/trace-call.sh $$a; done
	@for a in $(VM_ARCHES); do $(T) vm-$$a $(TOOLS)/vm.sh $$a test; done
	@$(TOOLS)/summary.py --layers $(TOOLS)/layers --results $(RESULTS) --times $(RESULTS)/times

# The verdict of a saved console by the one reader (tools/verdict.py):
#   make verdict CONSOLE=FILE [LAYER=NAME]   (KUNIT=1 for a KUnit console)
verdict:
	@test -n "$(CONSOLE)" || { echo "make verdict: give CONSOLE=FILE"; exit 2; }
	@python3 $(TOOLS)/verdict.py "$(CONSOLE)" $(if $(LAYER),--layer "$(LAYER)") \
		$(if $(KUNIT),--kunit "$(shell . $(TOOLS)/env.sh && echo $$TREE_DIR)")

clean:
	rm -rf $(CACHE)/build $(CACHE)/logs $(CACHE)/results

distclean:
	rm -rf $(CACHE)
