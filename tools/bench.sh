#!/bin/bash
# The benchmark: tools/guest/futex2_bench.c on the patched kernel and on the
# untouched 6.1 kernel of the same config, booted alternately (patched,
# pristine, patched, ...) on QEMU's instruction clock, then one report of
# medians, spreads and ratios against the targets (tools/bench-report.py).
# Usage: tools/bench.sh ARCH
#   BENCH_BOOTS= boots per kernel, BENCH_REPEATS= timed runs per key per
#   boot, BENCH_ITERS= operations per run (tools/env.sh)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
[[ $BENCH_BOOTS =~ ^[1-9][0-9]*$ ]] || die "BENCH_BOOTS must be a positive number, not '$BENCH_BOOTS'"
[[ $BENCH_REPEATS =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPEATS must be a positive number, not '$BENCH_REPEATS'"
[[ $BENCH_ITERS =~ ^[0-9]+$ && $BENCH_ITERS -ge 1000 ]] ||
	die "BENCH_ITERS must be a number of at least 1000, not '$BENCH_ITERS'"

# bench_boot KERNEL, bench_console KERNEL: one boot of the patched or the
# pristine kernel (tools/guest.sh bench), and its console.
bench_boot() {
	local variant=
	[[ $1 == pristine ]] && variant=pristine
	RECORD=no VARIANT=$variant "$FUTEX2_REPO/tools/guest.sh" bench "$arch"
}
bench_console() {
	local variant=
	[[ $1 == pristine ]] && variant=-pristine
	echo "$LOG_DIR/bench$variant-$arch.console"
}

runs=$BUILD_ROOT/bench-runs-$arch
alternate_boots "$runs" bench_boot bench_console patched pristine
failed=$BOOTS_FAILED

report=$RESULTS_DIR/bench-$arch.md
mkdir -p "$RESULTS_DIR"
set +e
python3 "$FUTEX2_REPO/tools/bench-report.py" --arch "$arch" \
	--record "$RESULTS_DIR" --failed-boots "$failed" ${BENCH_SMOKE:+--smoke} \
	--clock "$QEMU_ICOUNT_ARGS" \
	"$runs"/*.console >"$report"
rc=$?
set -e
cat "$report"
log "report: $report"
exit $rc
