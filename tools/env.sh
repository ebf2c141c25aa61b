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
# Per-layer pass/fail counts of the last run, summed by tools/summary.py.
RESULTS_DIR=${FUTEX2_RESULTS:-$FUTEX2_CACHE/results}

# The mainline reference: Debian's Linux 6.12 (mainline's futex2, U32 only,
# no NUMA), extracted untouched by tools/ref-tree.sh; VARIANT=mainline.
MAINLINE_PKG=linux-source-6.12
MAINLINE_PKG_VERSION=6.12.118-1~deb12u1
MAINLINE_TARBALL=/usr/src/linux-source-6.12.tar.xz
MAINLINE_TOPDIR=linux-source-6.12
MAINLINE_DIR=$FUTEX2_CACHE/mainline/$MAINLINE_TOPDIR

# FUTEX2_OVERLAY: another copy of the overlay (tools/mutation.sh).
# glibc 2.36 and its nptl tests, from Debian's glibc-source
# (tools/glibc-build.sh), run in the guest by tools/glibc-test.sh.
GLIBC_DIR=$FUTEX2_CACHE/glibc

OVERLAY_DIR=${FUTEX2_OVERLAY:-$FUTEX2_REPO/kernel-overlay}
PRISTINE_SUMS=$FUTEX2_REPO/tools/pristine.sha256
ARCH_MATRIX=$FUTEX2_REPO/arch-matrix
KUNITCONFIG=$FUTEX2_REPO/kunitconfig

JOBS=${JOBS:-$(nproc)}

# Time limit for one KUnit boot, in seconds (QEMU TCG; arm64 is slow).
KUNIT_TIMEOUT=${KUNIT_TIMEOUT:-900}
# Time limits for the selftest guest: the whole boot (wall clock) and one
# test program (guest clock).
SELFTEST_BOOT_TIMEOUT=${SELFTEST_BOOT_TIMEOUT:-1500}
SELFTEST_TEST_TIMEOUT=${SELFTEST_TEST_TIMEOUT:-300}
# Budgets of the stress stage (tools/stress.sh), in guest seconds.
STRESS_SECONDS=${STRESS_SECONDS:-60}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_SEED=${FUZZ_SEED:-20261203}
REAL_SECONDS=${REAL_SECONDS:-30}
# The benchmark (tools/bench.sh): boots per kernel (patched and pristine,
# interleaved), timed runs of each key per boot, and operations per run.
BENCH_BOOTS=${BENCH_BOOTS:-3}
BENCH_REPEATS=${BENCH_REPEATS:-5}
BENCH_ITERS=${BENCH_ITERS:-20000}
# tools/trace-call.sh: the limit for one kernel's boot and traces, seconds.
TRACE_TIMEOUT=${TRACE_TIMEOUT:-600}

# The Debian guest's test run (tools/vm.sh ARCH test): the time limit of
# one boot (wall clock), and the guest seconds of each timed perf bench
# and stress-ng case.
VM_BOOT_TIMEOUT=${VM_BOOT_TIMEOUT:-2400}
VM_PERF_SECONDS=${VM_PERF_SECONDS:-5}
VM_STRESS_SECONDS=${VM_STRESS_SECONDS:-10}

# The differential tracer of tools/oracle.sh: its seed, and calls per ABI
# (legacy, futex2) per kernel, in chunks of 10000.
ORACLE_SEED=${ORACLE_SEED:-20261204}
ORACLE_CALLS=${ORACLE_CALLS:-1000000}

