#!/bin/bash
# Check the manual pages in docs/man: each renders with groff's warnings on
# and none given (groff -ww -z, and man -l as a reader would), carries the
# sections of its man-pages section, and has one example program (which
# tools/selftest.sh compiles and runs in the guest). KTAP; recorded for
# tools/summary.sh as "man".
# Usage: tools/check-man.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

"$FUTEX2_REPO/tools/deps.sh" base
mkdir -p "$LOG_DIR"
ktap=$LOG_DIR/check-man.ktap
n=0 passed=0 failed=0
result() {	# OK DESCRIPTION
	n=$((n + 1))
	if [[ $1 == 1 ]]; then
		passed=$((passed + 1)); echo "ok $n $2"
	else
		failed=$((failed + 1)); echo "not ok $n $2"
	fi
}
{
	echo "KTAP version 1"
	for page in "$FUTEX2_REPO"/docs/man/*.[27]; do
		name=$(basename "$page")
		warn=$(groff -man -ww -z "$page" 2>&1 || echo "groff failed")
		result "$([[ -z $warn ]] && echo 1)" "$name: groff -man -ww -z gives no warning"
		[[ -n $warn ]] && echo "# $warn"
		warn=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null || echo "man failed")
		result "$([[ -z $warn ]] && echo 1)" "$name: man -l renders it without a warning"
		want="NAME SYNOPSIS DESCRIPTION VERSIONS EXAMPLES SEE_ALSO"
		[[ $name == *.2 ]] && want+=" RETURN_VALUE ERRORS"
		for sec in $want; do
			ok=
			grep -q "^\.SH ${sec//_/ }\$" "$page" && ok=1
			result "$ok" "$name: has a ${sec//_/ } section"
		done
	done
	out=$(mktemp -d)
	if "$FUTEX2_REPO/tools/man-examples.sh" "$out" >/dev/null; then
		result 1 "every page has exactly one example program"
	else
		result 0 "every page has exactly one example program"
	fi
	rm -rf "$out"
	echo "1..$n"
} >"$ktap"
grep -E '^(not ok|# )' "$ktap" || true
record_result man "$passed" "$failed"
log "$passed passed, $failed failed; KTAP: $ktap"
[[ $failed -eq 0 ]]
