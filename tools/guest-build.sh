#!/bin/bash
# Build the programs a guest runs, static, one build step per ABI, into
# OUT/ABI/ (ABI: the arch's own name, or its compat ABI's). Each step's
# inputs include the ABI's installed uapi headers (make headers_install of
# the tree the programs are for): when they change (a syscall number, a
# flag), OUT/ABI is rebuilt from scratch, since the programs' makefiles do
# not depend on them.
# Usage: tools/guest-build.sh BUILD ARCH OUT native|compat...
#   BUILD selftests  the overlay's futex selftests and the manual pages'
#                    example programs, against the overlay's headers
#         mainline   Debian 6.12's futex selftests, unmodified, against
#                    6.12's headers, and tools/guest/futex_trace.c (the
#                    oracle's programs, one build for three kernels)
#         bench      tools/guest/futex2_bench.c
# Compat programs use 64-bit time_t (-D_TIME_BITS=64): the futex2 calls
# and futex_waitv always take a 64-bit __kernel_timespec.
set -euo pipefail
. "$(dirname "$0")/env.sh"

[[ $# -ge 4 ]] || die "usage: tools/guest-build.sh selftests|mainline|bench ARCH OUT native|compat..."
build=$1 arch=$2 out=$3
shift 3
[[ $build =~ ^(selftests|mainline|bench)$ ]] || die "unknown build '$build' (selftests, mainline or bench)"
mkdir -p "$out"
hdr_root=$out/.headers

install_headers() {	# ABI KERNEL_ARCH TREE: into $hdr_root/ABI
	make -s -C "$3" O="$hdr_root/build-$1" ARCH="$2" \
		INSTALL_HDR_PATH="$hdr_root/$1" headers_install
}
# fresh_for_headers ABI DIR: DIR's programs were built against ABI's
# headers as they are now; if not, DIR goes and is rebuilt.
fresh_for_headers() {
	local sum
	sum=$(cd "$hdr_root/$1" && find . -type f -print0 | sort -z |
		xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
	if [[ ! -f $2/.headers.sha256 || $(cat "$2/.headers.sha256") != "$sum" ]]; then
		[[ -d $2 ]] && log "the $1 headers changed: rebuilding $2"
		rm -rf "$2"
		mkdir -p "$2"
		echo "$sum" >"$2/.headers.sha256"
	fi
}

build_selftests() {	# ABI DIR CROSS CFLAGS
	local hdr=$hdr_root/$1 dir=$2 cross=$3 cflags=$4 ex
	# CFLAGS/LDFLAGS from the environment: the Makefile appends to them.
	CFLAGS="-static $cflags" LDFLAGS=-static \
	make -s -C "$TREE_DIR/tools/testing/selftests/futex/functional" \
		OUTPUT="$dir" CROSS_COMPILE="$cross" KHDR_INCLUDES="-isystem $hdr/include"
	# The manual pages' example programs, as the pages show them.
	for ex in $("$FUTEX2_REPO/tools/man-examples.sh" "$out/.man-examples"); do
		"${cross}gcc" -Wall -Werror -static -pthread $cflags -isystem "$hdr/include" \
			-o "$dir/$ex" "$out/.man-examples/$ex.c"
	done
}

build_mainline() {	# ABI DIR CROSS CFLAGS
	# 6.12's futextest.h passes a struct timespec to futex(), which on a
	# 32-bit ABI takes the 32-bit time one, and to futex_waitv(), which
	# takes the 64-bit one on every ABI. So each program is built as
	# upstream builds it (the C library's default time_t), except the ones
	# calling futex_waitv(), built with CFLAGS (64-bit time_t on 32-bit
	# ABIs). Built with one time_t, futex_wait and futex_requeue (legacy
	# timeouts read as zero) or futex_waitv (hangs) fail on every kernel.
	local hdr=$hdr_root/$1 dir=$2 cross=$3 cflags=$4 prog waitv=()
	local src=$MAINLINE_DIR/tools/testing/selftests/futex/functional
	CFLAGS=-static LDFLAGS=-static \
	make -s -C "$src" OUTPUT="$dir" CROSS_COMPILE="$cross" KHDR_INCLUDES="-isystem $hdr/include"
	if [[ -n $cflags ]]; then
		# Those programs again, as lib.mk's own $(OUTPUT)/PROG targets.
		for prog in $(grep -l 'futex_waitv(' "$src"/*.c); do
			waitv+=("$dir/$(basename "$prog" .c)")
		done
		rm -f "${waitv[@]}"
		CFLAGS="-static $cflags" LDFLAGS=-static \
		make -s -C "$src" OUTPUT="$dir" CROSS_COMPILE="$cross" \
			KHDR_INCLUDES="-isystem $hdr/include" "${waitv[@]}"
	fi
	"${cross}gcc" -O2 -Wall -Werror -static $cflags -isystem "$hdr/include" \
		-o "$dir/futex_trace" "$FUTEX2_REPO/tools/guest/futex_trace.c"
}

build_bench() {	# ABI DIR CROSS CFLAGS
	local hdr=$hdr_root/$1 dir=$2 cross=$3 cflags=$4
	local src=$FUTEX2_REPO/tools/guest/futex2_bench.c
	local inc=$OVERLAY_DIR/tools/testing/selftests/futex/include
	# Once per change, not once per boot (tools/bench.sh boots many times).
	if [[ ! -x $dir/futex2_bench || -n $(find "$src" "$inc" -newer "$dir/futex2_bench" -print -quit) ]]; then
		"${cross}gcc" -O2 -Wall -static $cflags -isystem "$hdr/include" -I "$inc" \
			-o "$dir/futex2_bench" "$src" -lpthread
	fi
}

tree=$TREE_DIR
[[ $build == mainline ]] && tree=$MAINLINE_DIR
for kind in "$@"; do
	case $kind in
	native)
		abi=$arch
		karch=$(arch_field "$arch" kunit_arch)
		cross=$(arch_field "$arch" cross)
		[[ $cross == - ]] && cross=
		cflags=
		;;
	compat)
		abi=$(arch_field "$arch" compat)
		[[ $abi != - ]] || die "$arch has no compat ABI"
		karch=$(arch_field "$arch" compat_hdr_arch)
		cross=$(arch_field "$arch" compat_cross)
		cflags="-D_TIME_BITS=64 -D_FILE_OFFSET_BITS=64"
		;;
	*) die "unknown ABI kind '$kind' (native or compat)" ;;
	esac
	log "building the $build programs: $abi"
	install_headers "$abi" "$karch" "$tree"
	fresh_for_headers "$abi" "$out/$abi"
	"build_$build" "$abi" "$out/$abi" "$cross" "$cflags"
done