# The QEMU machine of each booted arch, the one place it is described:
# tools/machines/ARCH (memory, NUMA nodes, CPUs, the instruction clock,
# the measuring guests' CPUs). load_machine ARCH sets KUNIT_ARCH,
# MEMORY_MB, NODES, CPUS, ICOUNT and BENCH_CPUS.
load_machine() {
	local f=$FUTEX2_REPO/tools/machines/$1
	[[ -f $f ]] || die "no QEMU machine description $f"
	# shellcheck disable=SC1090
	. "$f"
	[[ $NODES =~ ^[1-9]$ && $CPUS =~ ^[1-9]$ && $BENCH_CPUS =~ ^[1-9]$ &&
	   $MEMORY_MB =~ ^[1-9][0-9]*$ && $ICOUNT =~ ^(yes|no)$ ]] ||
		die "$f: NODES, CPUS, BENCH_CPUS, MEMORY_MB or ICOUNT is missing or wrong"
}
# qemu_numa_args CPUS: NODES nodes of MEMORY_MB/NODES each, one socket and
# one CPU per node, CPU n on node n (nodes past CPUS have memory only).
# Needs load_machine. Always TCG: KVM hangs on these machines.
qemu_numa_args() {
	local cpus=$1 n args
	args="-accel tcg -smp $cpus,sockets=$cpus,cores=1,threads=1"
	for ((n = 0; n < NODES; n++)); do
		args+=" -object memory-backend-ram,id=mem$n,size=$((MEMORY_MB / NODES))M"
		args+=" -numa node,nodeid=$n$( ((n < cpus)) && echo ",cpus=$n"),memdev=mem$n"
	done
	echo "$args"
}
# Guest time follows executed instructions: timeouts inside the guest
# (upstream's 30 ms waiter timeouts) mean the same on a slow TCG host as on
# real hardware, and timings repeat from boot to boot.
QEMU_ICOUNT_ARGS="-icount shift=0,sleep=off"

# The run a layer's record belongs to: make test sets one for all its
# layers; tools/summary.py fails a record of another run.
FUTEX2_RUN=${FUTEX2_RUN:--}
# The guests' kernel command line: an oops anywhere (a forked child, a
# kworker) panics, and the panic ends the boot (-no-reboot) before the
# DONE marker.
GUEST_CMDLINE_EXTRA="oops=panic panic=-1"

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

# The last results of make matrix and make kunit-matrix per arch, in the
# cache (tools never write tracked files while they run): "ARCH KEY=VALUE"
# lines; make matrix-record writes docs/arch-matrix.md from them.
ARCH_RESULTS=$FUTEX2_CACHE/arch-results
# set_arch_result ARCH KEY VALUE: record KEY=VALUE, replacing an earlier one.
set_arch_result() {
	mkdir -p "$FUTEX2_CACHE"
	touch "$ARCH_RESULTS"
	grep -v "^$1 $2=" "$ARCH_RESULTS" >"$ARCH_RESULTS.new" || true
	echo "$1 $2=$3" >>"$ARCH_RESULTS.new"
	mv "$ARCH_RESULTS.new" "$ARCH_RESULTS"
}

# kunit_arches: the architectures whose KUnit run is part of the flow.
kunit_arches() {
	awk '$1 == "arch" && / kunit=yes/ { print $2 }' "$ARCH_MATRIX"
}

# kunit_matrix_arches: the further architectures make kunit-matrix boots.
kunit_matrix_arches() {
	awk '$1 == "arch" && / kunit=matrix/ { print $2 }' "$ARCH_MATRIX"
}

# selftest_arches: the architectures booted for the userspace selftests.
selftest_arches() {
	awk '$1 == "arch" && / selftest=yes/ { print $2 }' "$ARCH_MATRIX"
}

# Kernel variants: "" is the plain KUnit/selftest kernel; "debug" adds
# tools/kconfig/debug.config (lockdep, KASAN, UBSAN, ...); "pristine" is
# the untouched 6.1 tree with the same config (less the futex KUnit
# options it does not have), for the benchmark's before/after and the
# legacy oracle; "mainline" is Debian's 6.12 with that config, the futex2
# oracle (tools/oracle.sh). Set VARIANT.
VARIANT=${VARIANT:-}

# kernel_build_dir ARCH: the build directory of ARCH's kernel of $VARIANT.
kernel_build_dir() {
	echo "$BUILD_ROOT/kunit${VARIANT:+-$VARIANT}-$1"
}

