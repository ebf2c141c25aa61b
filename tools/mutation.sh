#!/bin/bash
# The mutation pass: plant each small bug of tools/mutation/mutants.txt in a
# copy of the overlay, one at a time, run KUnit and the selftests on it
# (x86_64 by default), and report which tests caught it. A mutant no test
# catches is a test that is missing. The tracked overlay is never touched:
# the copy is used through FUTEX2_OVERLAY, and the work tree is put back
# from the real overlay at the end. The mutants are built in a cache of
# their own ($FUTEX2_CACHE/mutation: tree, kernel, logs), so that other
# runs can go on beside the pass.
# Usage: tools/mutation.sh [ARCH [ID...]]
set -euo pipefail
. "$(dirname "$0")/env.sh"
FUTEX2_CACHE=$FUTEX2_CACHE/mutation
export FUTEX2_CACHE
. "$(dirname "$0")/env.sh"

arch=${1:-x86_64}
shift || true
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
mutants=$FUTEX2_REPO/tools/mutation/mutants.txt
work=$BUILD_ROOT/mutation-$arch
report=$work/report.txt
rm -rf "$work" && mkdir -p "$work"
: >"$report"

# apply_mutant ID OVERLAY: rewrite the copy; fails unless OLD occurs once.
apply_mutant() {
	python3 "$FUTEX2_REPO/tools/mutation/apply.py" "$mutants" "$1" "$2"
}

ids=("$@")
if [[ ${#ids[@]} -eq 0 ]]; then
	mapfile -t ids < <(grep -v '^#' "$mutants" | grep . | awk -F' @@ ' '{ print $1 }')
fi
# Every mutant must apply before any is built.
for id in "${ids[@]}"; do
	rm -rf "$work/check" && cp -a "$OVERLAY_DIR" "$work/check"
	apply_mutant "$id" "$work/check" >/dev/null || die "mutant $id does not apply to the overlay"
done
rm -rf "$work/check"
killed=0 survived=0
for id in "${ids[@]}"; do
	copy=$work/overlay
	rm -rf "$copy" && cp -a "$OVERLAY_DIR" "$copy"
	what=$(apply_mutant "$id" "$copy") || die "cannot plant $id"
	log "mutant $id: $what"
	caught=()
	results=$work/results-$id
	if ! FUTEX2_OVERLAY=$copy FUTEX2_RESULTS=$results "$FUTEX2_REPO/tools/kunit.sh" "$arch" \
			>"$work/$id.kunit.log" 2>&1; then
		caught+=("kunit:$(grep -aE '^\[[0-9:]+\] +\[FAILED\]' "$work/$id.kunit.log" |
			sed 's/.*\[FAILED\] //' | head -3 | xargs | tr ' ' ',' || true)")
	fi
	if ! FUTEX2_OVERLAY=$copy FUTEX2_RESULTS=$results "$FUTEX2_REPO/tools/guest.sh" selftest "$arch" \
			>"$work/$id.selftest.log" 2>&1; then
		caught+=("selftest:$(grep -aE '^not ok [0-9]+ ' "$work/$id.selftest.log" |
			sed 's/^not ok [0-9]* //; s/ #.*//' | head -4 | xargs | tr ' ' ',' || true)")
	fi
	if grep -q "kernel build failed" "$work/$id.selftest.log"; then
		# A mutant that does not build proves nothing about the tests.
		echo "UNBUILT  $id: the kernel did not build" | tee -a "$report"
		survived=$((survived + 1))
	elif [[ ${#caught[@]} -gt 0 ]]; then
		killed=$((killed + 1))
		echo "killed   $id: ${caught[*]}" | tee -a "$report"
	else
		survived=$((survived + 1))
		echo "SURVIVED $id: $what" | tee -a "$report"
	fi
done
# The work tree back to the real overlay.
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
log "$killed killed, $survived survived; report: $report"
[[ $survived -eq 0 ]]
