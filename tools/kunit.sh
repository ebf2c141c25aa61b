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

# A test.log of an earlier run must never be read as this one's.
rm -f "$build_dir/test.log"
start=$(date +%s)
set +e
# kunit.py itself times out a boot that never finishes (--timeout); the
# outer timeout also bounds the build and a parser waiting on a silent QEMU.
export -f kunit_py kconfig_fragments arch_field kernel_build_dir die load_machine
export TREE_DIR BUILD_ROOT KUNITCONFIG JOBS ARCH_MATRIX VARIANT FUTEX2_REPO
# The machine's NUMA topology (tools/machines/ARCH); numa=no rows of the
# KUnit matrix boot kunit.py's machine as it is.
qemu_args=()
if [[ $(arch_field "$arch" numa 2>/dev/null) != no ]]; then
	load_machine "$arch"
	qemu_args=(--qemu_args="$(qemu_numa_args "$CPUS")")
fi
timeout --kill-after=30 $((KUNIT_TIMEOUT + 3600)) bash -c 'kunit_py "$@"' _ \
	"$arch" run --timeout="$KUNIT_TIMEOUT" --kernel_args=oops=panic "${qemu_args[@]}" 'futex*' \
	2>&1 | tee "$log_file"
rc=${PIPESTATUS[0]}
set -e
log "kunit.py exited $rc after $(($(date +%s) - start)) s; log: $log_file"

# The raw console, judged by the one reader (tools/verdict.py, which parses
# KUnit's KTAP with the tree's own kunit_parser and reads every kernel
# report class). No console (a failed build) is a failure, never 0/0.
console=$LOG_DIR/$name.console
cp "$build_dir/test.log" "$console" 2>/dev/null || : >"$console"
set +e
python3 "$FUTEX2_REPO/tools/verdict.py" "$console" --layer "$name" --kunit "$TREE_DIR" \
	--record "$RESULTS_DIR" >&2
vrc=$?
set -e
if [[ $rc -ne 0 && $vrc -eq 0 ]]; then
	# kunit.py failed though the console holds no failure: say so, and
	# count it.
	log "kunit.py failed ($rc) although no test failed"
	read -r p f s r <"$RESULTS_DIR/$name.counts"
	record_result "$name" "$p" $((f + 1)) "$s"
	vrc=1
fi
exit "$vrc"
