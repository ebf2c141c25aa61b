#!/bin/bash
# KUnit on the further architectures of arch-matrix (kunit=matrix): each
# through the kernel's kunit.py with its own qemu_configs machine (one node
# where numa=no). The 32-bit ones (i386, arm, sparc) run the suites on a
# 32-bit kernel, the big-endian ones (powerpc, s390, sparc) read 8- and
# 16-bit futexes and node words byte-swapped from x86. The last result of
# each goes into its arch-matrix row (kunit_last=) and docs/arch-matrix.md.
# Usage: tools/kunit-matrix.sh [ARCH...]
set -euo pipefail
. "$(dirname "$0")/env.sh"

arches=("$@")
[[ ${#arches[@]} -gt 0 ]] || read -r -a arches <<<"$(kunit_matrix_arches | xargs)"
for a in "${arches[@]}"; do
	grep -qx -- "$a" <<<"$(kunit_matrix_arches)" ||
		die "no kunit=matrix row for '$a' in arch-matrix; one of: $(kunit_matrix_arches | xargs)"
done
passed=0 failed=0
for a in "${arches[@]}"; do
	start=$(date +%s)
	if "$FUTEX2_REPO/tools/kunit.sh" "$a" >"$LOG_DIR/kunit-matrix-$a.out" 2>&1; then
		status=pass passed=$((passed + 1))
	else
		status=fail failed=$((failed + 1))
		tail -n 30 "$LOG_DIR/kunit-matrix-$a.out" >&2
	fi
	read -r p f <"$RESULTS_DIR/kunit-$a.counts" || p=0 f=1
	skipped=$(sed -n 's/.* \([0-9]*\) skipped$/\1/p' "$LOG_DIR/kunit-matrix-$a.out" | tail -n 1)
	log "$a: $status: $p passed, $f failed, ${skipped:-0} skipped ($(($(date +%s) - start)) s)"
	set_arch_result "$a" kunit_last "$status:$p/$f/${skipped:-0}@$(date +%F)"
done
record_result kunit-matrix "$passed" "$failed"
"$FUTEX2_REPO/tools/matrix-doc.sh"
log "$passed architectures passed, $failed failed"
[[ $failed -eq 0 ]]
