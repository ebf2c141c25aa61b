#!/bin/bash
# The developer loop, timed: change one overlay file (a comment appended to
# kernel/futex/waitwake.c, removed again on exit), then the time to a KUnit
# result on ARCH, and from a second change to a selftest result.
# Usage: tools/bench-loop.sh [ARCH]   (default x86_64; target: KUnit <= 25 s)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-x86_64}
check_arch "$arch"
file=$OVERLAY_DIR/kernel/futex/waitwake.c
[[ -f $file ]] || die "no $file"
saved=$(mktemp)
cp -p "$file" "$saved"
trap 'cp -p "$saved" "$file"; rm -f "$saved"' EXIT

# Warm: both layers built and run once, so only the edit is measured.
log "warming up (build and run once)"
"$FUTEX2_REPO/tools/kunit.sh" "$arch" >/dev/null 2>&1 || die "KUnit fails before the edit"
"$FUTEX2_REPO/tools/selftest.sh" "$arch" >/dev/null 2>&1 || die "selftests fail before the edit"

edit() {
	echo "/* bench-loop: $(date +%s.%N) */" >>"$file"
}
timed() {	# LABEL COMMAND...: run, print and return the seconds taken
	local label=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1 || die "$label failed after the edit"
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }'
}
edit
kunit_s=$(timed "KUnit" "$FUTEX2_REPO/tools/kunit.sh" "$arch")
edit
selftest_s=$(timed "selftest" "$FUTEX2_REPO/tools/selftest.sh" "$arch")

mkdir -p "$RESULTS_DIR"
{
	echo "edit one overlay file -> KUnit result ($arch): ${kunit_s} s (target <= 25 s)"
	echo "edit one overlay file -> selftest result ($arch, native and compat): ${selftest_s} s"
} | tee "$RESULTS_DIR/bench-loop-$arch.txt"
