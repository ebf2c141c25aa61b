#!/bin/bash
# Boot the Debian 12 guest (tools/debian-image.sh) in QEMU: TCG, two NUMA
# nodes as everywhere, the kernel and initrd taken out of the image's own
# /boot, the image opened copy-on-write (snapshot=on: every boot starts
# from the installed system).
# Usage: tools/vm.sh ARCH [vm|test]
#   vm    (default) systemd to a login prompt on this terminal (root, no
#         password); KERNEL=pristine boots the pristine 6.1 kernel instead
#   test  boot the patched and the pristine kernel in turn, each running
#         tools/guest/debian/futex2-vm-test from a second disk made here;
#         KTAP on the console, counted as the layers vm-futex2-ARCH and
#         vm-pristine-ARCH; each kernel's boot time, perf bench futex and
#         stress-ng figures in the results directory (vm-bench-ARCH.txt).
#         VM_ONLY=futex2|pristine boots one; VM_EXTRA=DIR adds the
#         programs of DIR/list (the hook for suites built elsewhere).
#         VM_PERF_ONLY=yes: perf bench futex only (VM_PERF_REPEATS times),
#         on the instruction clock with the bench guest's CPUs, layers
#         vm-perf-FLAVOUR-ARCH (tools/vm-perf.sh interleaves such boots).
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
mode=${2:-vm}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '${arch}'; one of: $(selftest_arches | xargs)"
[[ $mode == vm || $mode == test ]] || die "unknown mode '$mode' (vm or test)"
perf_only=${VM_PERF_ONLY:-no}
[[ $perf_only == yes || $perf_only == no ]] || die "VM_PERF_ONLY must be yes or no, not '$perf_only'"
[[ $mode == test || $perf_only == no ]] || die "VM_PERF_ONLY=yes needs mode test"
kernel=${KERNEL:-futex2}
[[ $kernel == futex2 || $kernel == pristine ]] ||
	die "unknown KERNEL '$kernel' (futex2 or pristine)"

"$FUTEX2_REPO/tools/deps.sh" "$arch"
"$FUTEX2_REPO/tools/deps.sh" debian
image=$("$FUTEX2_REPO/tools/debian-image.sh" "$arch")
work=$BUILD_ROOT/vm-$arch
mkdir -p "$work" "$LOG_DIR" "$RESULTS_DIR"

# boot_files FLAVOUR: the kernel and initrd of the image's /boot, copied
# out with debugfs (the image is not mounted); sets vmlinuz and initrd.
boot_files() {
	local rel
	rel=$(debugfs -R 'ls -p /boot' "$image" 2>/dev/null | awk -F/ '$6 ~ /^vmlinuz-/ { print substr($6, 9) }' |
		grep -- "-$1\$" | head -n 1)
	[[ -n $rel ]] || die "no /boot/vmlinuz-*-$1 in $image"
	vmlinuz=$work/vmlinuz-$rel
	initrd=$work/initrd.img-$rel
	rm -f "$vmlinuz" "$initrd"
	debugfs -R "dump /boot/vmlinuz-$rel $vmlinuz" "$image" >/dev/null 2>&1
	debugfs -R "dump /boot/initrd.img-$rel $initrd" "$image" >/dev/null 2>&1
	[[ -s $vmlinuz && -s $initrd ]] || die "cannot copy the kernel and initrd of $rel out of $image"
}

# boot_args FLAVOUR [EXTRA_CMDLINE] [DISK...]: sets boot, tools/boot.sh's
# options for that kernel: the image copy-on-write as the root, the test
# disk read-only; the measuring machine for the perf-only boots (the
# instruction clock, as many CPUs as it allows, as tools/bench.sh).
boot_args() {
	local flavour=$1 extra=${2:-} disk
	shift 2 || shift
	boot_files "$flavour"
	boot=(--initrd "$initrd" --disk "$image" --append "root=LABEL=futex2-root rw $extra")
	for disk in "$@"; do
		boot+=(--disk "$disk")
	done
	[[ $perf_only == yes ]] && boot+=(--measure)
	return 0
}

