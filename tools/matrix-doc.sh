#!/bin/bash
# Write the architecture matrix document from arch-matrix and the last
# results in the cache (make matrix, make kunit-matrix): into the results
# directory, or with --record into docs/arch-matrix.md (make matrix-record,
# a deliberate copy into the tracked docs).
# Usage: tools/matrix-doc.sh [--record]
set -euo pipefail
. "$(dirname "$0")/env.sh"

doc=$RESULTS_DIR/arch-matrix.md
[[ ${1:-} == --record ]] && doc=$FUTEX2_REPO/docs/arch-matrix.md
[[ $# -eq 0 || $1 == --record ]] || die "usage: tools/matrix-doc.sh [--record]"
mkdir -p "$RESULTS_DIR"
touch "$ARCH_RESULTS"
{
	echo "# Architecture matrix"
	echo
	echo "Generated from \`arch-matrix\` and the last results of \`make matrix\` and"
	echo "\`make kunit-matrix\` by \`make matrix-record\` (\`tools/matrix-doc.sh --record\`)."
	echo "Every syscall table the series edits is checked by \`make check-tables\`"
	echo "(part of \`make test\`); the columns below are what else runs per architecture."
	echo
	echo "| arch | tables | compile (make matrix) | KUnit boot | userspace selftests | last compile result |"
	echo "|---|---|---|---|---|---|"
	awk 'FILENAME == ARGV[1] { n = index($2, "="); r[$1, substr($2, 1, n - 1)] = substr($2, n + 1); next }
	$1 == "arch" {
		delete f
		if (($2, "compile") in r) f["compile"] = r[$2, "compile"]
		if (($2, "kunit_last") in r) f["kunit_last"] = r[$2, "kunit_last"]
		for (i = 3; i <= NF; i++) { n = index($i, "="); f[substr($i, 1, n - 1)] = substr($i, n + 1) }
		tables = ($2 == "riscv" || $2 == "arc") ? "asm-generic" : ($2 == "arm64") ? "asm-generic + unistd32.h" : "yes"
		if ($2 == "i386") tables = "x86 32-bit table"
		compile = ("matrix_arch" in f) ? "yes (" f["matrix_cross"] "gcc)" : "no: " f["matrix"]
		kl = ("kunit_last" in f) ? f["kunit_last"] : "not run yet"
		sub(/@/, " on ", kl)
		kunit = (f["kunit"] == "yes") ? "yes (make kunit, make test)" : \
			(f["kunit"] == "matrix") ? "make kunit-matrix: " kl : "no"
		st = (f["selftest"] == "yes") ? "yes, native and " f["compat"] : "no"
		last = ("compile" in f) ? f["compile"] : "not run yet"
		sub(/@/, " on ", last)
		printf "| %s | %s | %s | %s | %s | %s |\n", $2, tables, compile, kunit, st, last
	}' "$ARCH_RESULTS" "$ARCH_MATRIX"
	echo
	echo "KUnit results read pass:PASSED/FAILED/SKIPPED. Skipped cases on 32-bit"
	echo "kernels are the compat cases (no compat ABI there); \`numa=no\` rows boot"
	echo "kunit.py's machine with one node, and the node cases then expect one."
	echo
	echo "alpha skips every case that needs user memory (44): its switch_mm() sets"
	echo "a thread's ASN but not its page table base, so a KUnit thread that"
	echo "borrows an mm faults on its first user access forever (the guest spun"
	echo "there until killed); its KUnit kernel also has COMPACTION off, which"
	echo "Debian's 6.1.192 alpha tree does not build with."
	echo
	echo "Not compiled: ia64, microblaze and xtensa, for which Debian 12 ships no"
	echo "cross compiler; their tables are still checked by \`make check-tables\`."
} >"$doc"
