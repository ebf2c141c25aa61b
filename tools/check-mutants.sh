#!/bin/bash
# Check that every mutant of tools/mutation/mutants.txt still plants its
# bug: its text occurs exactly once in its overlay file. A mutant whose
# code has moved no longer tests anything, and make mutation stops at it.
# No build; KTAP, recorded for tools/summary.sh as "mutants".
# Usage: tools/check-mutants.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

mkdir -p "$LOG_DIR"
ktap=$LOG_DIR/check-mutants.ktap
{
	echo "KTAP version 1"
	while read -r id verdict rest; do
		ktap_result "$([[ $verdict == OK ]] && echo 1)" "mutant $id applies to the overlay ($rest)"
	done < <(python3 "$FUTEX2_REPO/tools/mutation/apply.py" \
		"$FUTEX2_REPO/tools/mutation/mutants.txt" --check "$OVERLAY_DIR" || true)
	echo "1..$KTAP_N"
} >"$ktap"
grep -E '^not ok' "$ktap" || true
[[ $KTAP_N -gt 0 ]] || die "no mutants read from tools/mutation/mutants.txt"
record_result mutants "$KTAP_PASSED" "$KTAP_FAILED"
log "$KTAP_PASSED passed, $KTAP_FAILED failed; KTAP: $ktap"
[[ $KTAP_FAILED -eq 0 ]]
