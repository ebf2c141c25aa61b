#!/bin/bash
# Build the overlaid kernel for ARCH and run the futex KUnit suites in QEMU
# with two NUMA nodes, through the kernel's own kunit.py.
# Usage: [VARIANT=debug] tools/kunit.sh ARCH   (ARCH: an arch-matrix row with
#        kunit=yes, or kunit=matrix: see make kunit-matrix; numa=no rows boot
#        kunit.py's machine as it is, one node)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
check_arch "$arch"

"$FUTEX2_REPO/tools/deps.sh" "$arch"
"$FUTEX2_REPO/tools/tree.sh" >/dev/null

build_dir=$(kernel_build_dir "$arch")
name=kunit${VARIANT:+-$VARIANT}-$arch
log_file=$LOG_DIR/$name.log
mkdir -p "$build_dir" "$LOG_DIR"

start=$(date +%s)
set +e
# kunit.py itself times out a boot that never finishes (--timeout); the
# outer timeout also bounds the build and a parser waiting on a silent QEMU.
export -f kunit_py arch_field kernel_build_dir die
export TREE_DIR BUILD_ROOT KUNITCONFIG JOBS ARCH_MATRIX VARIANT FUTEX2_REPO NUMA_NODES
qemu_args=()
[[ $(arch_field "$arch" numa 2>/dev/null) == no ]] || qemu_args=(--qemu_args="$QEMU_NUMA_ARGS")
timeout --kill-after=30 $((KUNIT_TIMEOUT + 3600)) bash -c 'kunit_py "$@"' _ \
	"$arch" run --timeout="$KUNIT_TIMEOUT" "${qemu_args[@]}" 'futex*' \
	2>&1 | tee "$log_file"
rc=${PIPESTATUS[0]}
set -e
log "kunit.py exited $rc after $(($(date +%s) - start)) s; log: $log_file"

# The raw console: any kernel warning, oops or lockdep report fails the run.
console=$LOG_DIR/$name.console
cp "$build_dir/test.log" "$console" 2>/dev/null || : >"$console"
kernel_reports=$(grep -a -E -n "$KERNEL_REPORT_RE" "$console" || true)

# "Testing complete. Ran N tests: passed: P, failed: F, crashed: C, ..."
# The counts come from kunit.py parse over the console without its empty
# lines: sparc's console ends lines with "\r\r\n", which kunit.py reads as
# a line and an empty one, and then loses track of the KTAP nesting
# ("missing subtest result line"). Elsewhere this is the run's own parse.
grep -av '^[[:space:]]*$' "$console" >"$LOG_DIR/$name.ktap"
(cd "$TREE_DIR" && PYTHONDONTWRITEBYTECODE=1 python3 tools/testing/kunit/kunit.py \
	parse "$LOG_DIR/$name.ktap") >"$LOG_DIR/$name.parse.log" 2>&1 || true
summary=$(grep -a 'Testing complete\.' "$LOG_DIR/$name.parse.log" | tail -n 1 || true)
count() { sed -n "s/.*[ ,:]$1: \([0-9]*\).*/\1/p" <<<"$summary" | head -n 1; }
passed=$(count passed); failed=$(count failed); crashed=$(count crashed)
errors=$(count errors); skipped=$(count skipped)
passed=${passed:-0}
failed=$((${failed:-0} + ${crashed:-0} + ${errors:-0}))
# 6.1's KUnit prints the results of a skipped parameterised case without
# "# SKIP" ("ok 1 U8"), so kunit.py counts them as passed; its own
# "# case: pass:P fail:F skip:S total:T" lines say which were skipped.
param_skips=$(grep -a -oE '^    # [a-z0-9_]+: pass:[0-9]+ fail:[0-9]+ skip:[0-9]+ total:[0-9]+' "$console" |
	sed 's/.* skip:\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s + 0 }')
if [[ $param_skips -gt 0 ]]; then
	passed=$((passed - param_skips))
	skipped=$((${skipped:-0} + param_skips))
	log "$param_skips parameterised cases were skipped (kunit.py counts them as passed)"
fi

if [[ -z $summary ]]; then
	log "no KUnit results (build failure, or QEMU never printed KTAP)"
	failed=$((failed + 1))
elif [[ $passed -eq 0 ]]; then
	log "KUnit ran no passing test"
	failed=$((failed + 1))
elif [[ $rc -ne 0 && $failed -eq 0 ]]; then
	log "kunit.py failed ($rc) although no test failed"
	failed=1
fi
if [[ -n $kernel_reports ]]; then
	log "kernel reports in $console (each with what follows it):"
	grep -a -E -A 25 "$KERNEL_REPORT_RE" "$console" >&2 || true
	failed=$((failed + 1))
fi
record_result "$name" "$passed" "$failed"
log "$name: $passed passed, $failed failed, ${skipped:-0} skipped"
[[ $failed -eq 0 ]]
