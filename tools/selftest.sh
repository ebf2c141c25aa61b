#!/bin/bash
# Boot the overlaid kernel for ARCH in QEMU (TCG, two NUMA nodes, two CPUs)
# and run the futex selftests from userspace, native and compat, in one
# boot. Prints the guest's KTAP; fails on a failed test, a kernel warning or
# oops on the console, or a guest that does not finish in time.
# Usage: tools/selftest.sh ARCH [shell]   ("shell": boot to an interactive shell)
#
# SUITE=stress runs tools/guest/stress.list instead (native ABI only, with
# Debian's stress-ng and trinity in the guest): see tools/stress.sh.
# SUITE=bench runs tools/guest/futex2_bench.c on QEMU's instruction clock:
# see tools/bench.sh.
# SUITE=oracle runs the futex selftests of Debian's 6.12, unmodified, and
# the differential tracer tools/guest/futex_trace.c (the same binaries on
# every kernel): see tools/oracle.sh.
# ONLY=REGEX runs just the list's programs that match REGEX.
# SUITE=list runs the programs of the file GUEST_LIST, with the extra
# initramfs entries (usr/gen_init_cpio lines) of the file GUEST_FILES and
# results named GUEST_NAME: the hook for suites built elsewhere (the glibc
# tests, tools/glibc-test.sh).
# RECORD=no: print the verdict, record nothing (a boot of a comparison).
# VARIANT=debug boots the debug kernel (tools/kconfig/debug.config);
# VARIANT=pristine the untouched 6.1 kernel (for the benchmark and the
# legacy oracle), VARIANT=mainline Debian's 6.12 (the futex2 oracle).
set -euo pipefail
. "$(dirname "$0")/env.sh"

SUITE=${SUITE:-selftest}
[[ $SUITE =~ ^(selftest|stress|bench|oracle|list)$ ]] ||
	die "unknown SUITE '$SUITE' (selftest, stress, bench, oracle or list)"
if [[ $SUITE == list ]]; then
	[[ -f ${GUEST_LIST:-} && -f ${GUEST_FILES:-} && -n ${GUEST_NAME:-} ]] ||
		die "SUITE=list needs the files GUEST_LIST and GUEST_FILES and a GUEST_NAME"
fi
name=${GUEST_NAME:-$SUITE}${VARIANT:+-$VARIANT}
arch=${1:-}
mode=${2:-test}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
[[ $mode == test || $mode == shell ]] || die "unknown mode '$mode' (test or shell)"

"$FUTEX2_REPO/tools/deps.sh" "$arch"
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
if [[ $VARIANT == mainline || $SUITE == oracle ]]; then
	"$FUTEX2_REPO/tools/ref-tree.sh" >/dev/null
fi

build_dir=$(kernel_build_dir "$arch")
work=$BUILD_ROOT/$name-$arch
# The test programs: the oracle's are built once for every kernel.
tests=$work/tests
[[ $SUITE == oracle ]] && tests=$BUILD_ROOT/oracle-tests-$arch
mkdir -p "$work" "$LOG_DIR"

# 1. The kernel: the KUnit kernel (incremental if already built).
log "building the kernel"
kunit_py "$arch" build >"$LOG_DIR/$name-$arch.build.log" 2>&1 ||
	{ tail -n 30 "$LOG_DIR/$name-$arch.build.log" >&2; die "kernel build failed"; }
# The machine, image and console of kunit.py's own qemu_configs/ARCH.py.
eval "$(python3 "$FUTEX2_REPO/tools/qemu-params.py" "$TREE_DIR" "$(arch_field "$arch" kunit_arch)")"
image=$build_dir/$QEMU_IMAGE
[[ -f $image ]] || die "no kernel image $image"

