#!/bin/bash
# Extract the example program of each manual page in docs/man into
# OUTDIR/man-<page>.c (the code between .EX and .EE of its EXAMPLES
# section, with the roff escapes undone), so that the tests compile and run
# exactly what the pages show.
# Usage: tools/man-examples.sh OUTDIR
set -euo pipefail
. "$(dirname "$0")/env.sh"

out=${1:-}
[[ -n $out ]] || die "usage: tools/man-examples.sh OUTDIR"
mkdir -p "$out"
shopt -s nullglob
pages=("$FUTEX2_REPO"/docs/man/*.[27])
[[ ${#pages[@]} -gt 0 ]] || die "no manual pages in docs/man"
for page in "${pages[@]}"; do
	name=$(basename "$page")
	name=man-${name%.*}
	awk '
		/^\.SH / { in_ex = ($2 == "EXAMPLES") }
		in_ex && /^\.EE/ { code = 0 }
		code { print }
		in_ex && /^\.EX/ { code = 1; n++ }
		END { exit n != 1 }
	' "$page" | sed -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g' >"$out/$name.c" ||
		die "$page: want exactly one .EX/.EE program in its EXAMPLES section"
	echo "$name"
done
