#!/bin/bash
# Sum the pass/fail counts every test layer recorded in this run and print
# the closing line "N passed, N failed". Exits non-zero if any test failed
# or an expected layer recorded nothing.
# Usage: tools/summary.sh LAYER...     (e.g. check-tables kunit-x86_64)
set -euo pipefail
. "$(dirname "$0")/env.sh"

[[ $# -gt 0 ]] || die "usage: tools/summary.sh LAYER..."
mkdir -p "$RESULTS_DIR"
total_passed=0
total_failed=0
for layer in "$@"; do
	f=$RESULTS_DIR/$layer.counts
	if [[ -f $f ]] && read -r p fl <"$f" && [[ $p =~ ^[0-9]+$ && $fl =~ ^[0-9]+$ ]]; then
		printf '%-24s %5d passed, %d failed\n' "$layer" "$p" "$fl"
	else
		printf '%-24s no result recorded: counted as 1 failure\n' "$layer"
		p=0 fl=1
	fi
	total_passed=$((total_passed + p))
	total_failed=$((total_failed + fl))
done
echo "$total_passed passed, $total_failed failed" | tee "$RESULTS_DIR/summary.txt"
[[ $total_failed -eq 0 ]]
