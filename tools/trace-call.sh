#!/bin/bash
# Count, instruction by instruction and function by function, what single
# futex calls execute in the patched and in the pristine 6.1 kernel: each
# kernel boots in QEMU (the bench guest's CPUs and instruction clock)
# stopped, with tools/guest/futex_calls.c as /init; gdb-multiarch steps
# through each tagged call from its syscall entry to its return
# (tools/trace-call.py), and tools/trace-report.py names the function of
# every step from the kernel's symbols. Exact where make bench is
# statistical, and it says where a difference is.
# Usage: tools/trace-call.sh ARCH
# Report: the results directory, trace-call-ARCH.md (the raw steps in the
# build directory, trace-ARCH/KERNEL/LABEL.pcs).
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"

"$FUTEX2_REPO/tools/deps.sh" "$arch"
"$FUTEX2_REPO/tools/deps.sh" trace
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
work=$BUILD_ROOT/trace-$arch
mkdir -p "$work" "$LOG_DIR" "$RESULTS_DIR"
eval "$(python3 "$FUTEX2_REPO/tools/qemu-params.py" "$TREE_DIR" "$(arch_field "$arch" kunit_arch)")"

# 1. The kernels: the KUnit builds the benchmark boots (incremental).
for variant in "" pristine; do
	log "building the ${variant:-patched} kernel"
	VARIANT=$variant kunit_py "$arch" build >"$LOG_DIR/trace-${variant:-patched}-$arch.build.log" 2>&1 ||
		{ tail -n 30 "$LOG_DIR/trace-${variant:-patched}-$arch.build.log" >&2; die "kernel build failed"; }
done

# 2. The guest program as /init, and the list of calls for gdb from the
# same source built for the host.
cross=$(arch_field "$arch" cross)
[[ $cross == - ]] && cross=
src=$FUTEX2_REPO/tools/guest/futex_calls.c
"${cross}gcc" -O2 -Wall -Werror -static -pthread -o "$work/futex_calls" "$src"
gcc -O2 -Wall -Werror -o "$work/futex_calls-host" "$src" -lpthread
"$work/futex_calls-host" --list >"$work/calls"
{
	echo "dir /dev 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /init $work/futex_calls 755 0 0"
} >"$work/initramfs.list"
"$(kernel_build_dir "$arch")/usr/gen_init_cpio" "$work/initramfs.list" >"$work/initramfs.cpio"

# 3. Each kernel, stopped at its first instruction, under gdb, on the
# measuring machine (tools/machines/ARCH: its CPUs, its nodes and the
# instruction clock), through tools/boot.sh.
# Each kernel's traces are its tests: one passes if its trace was taken
# and the call returned what its path returns (the guest checks: no
# waiter to wake, a value that does not match); the futex2 calls are
# traced on the patched kernel only.
# gone_within SECONDS PID: true once PID has exited, false if it still
# runs after SECONDS.
gone_within() {
	local i
	for ((i = 0; i < $1; i++)); do
		kill -0 "$2" 2>/dev/null || return 0
		sleep 1
	done
	! kill -0 "$2" 2>/dev/null
}
port=$((20000 + RANDOM % 20000))
passed=0 failed=0 skipped=0
for kernel in patched pristine; do
	variant=
	[[ $kernel == pristine ]] && variant=pristine
	build_dir=$(VARIANT=$variant kernel_build_dir "$arch")
	out=$work/$kernel
	rm -rf "$out" && mkdir -p "$out"
	console=$LOG_DIR/trace-$kernel-$arch.console
	gdblog=$LOG_DIR/trace-$kernel-$arch.gdb.log
	log "booting the $kernel kernel under gdb (port $port)"
	rm -f "$console.pid"
	"$FUTEX2_REPO/tools/boot.sh" "$arch" "$build_dir/$QEMU_IMAGE" "$console" --measure \
		--initrd "$work/initramfs.cpio" --gdb "$port" --timeout $((TRACE_TIMEOUT + 120)) \
		--append "nokaslr kunit.enable=0 rdinit=/init -- $kernel" \
		>"$LOG_DIR/trace-$kernel-$arch.qemu.log" 2>&1 &
	boot_pid=$!
	set +e
	TRACE_ARCH=$arch TRACE_PORT=$port TRACE_CALLS=$work/calls TRACE_REPEAT=3 TRACE_OUT=$out \
		timeout --kill-after=10 "$TRACE_TIMEOUT" \
		gdb-multiarch -batch -nx -ex "file $build_dir/vmlinux" \
		-x "$FUTEX2_REPO/tools/trace-call.py" >"$gdblog" 2>&1
	rc=$?
	set -e
	# The guest powers off once gdb has let go; if not, it is killed (and
	# its exit status, on the console, fails it). A guest left stalled
	# (icount, no timer armed) has been seen to outlive SIGTERM, so
	# SIGKILL follows.
	qemu_pid=$(cat "$console.pid" 2>/dev/null || true)
	if [[ -n $qemu_pid ]]; then
		gone_within 60 "$qemu_pid" || kill "$qemu_pid" 2>/dev/null || true
		gone_within 5 "$qemu_pid" || kill -KILL "$qemu_pid" 2>/dev/null || true
	fi
	wait "$boot_pid" || true
	grep '^trace-call:' "$gdblog" >&2 || true
	if [[ $rc -ne 0 ]]; then
		tail -n 20 "$gdblog" >&2
		log "gdb failed on the $kernel kernel (exit $rc): $gdblog"
		failed=$((failed + 1))
	fi
	# The console by the one reader: every call returned what its path
	# returns (ENOSYS only where pristine 6.1 has no futex2: a skip), the
	# guest finished, no kernel report. Then each call's trace was taken.
	verdicts=$work/verdict-$kernel
	rm -rf "$verdicts" && mkdir -p "$verdicts"
	python3 "$FUTEX2_REPO/tools/verdict.py" "$console" --layer "$kernel" \
		--done FUTEX-CALLS-DONE --record "$verdicts" >&2 || true
	read -r p f s _ <"$verdicts/$kernel.counts" || { p=0 f=1 s=0; }
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	while read -r label entry _; do
		[[ $kernel == pristine && $entry == futex_w* ]] && continue
		if [[ -s $out/$label.pcs ]]; then
			passed=$((passed + 1))
		else
			log "$kernel: $label: no trace taken ($out)"
			failed=$((failed + 1))
		fi
	done <"$work/calls"
	port=$((port + 1))
done
record_result "trace-call-$arch" "$passed" "$failed" "$skipped"
log "trace-call-$arch: $passed passed, $failed failed, $skipped skipped"
[[ $failed -eq 0 ]] || die "some calls were not traced as meant; no report"

# 4. The report.
report=$RESULTS_DIR/trace-call-$arch.md
python3 "$FUTEX2_REPO/tools/trace-report.py" --arch "$arch" --calls "$work/calls" --nm "${cross}nm" \
	--patched "$work/patched" "$(kernel_build_dir "$arch")/vmlinux" \
	--pristine "$work/pristine" "$(VARIANT=pristine kernel_build_dir "$arch")/vmlinux" \
	>"$report"
cat "$report"
log "report: $report"
