#!/bin/bash
# Proof against kernels and suites nobody here wrote: boot the patched
# kernel, pristine 6.1 and Debian's 6.12 (mainline futex2), each running
# 6.12's own futex selftests (unmodified, native and compat) and the
# differential tracer (tools/guest/futex_trace.c), then compare test by
# test (tools/oracle-compare.py): the selftests patched vs pristine and vs
# 6.12, the legacy trace patched vs pristine, the futex2 trace patched vs
# 6.12. A differing trace chunk is replayed on both kernels with every call
# printed, to name the first call that differs.
# Usage: tools/oracle.sh ARCH
#   ORACLE_SEED= ORACLE_CALLS= (tools/env.sh)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
[[ $ORACLE_SEED =~ ^[0-9]+$ ]] || die "ORACLE_SEED must be a number, not '$ORACLE_SEED'"
[[ $ORACLE_CALLS =~ ^[1-9][0-9]*$ ]] || die "ORACLE_CALLS must be a positive number, not '$ORACLE_CALLS'"
export ORACLE_SEED ORACLE_CALLS

runs=$BUILD_ROOT/oracle-runs-$arch
rm -rf "$runs" && mkdir -p "$runs" "$RESULTS_DIR"

boot() {	# KERNEL OUT: one oracle boot of patched|pristine|mainline
	local kernel=$1 out=$2 variant=
	[[ $kernel != patched ]] && variant=$kernel
	log "$kernel kernel${ORACLE_REPLAY:+ (replay: $ORACLE_REPLAY)}"
	rm -f "$LOG_DIR/oracle${variant:+-$variant}-$arch.console"
	# The guest's own pass/fail is not the verdict here: the comparison
	# is, and the boot records nothing (RECORD=no).
	RECORD=no VARIANT=$variant "$FUTEX2_REPO/tools/guest.sh" oracle "$arch" >&2 ||
		log "the $kernel guest reported failures (compared below)"
	# No console (the kernel did not build): the comparison sees an
	# unfinished guest.
	cp "$LOG_DIR/oracle${variant:+-$variant}-$arch.console" "$out" 2>/dev/null || : >"$out"
}


for kernel in patched pristine mainline; do
	boot "$kernel" "$runs/$kernel.console"
done

report=$RESULTS_DIR/oracle-$arch.ktap
mkdir -p "$RESULTS_DIR"
set +e
python3 "$FUTEX2_REPO/tools/oracle-compare.py" --arch "$arch" --calls "$ORACLE_CALLS" \
	--record "$RESULTS_DIR" --diffs "$runs/diffs" \
	"$runs/patched.console" "$runs/pristine.console" "$runs/mainline.console" >"$report"
rc=$?
set -e
cat "$report"

# Replay the first differing chunk of each trace on both of its kernels:
# it names the call; the verdict above stands (the replays record nothing).
declare -A replayed=()
while read -r kind abi seed chunk a b; do
	[[ -n ${replayed[$kind]:-} ]] && continue
	replayed[$kind]=1
	for k in "$a" "$b"; do
		ORACLE_REPLAY="$kind $seed $chunk" boot "$k" "$runs/replay-$kind-$k.console"
	done
	log "first differing $kind call (seed $seed, chunk $chunk):"
	python3 "$FUTEX2_REPO/tools/oracle-compare.py" --replay "$kind" --names "$a" "$b" \
		"$runs/replay-$kind-$a.console" "$runs/replay-$kind-$b.console" | tee -a "$report" || true
done <"$runs/diffs"
log "report: $report"
exit $rc