# kconfig_fragments ARCH DIR [KIND]: the one configuration policy. Writes
# the kernel configuration of ARCH's $VARIANT kernel into DIR as numbered
# fragments, in the order they apply:
#   1-kunitconfig  ./kunitconfig; the reference trees (pristine, mainline)
#                  drop the futex KUnit options they do not have, the Debian
#                  packages (KIND=deb) drop KUnit altogether, and numa=no
#                  rows drop NUMA and SMP (kunit.py's machine has neither)
#   2-nodes        CONFIG_FUTEX_KUNIT_TEST_NODES: the node count of the
#                  machine (tools/machines/ARCH) the node cases must see
#   3-arch         the arch-matrix row's kconfig= and kconfig_off=
#   4-VARIANT      tools/kconfig/VARIANT.config (debug)
#   5-guest        KIND=deb: tools/kconfig/guest.config, guest-ARCH.config
# kunit_py builds from these; tools/deb.sh starts from them.
kconfig_fragments() {
	local arch=$1 dir=$2 kind=${3:-kunit} drop='^$' nodes opt
	local -a extra

	rm -rf "$dir"
	mkdir -p "$dir"
	if [[ $(arch_field "$arch" numa 2>/dev/null) == no ]]; then
		nodes=1 drop='^CONFIG_(NUMA|SMP)='
	else
		nodes=$(load_machine "$arch" && echo "$NODES")
	fi
	case $VARIANT in
	pristine|mainline) drop="$drop|^CONFIG_FUTEX_KUNIT" nodes= ;;
	esac
	[[ $kind == deb ]] && drop="$drop|^CONFIG_[A-Z_]*KUNIT" nodes=
	grep -Ev "$drop" "$KUNITCONFIG" >"$dir/1-kunitconfig"
	[[ -z $nodes ]] || echo "CONFIG_FUTEX_KUNIT_TEST_NODES=$nodes" >"$dir/2-nodes"
	IFS=, read -r -a extra <<<"$(arch_field "$arch" kconfig 2>/dev/null || true)"
	for opt in "${extra[@]}"; do
		echo "CONFIG_$opt=y"
	done >"$dir/3-arch"
	IFS=, read -r -a extra <<<"$(arch_field "$arch" kconfig_off 2>/dev/null || true)"
	for opt in "${extra[@]}"; do
		echo "# CONFIG_$opt is not set"
	done >>"$dir/3-arch"
	case $VARIANT in
	''|pristine|mainline) ;;
	*)	[[ -f $FUTEX2_REPO/tools/kconfig/$VARIANT.config ]] ||
			die "unknown kernel variant '$VARIANT'"
		cp "$FUTEX2_REPO/tools/kconfig/$VARIANT.config" "$dir/4-$VARIANT" ;;
	esac
	if [[ $kind == deb ]]; then
		cat "$FUTEX2_REPO/tools/kconfig/guest.config" \
			"$FUTEX2_REPO/tools/kconfig/guest-$arch.config" >"$dir/5-guest"
	fi
}