# 2. The tests, static, per ABI, against the overlay's own uapi headers.
install_headers() {	# ABI KERNEL_ARCH [TREE]: into $work/headers-ABI
	make -s -C "${3:-$TREE_DIR}" O="$work/hdr-build-$1" ARCH="$2" \
		INSTALL_HDR_PATH="$work/headers-$1" headers_install
}
# fresh_for_headers ABI DIR: the test binaries in DIR were built against
# the installed headers of ABI as they are now; if the headers changed (a
# syscall number, a flag), DIR goes and everything in it is rebuilt. make
# alone would not see it: the programs do not depend on the headers.
fresh_for_headers() {
	local sum
	sum=$(cd "$work/headers-$1" && find . -type f -print0 | sort -z |
		xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
	if [[ ! -f $2/.headers.sha256 || $(cat "$2/.headers.sha256") != "$sum" ]]; then
		[[ -d $2 ]] && log "the $1 headers changed: rebuilding $2"
		rm -rf "$2"
		mkdir -p "$2"
		echo "$sum" >"$2/.headers.sha256"
	fi
}
build_abi() {	# ABI KERNEL_ARCH CROSS_PREFIX [EXTRA_CFLAGS]
	local abi=$1 karch=$2 cross=$3 cflags=${4:-}
	local hdr=$work/headers-$abi out=$tests/$abi

	if [[ $SUITE == oracle ]]; then
		# 6.12's own selftests against 6.12's headers, and the tracer.
		# 6.12's futextest.h passes a struct timespec to futex(), which
		# on a 32-bit ABI takes the 32-bit time one, and to
		# futex_waitv(), which takes the 64-bit one on every ABI. So
		# each program is built as upstream builds it (the C library's
		# default time_t), except the ones calling futex_waitv(), built
		# with EXTRA_CFLAGS (64-bit time_t on 32-bit ABIs). Built with
		# one time_t, futex_wait and futex_requeue (legacy timeouts
		# read as zero) or futex_waitv (hangs) fail on every kernel.
		local src=$MAINLINE_DIR/tools/testing/selftests/futex/functional
		local prog waitv=()
		install_headers "$abi" "$karch" "$MAINLINE_DIR"
		fresh_for_headers "$abi" "$out"
		CFLAGS=-static LDFLAGS=-static \
		make -s -C "$src" OUTPUT="$out" CROSS_COMPILE="$cross" \
			KHDR_INCLUDES="-isystem $hdr/include"
		if [[ -n $cflags ]]; then
			# Those programs again, as lib.mk's own $(OUTPUT)/PROG targets.
			for prog in $(grep -l 'futex_waitv(' "$src"/*.c); do
				waitv+=("$out/$(basename "$prog" .c)")
			done
			rm -f "${waitv[@]}"
			CFLAGS="-static $cflags" LDFLAGS=-static \
			make -s -C "$src" OUTPUT="$out" CROSS_COMPILE="$cross" \
				KHDR_INCLUDES="-isystem $hdr/include" "${waitv[@]}"
		fi
		"${cross}gcc" -O2 -Wall -Werror -static $cflags -isystem "$hdr/include" \
			-o "$out/futex_trace" "$FUTEX2_REPO/tools/guest/futex_trace.c"
		return
	fi
	install_headers "$abi" "$karch"
	fresh_for_headers "$abi" "$out"
	# CFLAGS/LDFLAGS from the environment: the Makefile appends to them.
	CFLAGS="-static $cflags" LDFLAGS=-static \
	make -s -C "$TREE_DIR/tools/testing/selftests/futex/functional" \
		OUTPUT="$out" CROSS_COMPILE="$cross" \
		KHDR_INCLUDES="-isystem $hdr/include"
	# The manual pages' example programs, as the pages show them.
	local ex
	for ex in $("$FUTEX2_REPO/tools/man-examples.sh" "$work/man-examples"); do
		"${cross}gcc" -Wall -Werror -static -pthread $cflags -isystem "$hdr/include" \
			-o "$out/$ex" "$work/man-examples/$ex.c"
	done
}
cross=$(arch_field "$arch" cross)
[[ $cross == - ]] && cross=
if [[ $SUITE == bench ]]; then
	log "building the benchmark: $arch"
	install_headers "$arch" "$(arch_field "$arch" kunit_arch)"
	bench=$tests/$arch/futex2_bench
	fresh_for_headers "$arch" "$tests/$arch"
	# Once per change, not once per boot (tools/bench.sh boots many times).
	if [[ ! -x $bench || -n $(find "$FUTEX2_REPO/tools/guest/futex2_bench.c" \
			"$OVERLAY_DIR/tools/testing/selftests/futex/include" \
			-newer "$bench" -print -quit) ]]; then
		"${cross}gcc" -O2 -Wall -static -isystem "$work/headers-$arch/include" \
			-I "$OVERLAY_DIR/tools/testing/selftests/futex/include" \
			-o "$bench" "$FUTEX2_REPO/tools/guest/futex2_bench.c" -lpthread
	fi
elif [[ $SUITE != list ]]; then
	log "building the selftests: $arch"
	build_abi "$arch" "$(arch_field "$arch" kunit_arch)" "$cross"
fi
compat=$(arch_field "$arch" compat)
if [[ $compat != - && ($SUITE == selftest || $SUITE == oracle) ]]; then
	log "building the selftests: $compat (compat, 64-bit time_t)"
	build_abi "$compat" "$(arch_field "$arch" compat_hdr_arch)" \
		"$(arch_field "$arch" compat_cross)" "-D_TIME_BITS=64 -D_FILE_OFFSET_BITS=64"
fi

# 3. busybox for the guest's architecture, from Debian.
deb_arch=$(arch_field "$arch" deb_arch)
busybox=$FUTEX2_CACHE/busybox-$deb_arch/bin/busybox
if [[ ! -x $busybox ]]; then
	if ! grep -qx "$deb_arch" <<<"$(dpkg --print-architecture; dpkg --print-foreign-architectures)"; then
		dpkg --add-architecture "$deb_arch"
		apt-get -o DPkg::Lock::Timeout=600 update -qq
	fi
	tmp=$(mktemp -d)
	(cd "$tmp" && apt-get download -q "busybox-static:$deb_arch" >/dev/null 2>&1) ||
		die "cannot download busybox-static:$deb_arch"
	dpkg-deb -x "$tmp"/busybox-static_*.deb "$FUTEX2_CACHE/busybox-$deb_arch"
	rm -rf "$tmp"
fi

# 4. What the guest runs, and the initramfs (the tree's own usr/gen_init_cpio).
# run_sh_programs TREE: the program lines of TREE's futex run.sh, in order.
run_sh_programs() {
	sed -n 's/^\.\/\(futex[^ ]*\)\(.*\)$/\1\2/p' \
		"$1/tools/testing/selftests/futex/functional/run.sh" |
		sed 's/ *\$COLOR//'
}
if [[ $SUITE == list ]]; then
	cp "$GUEST_LIST" "$work/list"
elif [[ $SUITE == bench ]]; then
	echo "futex2_bench -n $BENCH_ITERS -r $BENCH_REPEATS" >"$work/list"
elif [[ $SUITE == oracle ]]; then
	if [[ -n ${ORACLE_REPLAY:-} ]]; then
		# One chunk of one trace, every call printed: ABI SEED CHUNK.
		read -r t_abi t_seed t_chunk <<<"$ORACLE_REPLAY"
		echo "futex_trace -a $t_abi -s $t_seed -k $t_chunk -v" >"$work/list"
	else
		# 6.12's run.sh order, then the traces this kernel is compared on.
		# 6.12's futex_wait and futex_requeue give their waiters 10 ms
		# (WAKE_WAIT_US) to block, which a TCG guest now and then
		# misses on every kernel: each runs three times, and
		# tools/oracle-compare.py takes its first run that passes.
		run_sh_programs "$MAINLINE_DIR" |
			awk '{ print } /^futex_(wait|requeue)$/ { print; print }' >"$work/list"
		[[ $VARIANT != mainline ]] &&
			echo "futex_trace -a legacy -s $ORACLE_SEED -n $ORACLE_CALLS" >>"$work/list"
		[[ $VARIANT != pristine ]] &&
			echo "futex_trace -a futex2 -s $ORACLE_SEED -n $ORACLE_CALLS" >>"$work/list"
	fi
elif [[ $SUITE == selftest ]]; then
	# The programs in the order of upstream's run.sh (which lists ours too).
	run_sh_programs "$TREE_DIR" >"$work/list"
	# Then the manual pages' examples (built next to the tests).
	"$FUTEX2_REPO/tools/man-examples.sh" "$work/man-examples" >>"$work/list"
else
	# The stress list, with this run's budgets filled in.
	sed -e "s/@STRESS_SECONDS@/$STRESS_SECONDS/g" -e "s/@FUZZ_SECONDS@/$FUZZ_SECONDS/g" \
	    -e "s/@FUZZ_SEED@/$FUZZ_SEED/g" -e "s/@REAL_SECONDS@/$REAL_SECONDS/g" \
	    -e '/^#/d' -e '/^$/d' "$FUTEX2_REPO/tools/guest/stress.list" >"$work/list"
fi
# STRESS_ONLY (tools/stress.sh) or ONLY (a developer's rerun of one
# program): keep the list lines that match the regular expression.
only=${STRESS_ONLY:-${ONLY:-}}
if [[ -n $only ]]; then
	grep -E -e "$only" "$work/list" >"$work/list.only" ||
		die "no program in the $SUITE list matches '$only'"
	mv "$work/list.only" "$work/list"
fi
{
	echo "dir /bin 755 0 0"
	echo "dir /proc 755 0 0"
	echo "dir /sys 755 0 0"
	echo "dir /dev 755 0 0"
	echo "dir /tmp 1777 0 0"
	echo "dir /etc 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /bin/busybox $busybox 755 0 0"
	echo "file /init $FUTEX2_REPO/tools/guest/init 755 0 0"
	echo "dir /lib 755 0 0"
	echo "file /lib/ktap-run.sh $FUTEX2_REPO/tools/guest/ktap-run.sh 644 0 0"
	echo "file /etc/selftest.conf $work/selftest.conf 644 0 0"
	echo "dir /tests 755 0 0"
	echo "file /tests/list $work/list 644 0 0"
	# Host programs the list names by absolute path, with their libraries.
	hostfiles=()
	for prog in $(awk '$1 ~ /^\// { print $1 }' "$work/list" | sort -u); do
		[[ -x $prog ]] || die "$prog (named in the stress list) is not installed"
		hostfiles+=("$prog" $(ldd "$prog" 2>/dev/null | grep -o '/[^ ]*' || true))
	done
	if [[ ${#hostfiles[@]} -gt 0 ]]; then
		for f in "${hostfiles[@]}"; do
			d=$(dirname "$f")
			while [[ $d != / ]]; do echo "$d"; d=$(dirname "$d"); done
		done | sort -u | grep -vxE '/(bin|tmp|etc|dev|proc|sys|tests|lib)' |
			sed 's/.*/dir & 755 0 0/'
		printf '%s\n' "${hostfiles[@]}" | sort -u | while read -r f; do
			echo "file $f $(readlink -f "$f") 755 0 0"
		done
	fi
	[[ $SUITE == list ]] && cat "$GUEST_FILES"
	for dir in "$tests"/*/; do
		[[ -d $dir ]] || continue
		abi=$(basename "$dir")
		echo "dir /tests/$abi 755 0 0"
		for f in "$dir"*; do
			[[ -f $f && -x $f ]] && echo "file /tests/$abi/$(basename "$f") $f 755 0 0"
		done
	done
} >"$work/initramfs.list"
cat >"$work/selftest.conf" <<CONF
MODE=$mode
TEST_TIMEOUT=$SELFTEST_TEST_TIMEOUT
FUTEX2_NUMA_NODES=$NUMA_NODES
CONF
"$build_dir/usr/gen_init_cpio" "$work/initramfs.list" >"$work/initramfs.cpio"

# 5. Boot. The benchmark runs on the instruction clock, with the CPUs it
# allows (arch-matrix: bench_cpus).
numa_args=$QEMU_NUMA_ARGS
[[ $SUITE == bench ]] && numa_args=$(qemu_numa_args "$(arch_field "$arch" bench_cpus)")
# shellcheck disable=SC2206
qemu=("$QEMU" -nodefaults -m 1024 $QEMU_MACHINE
      $numa_args -kernel "$image" -initrd "$work/initramfs.cpio"
      -append "$QEMU_CMDLINE kunit.enable=0 $GUEST_CMDLINE_EXTRA rdinit=/init"
      -no-reboot -nographic -serial stdio)
if [[ $mode == shell ]]; then
	exec "${qemu[@]}"
fi
if [[ $SUITE == bench || $(arch_field "$arch" icount) == yes ]]; then
	# shellcheck disable=SC2206
	qemu+=($QEMU_ICOUNT_ARGS)
fi

console=$LOG_DIR/$name-$arch.console
boot_guest "$console" "$SELFTEST_BOOT_TIMEOUT" "${qemu[@]}"
elapsed=$GUEST_ELAPSED

echo "$arch boot: ${elapsed}s" >"$LOG_DIR/$name-$arch.time"
# The verdict is the one reader's (tools/verdict.py). A boot that is part of
# a comparison (the oracle, the bench, glibc: RECORD=no) records nothing:
# the comparison's verdict is the layer's.
record=record
[[ ${RECORD:-yes} == no ]] && record=
guest_verdict "$console" "$name-$arch" FUTEX2-SELFTESTS-DONE $record
