# shellcheck shell=bash
# One place for the paths, versions and QEMU command lines every tool uses.
# Sourced by the scripts in tools/; not run on its own.

FUTEX2_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The pinned base tree: Debian's linux-source-6.1 package.
LINUX_PKG=linux-source-6.1
LINUX_PKG_VERSION=6.1.192-3
LINUX_TARBALL=/usr/src/linux-source-6.1.tar.xz
LINUX_TOPDIR=linux-source-6.1

# Everything built or extracted lives here, outside the repository, and is
# kept between runs so that rebuilds are incremental.
FUTEX2_CACHE=${FUTEX2_CACHE:-/var/cache/futex2}
PRISTINE_DIR=$FUTEX2_CACHE/pristine/$LINUX_TOPDIR	# never modified
TREE_DIR=$FUTEX2_CACHE/tree/$LINUX_TOPDIR		# pristine + overlay
BUILD_ROOT=$FUTEX2_CACHE/build
LOG_DIR=$FUTEX2_CACHE/logs
# Per-layer pass/fail counts of the last run, summed by tools/summary.sh.
RESULTS_DIR=${FUTEX2_RESULTS:-$FUTEX2_CACHE/results}

OVERLAY_DIR=$FUTEX2_REPO/kernel-overlay
PRISTINE_SUMS=$FUTEX2_REPO/tools/pristine.sha256
ARCH_MATRIX=$FUTEX2_REPO/arch-matrix
KUNITCONFIG=$FUTEX2_REPO/kunitconfig

JOBS=${JOBS:-$(nproc)}

# Time limit for one KUnit boot, in seconds (QEMU TCG; arm64 is slow).
KUNIT_TIMEOUT=${KUNIT_TIMEOUT:-900}

# Two NUMA nodes, one CPU and one memory backend each, each node its own
# socket (x86's scheduler topology check warns otherwise). kunit.py fixes
# the memory at 1024M, so the backends add up to that. Always TCG: KVM
# hangs on these machines.
QEMU_NUMA_ARGS="-accel tcg -smp 2,sockets=2,cores=1,threads=1 \
-object memory-backend-ram,id=mem0,size=512M \
-object memory-backend-ram,id=mem1,size=512M \
-numa node,nodeid=0,cpus=0,memdev=mem0 \
-numa node,nodeid=1,cpus=1,memdev=mem1"
NUMA_NODES=2

die() {
	echo "${0##*/}: error: $*" >&2
	exit 1
}

log() {
	echo "${0##*/}: $*" >&2
}

# arch_field ARCH KEY: a key=value field of ARCH's "arch" row in arch-matrix.
arch_field() {
	awk -v arch="$1" -v key="$2" '
		$1 == "arch" && $2 == arch {
			for (i = 3; i <= NF; i++) {
				n = index($i, "=")
				if (substr($i, 1, n - 1) == key) {
					print substr($i, n + 1); found = 1
				}
			}
		}
		END { exit !found }' "$ARCH_MATRIX"
}

# kunit_arches: the architectures whose KUnit run is part of the flow.
kunit_arches() {
	awk '$1 == "arch" && / kunit=yes/ { print $2 }' "$ARCH_MATRIX"
}

# check_arch ARCH: fail clearly unless ARCH is a KUnit arch of the matrix.
check_arch() {
	local arch=$1

	[[ -n $arch ]] || die "no architecture given; one of: $(kunit_arches | xargs)"
	kunit_arches | grep -qx -- "$arch" ||
		die "unknown or unsupported ARCH '$arch'; one of: $(kunit_arches | xargs)"
}

# record_result LAYER PASSED FAILED: counts for tools/summary.sh.
record_result() {
	mkdir -p "$RESULTS_DIR"
	echo "$2 $3" >"$RESULTS_DIR/$1.counts"
}