if [[ $mode == vm ]]; then
	boot_args "$kernel"
	log "booting $(basename "$vmlinuz") (log in as root, no password; poweroff to leave)"
	exec "$FUTEX2_REPO/tools/boot.sh" "$arch" "$vmlinuz" - "${boot[@]}" --interactive
fi

# The test disk: the selftests built here, dynamically linked against
# Debian's glibc (native, and the compat ABI where the root has its
# multiarch libc), the sources compiled in the guest, the lists, budgets.
tests=$work/tests
rm -rf "$tests"
mkdir -p "$tests/bin" "$tests/src"
cross=$(arch_field "$arch" cross)
[[ $cross == - ]] && cross=
# build_tests FLAVOUR TREE ABI KERNEL_ARCH CROSS_PREFIX [CFLAGS]: TREE's
# futex selftests against TREE's uapi headers, into bin/FLAVOUR/ABI.
build_tests() {
	local flavour=$1 tree=$2 abi=$3 out=$work/bin/$1/$3
	local hdr=$work/headers-$flavour-$abi
	make -s -C "$tree" O="$work/hdr-build-$flavour-$abi" ARCH="$4" \
		INSTALL_HDR_PATH="$hdr" headers_install
	mkdir -p "$out"
	CFLAGS="${6:-}" make -s -C "$tree/tools/testing/selftests/futex/functional" \
		OUTPUT="$out" CROSS_COMPILE="$5" KHDR_INCLUDES="-isystem $hdr/include"
	# Built in the cache (incremental), copied onto this run's disk.
	mkdir -p "$tests/bin/$flavour"
	rm -rf "${tests:?}/bin/$flavour/$abi"
	cp -a "$out" "$tests/bin/$flavour/$abi"
	find "$tests/bin/$flavour/$abi" -type f ! -perm -u+x -delete
}
# The programs each kernel runs (bin/FLAVOUR/ABI/list), in its run.sh's
# order: the patched kernel all of ours; pristine 6.1 its own selftests,
# and our robust-futex test (legacy calls only). 6.1's own futex_wait and
# futex_requeue cannot pass on a 32-bit ABI on any kernel (built with
# 64-bit time_t, they hand it to the 32-bit time futex(): every wait times
# out at once; without it futex_waitv misreads its timeout): visible SKIPs
# in pristine's compat list, as docs/debian-guest.md says.
run_list() {
	sed -n 's/^\.\/\(futex[^ ]*\)\(.*\)$/\1\2/p' "$1/tools/testing/selftests/futex/functional/run.sh" |
		sed 's/ *\$COLOR//'
}
abis=("$arch:$(arch_field "$arch" kunit_arch):$cross:")
compat=$(arch_field "$arch" compat)
if [[ $compat != - ]] && grep -qE "^libc6:$compat( |$)" "$FUTEX2_REPO/tools/guest/debian/packages"; then
	abis+=("$compat:$(arch_field "$arch" compat_hdr_arch):$(arch_field "$arch" compat_cross):-D_TIME_BITS=64 -D_FILE_OFFSET_BITS=64")
fi
: >"$LOG_DIR/vm-$arch.tests.log"
[[ $perf_only == yes ]] && abis=()
for a in "${abis[@]}"; do
	IFS=: read -r abi karch abi_cross cflags <<<"$a"
	log "building the selftests: $abi (dynamic), patched and pristine"
	{ build_tests futex2 "$TREE_DIR" "$abi" "$karch" "$abi_cross" "$cflags" &&
	  build_tests pristine "$PRISTINE_DIR" "$abi" "$karch" "$abi_cross" "$cflags"; } \
		>>"$LOG_DIR/vm-$arch.tests.log" 2>&1 ||
		die "building the $abi selftests failed: $LOG_DIR/vm-$arch.tests.log"
	cp "$tests/bin/futex2/$abi/futex_robust" "$tests/bin/pristine/$abi/"
	run_list "$TREE_DIR" >"$tests/bin/futex2/$abi/list"
	{ run_list "$PRISTINE_DIR"; echo futex_robust; } |
		if [[ $abi == "$arch" ]]; then cat; else
			sed -E 's/^(futex_(wait|requeue)( .*)?)$/!skip \1 -- 6.1'"'"'s own test cannot pass on a 32-bit ABI: one time_t for futex() and futex_waitv()/'
		fi \
		>"$tests/bin/pristine/$abi/list"
