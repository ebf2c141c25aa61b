# The front door: overlay -> pinned tree -> build -> QEMU -> KTAP -> summary.
#
#   make kunit ARCH=x86_64|arm64   KUnit suites of the overlaid kernel in QEMU
#   make selftest ARCH=...         boot it, run the futex selftests (native+compat)
#   make shell ARCH=...            boot the same guest to a shell
#   make stress ARCH=x86_64        debug kernel: stress program, stress-ng, trinity
#   make fuzz ARCH=x86_64          debug kernel: the seeded futex2 fuzzer
#                                  (budgets: STRESS_SECONDS= FUZZ_SECONDS= FUZZ_SEED=)
#   make check-tables              syscall tables and headers, no build
#   make test                      everything CI runs, then "N passed, N failed"
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
export STRESS_SECONDS FUZZ_SECONDS FUZZ_SEED REAL_SECONDS
CACHE := $(shell . $(TOOLS)/env.sh && echo $$FUTEX2_CACHE)
RESULTS := $(shell . $(TOOLS)/env.sh && echo $$RESULTS_DIR)

.PHONY: all kunit selftest shell stress fuzz check-tables test tree clean distclean help

all: help

help:
	@sed -n '2,15s/^# \{0,1\}//p' Makefile

tree:
	$(TOOLS)/tree.sh

kunit:
	$(TOOLS)/kunit.sh $(ARCH)

selftest:
	$(TOOLS)/selftest.sh $(ARCH)

shell:
	$(TOOLS)/selftest.sh $(ARCH) shell

stress:
	$(TOOLS)/stress.sh $(ARCH) stress
	$(TOOLS)/stress.sh $(ARCH) real

fuzz:
	$(TOOLS)/stress.sh $(ARCH) fuzz

check-tables:
	$(TOOLS)/check-tables.sh

# Every layer runs even if an earlier one failed; the summary decides.
test:
	@rm -rf $(RESULTS)
	-$(TOOLS)/check-tables.sh
	@for a in $(KUNIT_ARCHES); do $(TOOLS)/kunit.sh $$a || true; done
	@for a in $(SELFTEST_ARCHES); do $(TOOLS)/selftest.sh $$a || true; done
	@for a in $(DEBUG_ARCHES); do VARIANT=debug $(TOOLS)/kunit.sh $$a || true; \
		$(TEST_BUDGET) $(TOOLS)/stress.sh $$a all || true; done
	@$(TOOLS)/summary.sh check-tables $(addprefix kunit-,$(KUNIT_ARCHES)) \
		$(addprefix selftest-,$(SELFTEST_ARCHES)) \
		$(addprefix kunit-debug-,$(DEBUG_ARCHES)) $(addprefix stress-debug-,$(DEBUG_ARCHES))

clean:
	rm -rf $(CACHE)/build $(CACHE)/logs $(CACHE)/results

distclean:
	rm -rf $(CACHE)
