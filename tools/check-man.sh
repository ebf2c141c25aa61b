#!/bin/bash
# Check the manual pages in docs/man: each renders with groff's warnings on
# and none given (groff -ww -z, and man -l as a reader would), carries the
# sections of its man-pages section, and has one example program (which
# tools/guest-build.sh compiles and runs in the guest). KTAP; recorded for
# tools/summary.py as "man".
# Usage: tools/check-man.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

"$FUTEX2_REPO/tools/deps.sh" base
mkdir -p "$LOG_DIR"
ktap=$LOG_DIR/check-man.ktap
{
	echo "KTAP version 1"
	for page in "$FUTEX2_REPO"/docs/man/*.[27]; do
		name=$(basename "$page")
		warn=$(groff -man -ww -z "$page" 2>&1 || echo "groff failed")
		ktap_result "$([[ -z $warn ]] && echo 1)" "$name: groff -man -ww -z gives no warning"
		[[ -n $warn ]] && echo "# $warn"
		warn=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null || echo "man failed")
		ktap_result "$([[ -z $warn ]] && echo 1)" "$name: man -l renders it without a warning"
		want="NAME SYNOPSIS DESCRIPTION VERSIONS EXAMPLES SEE_ALSO"
		[[ $name == *.2 ]] && want+=" RETURN_VALUE ERRORS"
		for sec in $want; do
			ok=
			grep -q "^\.SH ${sec//_/ }\$" "$page" && ok=1
			ktap_result "$ok" "$name: has a ${sec//_/ } section"
		done
	done
	out=$(mktemp -d)
	if "$FUTEX2_REPO/tools/man-examples.sh" "$out" >/dev/null; then
		ktap_result 1 "every page has exactly one example program"
	else
		ktap_result 0 "every page has exactly one example program"
	fi
	rm -rf "$out"
	echo "1..$KTAP_N"
} >"$ktap"
grep -E '^(not ok|# )' "$ktap" || true
record_result man "$KTAP_PASSED" "$KTAP_FAILED"
log "$KTAP_PASSED passed, $KTAP_FAILED failed; KTAP: $ktap"
[[ $KTAP_FAILED -eq 0 ]]