done
if [[ $perf_only == no ]]; then
	"$FUTEX2_REPO/tools/man-examples.sh" "$tests/src" >/dev/null
	cp "$FUTEX2_REPO/tools/guest/debian/futex2-hello.c" "$tests/src/"
	cp -r "$FUTEX2_REPO/tools/guest/debian/hello-module" "$tests/src/"
fi
# The hook for other suites (glibc's tests, perf bench ratios): a
# directory with a "list" of "PROGRAM ARGS" lines and the programs,
# run after the rest on both kernels and counted with them.
if [[ -n ${VM_EXTRA:-} ]]; then
	[[ -f $VM_EXTRA/list ]] || die "VM_EXTRA=$VM_EXTRA has no file 'list' of programs to run"
	mkdir -p "$tests/extra"
	cp -a "$VM_EXTRA/." "$tests/extra/"
fi
cat >"$tests/conf" <<CONF
TEST_TIMEOUT=$SELFTEST_TEST_TIMEOUT
FUTEX2_NUMA_NODES=$(load_machine "$arch" && echo "$NODES")
PERF_SECONDS=$VM_PERF_SECONDS
STRESS_SECONDS=$VM_STRESS_SECONDS
PERF_ONLY=$perf_only
PERF_REPEATS=${VM_PERF_REPEATS:-1}
CONF
rm -f "$work/tests.ext4"
mke2fs -q -t ext4 -L futex2-tests -d "$tests" "$work/tests.ext4" \
	"$(( $(du -sm "$tests" | cut -f1) * 2 + 64 ))M" >&2 || die "mke2fs -d failed"

status=0
bench_txt=$RESULTS_DIR/vm-bench-$arch.txt
[[ $perf_only == yes ]] && bench_txt=$RESULTS_DIR/vm-perf-bench-$arch.txt
: >"$bench_txt"
for flavour in futex2 pristine; do
	[[ -n ${VM_ONLY:-} && $VM_ONLY != "$flavour" ]] && continue
	layer=vm-$flavour-$arch
	[[ $perf_only == yes ]] && layer=vm-perf-$flavour-$arch
	boot_args "$flavour" "futex2.vmtest=1" "$work/tests.ext4"
	console=$LOG_DIR/$layer.console
	start=$(date +%s)
	"$FUTEX2_REPO/tools/boot.sh" "$arch" "$vmlinuz" "$console" "${boot[@]}" \
		--timeout "$VM_BOOT_TIMEOUT" || true
	elapsed=$(($(date +%s) - start))
	# The one reader's verdict, recorded as this layer.
	vrc=0
	python3 "$FUTEX2_REPO/tools/verdict.py" "$console" --layer "$layer" \
		--done FUTEX2-VM-TEST-DONE --record "$RESULTS_DIR" >&2 || vrc=1
	# What the people who run it want to read: the boot time, perf bench.
	{
		echo "== $flavour ($(basename "$vmlinuz"), guest exit after ${elapsed}s)"
		grep -a '^    boot: ' "$console" | sed 's/^    //'
		awk '/^# perf bench futex / { what = "perf " $5; next }
		     /^# stress-ng / { what = "stress-ng " substr($3, 3); next }
		     /^(ok|not ok) / { what = "" }
		     what ~ /^perf/ && /^    (Averaged|Wokeup|Avg per-thread|Requeued)/ {
			sub(/^    /, ""); print what ": " $0 }
		     what ~ /^stress-ng/ && / (futex|mutex|pthread|sem) +[0-9]/ {
			sub(/.*\] /, ""); print what ": " $0 }' "$console"
	} | tr -d '\r' >>"$bench_txt"
	log "$layer: ${elapsed}s"
	[[ $vrc -eq 0 ]] || status=1
done
cat "$bench_txt" >&2
exit "$status"
