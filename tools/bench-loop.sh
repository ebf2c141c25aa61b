#!/bin/bash
# The developer loop, timed: change one overlay file (a comment appended to
# kernel/futex/waitwake.c in a copy of the overlay: the tracked overlay is
# never touched), then the time to a KUnit result on ARCH, and from a
# second change to a selftest result. The work tree goes back to the real
# overlay on exit.
# Usage: tools/bench-loop.sh [ARCH]   (default x86_64; target: KUnit <= 25 s)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-x86_64}
check_arch "$arch"
copy=$BUILD_ROOT/bench-loop-overlay
rm -rf "$copy" && mkdir -p "$BUILD_ROOT" && cp -a "$OVERLAY_DIR" "$copy"
real_overlay=$OVERLAY_DIR
export FUTEX2_OVERLAY=$copy
file=$copy/kernel/futex/waitwake.c
[[ -f $file ]] || die "no $file"
trap 'FUTEX2_OVERLAY=$real_overlay "$FUTEX2_REPO/tools/tree.sh" >/dev/null' EXIT

# Warm: both layers built and run once, so only the edit is measured.
log "warming up (build and run once)"
"$FUTEX2_REPO/tools/kunit.sh" "$arch" >/dev/null 2>&1 || die "KUnit fails before the edit"
"$FUTEX2_REPO/tools/guest.sh" selftest "$arch" >/dev/null 2>&1 || die "selftests fail before the edit"

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
selftest_s=$(timed "selftest" "$FUTEX2_REPO/tools/guest.sh" selftest "$arch")

mkdir -p "$RESULTS_DIR"
{
	echo "edit one overlay file -> KUnit result ($arch): ${kunit_s} s (target <= 25 s)"
	echo "edit one overlay file -> selftest result ($arch, native and compat): ${selftest_s} s"
} | tee "$RESULTS_DIR/bench-loop-$arch.txt"
