#!/bin/bash
# Write docs/arch-matrix.md from arch-matrix: what each architecture checks
# and the last result it recorded.
# Usage: tools/matrix-doc.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

doc=$FUTEX2_REPO/docs/arch-matrix.md
{
	echo "# Architecture matrix"
	echo
	echo "Generated from \`arch-matrix\` by \`tools/matrix-doc.sh\` (run by \`make matrix\`)."
	echo "Every syscall table the series edits is checked by \`make check-tables\`"
	echo "(part of \`make test\`); the columns below are what else runs per architecture."
	echo
	echo "| arch | tables | compile (make matrix) | KUnit boot | userspace selftests | last compile result |"
	echo "|---|---|---|---|---|---|"
	awk '$1 == "arch" {
		delete f
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
	}' "$ARCH_MATRIX"
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
