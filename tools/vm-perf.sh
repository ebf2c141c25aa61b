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

runs=$BUILD_ROOT/vm-perf-runs-$arch
rm -rf "$runs" && mkdir -p "$runs"
failed=0
for ((boot = 1; boot <= BENCH_BOOTS; boot++)); do
	for flavour in futex2 pristine; do
		log "boot $boot of $BENCH_BOOTS: $flavour kernel"
		rm -f "$LOG_DIR/vm-perf-$flavour-$arch.console"
		if ! VM_ONLY=$flavour VM_PERF_ONLY=yes VM_PERF_REPEATS=$repeats \
				"$FUTEX2_REPO/tools/vm.sh" "$arch" test >&2; then
			log "the $flavour perf boot $boot failed"
			failed=$((failed + 1))
		fi
		# A boot that never got to write a console is a failed boot too.
		cp "$LOG_DIR/vm-perf-$flavour-$arch.console" "$runs/$flavour-$boot.console" ||
			{ failed=$((failed + 1)); : >"$runs/$flavour-$boot.console"; }
	done
done

report=$RESULTS_DIR/vm-perf-$arch.md
mkdir -p "$RESULTS_DIR"
set +e
python3 "$FUTEX2_REPO/tools/vm-perf-report.py" --arch "$arch" --failed-boots "$failed" \
	--clock "$QEMU_ICOUNT_ARGS, $(arch_field "$arch" bench_cpus) CPU(s)" \
	"$runs"/*.console >"$report"
rc=$?
set -e
cat "$report"
log "report: $report"
exit $rc
