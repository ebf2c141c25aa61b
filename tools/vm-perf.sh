#!/bin/bash
# perf bench futex (Debian's linux-perf, a benchmark nobody here wrote) in
# the Debian guest on the patched kernel and on pristine 6.1, booted
# alternately (patched, pristine, patched, ...) on QEMU's instruction
# clock, then one report of the patched/pristine cost ratio of each case
# (tools/vm-perf-report.py).
# Usage: tools/vm-perf.sh ARCH
#   BENCH_BOOTS= boots per kernel (tools/env.sh), VM_PERF_REPEATS= runs of
#   each case per boot (default 3), VM_PERF_SECONDS= guest seconds of the
#   timed cases (hash, lock-pi)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
[[ $BENCH_BOOTS =~ ^[1-9][0-9]*$ ]] || die "BENCH_BOOTS must be a positive number, not '$BENCH_BOOTS'"
repeats=${VM_PERF_REPEATS:-3}
[[ $repeats =~ ^[1-9][0-9]*$ ]] || die "VM_PERF_REPEATS must be a positive number, not '$repeats'"

# perf_boot FLAVOUR, perf_console FLAVOUR: one boot of the Debian guest
# with the futex2 or the pristine kernel, perf only (tools/vm.sh), and its
# console.
perf_boot() {
	VM_ONLY=$1 VM_PERF_ONLY=yes VM_PERF_REPEATS=$repeats \
		"$FUTEX2_REPO/tools/vm.sh" "$arch" test
}
perf_console() {
	echo "$LOG_DIR/vm-perf-$1-$arch.console"
}

runs=$BUILD_ROOT/vm-perf-runs-$arch
alternate_boots "$runs" perf_boot perf_console futex2 pristine
failed=$BOOTS_FAILED

report=$RESULTS_DIR/vm-perf-$arch.md
mkdir -p "$RESULTS_DIR"
set +e
python3 "$FUTEX2_REPO/tools/vm-perf-report.py" --arch "$arch" --failed-boots "$failed" \
	--clock "$QEMU_ICOUNT_ARGS, $(load_machine "$arch" && echo "$BENCH_CPUS") CPU(s)" \
	"$runs"/*.console >"$report"
rc=$?
set -e
cat "$report"
log "report: $report"
exit $rc