# kunit_py ARCH SUBCOMMAND [ARGS...]: the kernel's kunit.py, from the work
# tree, with the flow's build directory, configuration (kconfig_fragments,
# merged into one kunitconfig) and QEMU topology. The same kernel serves
# KUnit and the booted tests.
kunit_py() {
	local arch=$1 cmd=$2 cross src=$TREE_DIR frags kunitconfig
	local -a args
	shift 2
	cross=$(arch_field "$arch" cross)
	[[ $VARIANT == pristine ]] && src=$PRISTINE_DIR
	[[ $VARIANT == mainline ]] && src=$MAINLINE_DIR
	frags=$BUILD_ROOT/kconfig${VARIANT:+-$VARIANT}-$arch
	kunitconfig=$BUILD_ROOT/kunitconfig${VARIANT:+-$VARIANT}-$arch
	kconfig_fragments "$arch" "$frags" && cat "$frags"/* >"$kunitconfig" ||
		die "cannot write the configuration of $arch${VARIANT:+ ($VARIANT)}"
	args=("$cmd" --arch="$(arch_field "$arch" kunit_arch)"
	      --build_dir="$(kernel_build_dir "$arch")" --kunitconfig="$kunitconfig"
	      --jobs="$JOBS")
	[[ $cross != - ]] && args+=(--cross_compile="$cross")
	# The reference trees stay byte for byte as extracted: no __pycache__.
	(cd "$src" && PYTHONDONTWRITEBYTECODE=1 python3 tools/testing/kunit/kunit.py "${args[@]}" "$@")
}

# check_arch ARCH: fail clearly unless ARCH is a KUnit arch of the matrix.
check_arch() {
	local arch=$1

	[[ -n $arch ]] || die "no architecture given; one of: $(kunit_arches | xargs)"
	local known
	known=$(kunit_arches; kunit_matrix_arches)
	grep -qx -- "$arch" <<<"$known" ||
		die "unknown or unsupported ARCH '$arch'; one of: $(echo $known)"
}

# ktap_result OK DESCRIPTION: print the next KTAP result line ("ok N ..."
# when OK is 1, else "not ok N ...") and count it in KTAP_PASSED and
# KTAP_FAILED, for the checks that write their own KTAP.
KTAP_N=0 KTAP_PASSED=0 KTAP_FAILED=0
ktap_result() {
	KTAP_N=$((KTAP_N + 1))
	if [[ $1 == 1 ]]; then
		KTAP_PASSED=$((KTAP_PASSED + 1)); echo "ok $KTAP_N $2"
	else
		KTAP_FAILED=$((KTAP_FAILED + 1)); echo "not ok $KTAP_N $2"
	fi
}

# The Debian packages (tools/deb.sh): the flavour is the kernel release's
# suffix and package name part (6.1.192-futex2, 6.1.192-pristine).
deb_flavour() {
	echo "$([[ $VARIANT == pristine ]] && echo pristine || echo futex2)"
}
# deb_dir ARCH: where tools/deb.sh leaves the .debs of $VARIANT and
# $DEB_CONFIG (its build output is in obj/ below).
deb_dir() {
	local suffix=
	[[ ${DEB_CONFIG:-guest} == debian ]] && suffix=-debian-config
	echo "$BUILD_ROOT/deb-$(deb_flavour)$suffix-$1"
}
# deb_elf_machine DEB_ARCH: how file(1) names that architecture's ELF machine.
deb_elf_machine() {
	case $1 in
	amd64) echo x86-64 ;;
	arm64) echo aarch64 ;;
	*) die "no ELF machine known for $1" ;;
	esac
}
# deb_version: the packages' version, above the Debian one they derive
# from, so that our linux-libc-dev replaces Debian's.
deb_version() {
	echo "$LINUX_PKG_VERSION+$(deb_flavour)"
}

# alternate_boots RUNS BOOT_FN CONSOLE_FN KERNEL...: boot the KERNELs in
# turn, BENCH_BOOTS rounds (patched, pristine, patched, ...), so that both
# meet the same host. "BOOT_FN KERNEL" boots one (its output goes to
# stderr); the console it leaves at "$(CONSOLE_FN KERNEL)" is kept as
# RUNS/KERNEL-ROUND.console. Sets BOOTS_FAILED: the boots that failed or
# left no console.
alternate_boots() {
	local runs=$1 boot_fn=$2 console_fn=$3 round kernel console
	shift 3
	rm -rf "$runs" && mkdir -p "$runs"
	BOOTS_FAILED=0
	for ((round = 1; round <= BENCH_BOOTS; round++)); do
		for kernel in "$@"; do
			log "boot $round of $BENCH_BOOTS: $kernel kernel"
			console=$("$console_fn" "$kernel")
			rm -f "$console"
			if ! "$boot_fn" "$kernel" >&2; then
				log "the $kernel boot $round failed"
				BOOTS_FAILED=$((BOOTS_FAILED + 1))
			fi
			# A boot that never got to write a console failed too.
			cp "$console" "$runs/$kernel-$round.console" || {
				BOOTS_FAILED=$((BOOTS_FAILED + 1))
				: >"$runs/$kernel-$round.console"
			}
		done
	done
}

# record_result LAYER PASSED FAILED [SKIPPED]: the record of a layer that
# checks without a console (tables, pages, mutants, the series), for
# tools/summary.py: "PASSED FAILED SKIPPED RUN".
record_result() {
	mkdir -p "$RESULTS_DIR"
	echo "$2 $3 ${4:-0} $FUTEX2_RUN" >"$RESULTS_DIR/$1.counts.tmp"
	mv "$RESULTS_DIR/$1.counts.tmp" "$RESULTS_DIR/$1.counts"
}
