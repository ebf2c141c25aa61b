#!/bin/bash
# Check that every mutant of tools/mutation/mutants.txt still plants its
# bug: its text occurs exactly once in its overlay file. A mutant whose
# code has moved no longer tests anything, and make mutation stops at it.
# No build; KTAP, recorded for tools/summary.py as "mutants".
# Usage: [MUTANTS=FILE] tools/check-mutants.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

mutants=${MUTANTS:-$FUTEX2_REPO/tools/mutation/mutants.txt}
mkdir -p "$LOG_DIR"
ktap=$LOG_DIR/check-mutants.ktap
checks=$LOG_DIR/check-mutants.out
# apply.py's own failure (a malformed line, a crash) stops its checks: that
# is a failure of this layer, never a shorter list that passes.
set +e
python3 "$FUTEX2_REPO/tools/mutation/apply.py" \
	"$mutants" --check "$OVERLAY_DIR" >"$checks" 2>"$checks.err"
apply_rc=$?
set -e
{
	echo "KTAP version 1"
	while read -r id verdict rest; do
		ktap_result "$([[ $verdict == OK ]] && echo 1)" "mutant $id applies to the overlay ($rest)"
	done <"$checks"
	# Every mutant line of the file was checked, and apply.py finished.
	want=$(grep -cE '^[^#[:space:]]' "$mutants" || true)
	ktap_result "$([[ $apply_rc -eq 0 && $KTAP_N -eq $want ]] && echo 1)" \
		"apply.py checked all $want mutants and exited 0 (exit $apply_rc, $KTAP_N checked$(
			[[ -s $checks.err ]] && echo ": $(tail -n 1 "$checks.err")"))"
	echo "1..$KTAP_N"
} >"$ktap"
grep -E '^not ok' "$ktap" || true
[[ $KTAP_N -gt 0 ]] || die "no mutants read from tools/mutation/mutants.txt"
record_result mutants "$KTAP_PASSED" "$KTAP_FAILED"
log "$KTAP_PASSED passed, $KTAP_FAILED failed; KTAP: $ktap"
[[ $KTAP_FAILED -eq 0 ]]
