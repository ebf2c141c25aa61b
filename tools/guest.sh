#!/bin/bash
# Run a suite in a busybox guest: the kernel (the KUnit kernel of $VARIANT,
# built incrementally), the suite's programs (tools/guest-build.sh), its
# list (tools/suite.py), the initramfs (tools/initramfs.sh), one boot
# (tools/boot.sh) and the verdict of the one reader (tools/verdict.py),
# recorded as the layer SUITE[-VARIANT]-ARCH.
# Usage: tools/guest.sh SUITE ARCH [shell]
#   SUITE   a file of tools/suites/ (selftest, stress, bench, oracle), or
#           "list": the programs of the file GUEST_LIST with the extra
#           initramfs entries of GUEST_FILES, named GUEST_NAME (the glibc
#           suite, tools/glibc-test.sh)
#   shell   boot the same guest to an interactive shell instead
#   VARIANT=debug|pristine|mainline  the kernel (tools/env.sh)
#   RECORD=no   print the verdict, record nothing (a boot that is part of a
#               comparison: the oracle, the bench, glibc)
#   ONLY=REGEX  just the list's programs that match
set -euo pipefail
. "$(dirname "$0")/env.sh"

suite=${1:-}
arch=${2:-}
mode=${3:-test}
[[ -n $suite ]] || die "usage: tools/guest.sh SUITE ARCH [shell]"
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
[[ $mode == test || $mode == shell ]] || die "unknown mode '$mode' (test or shell)"
if [[ $suite == list ]]; then
	[[ -f ${GUEST_LIST:-} && -f ${GUEST_FILES:-} && -n ${GUEST_NAME:-} ]] ||
		die "SUITE list needs the files GUEST_LIST and GUEST_FILES and a GUEST_NAME"
	name=$GUEST_NAME${VARIANT:+-$VARIANT}
else
	[[ -f $FUTEX2_REPO/tools/suites/$suite ]] ||
		die "unknown suite '$suite'; one of: $(ls "$FUTEX2_REPO/tools/suites" | xargs) or list"
	name=$suite${VARIANT:+-$VARIANT}
fi
layer=$name-$arch

"$FUTEX2_REPO/tools/deps.sh" "$arch"
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
work=$BUILD_ROOT/guest-$layer
mkdir -p "$work" "$LOG_DIR"

# 1. The kernel.
log "building the ${VARIANT:-patched} kernel"
kunit_py "$arch" build >"$LOG_DIR/$layer.build.log" 2>&1 ||
	{ tail -n 30 "$LOG_DIR/$layer.build.log" >&2; die "kernel build failed"; }
eval "$(python3 "$FUTEX2_REPO/tools/qemu-params.py" "$TREE_DIR" "$(arch_field "$arch" kunit_arch)")"
image=$(kernel_build_dir "$arch")/$QEMU_IMAGE

# 2. The programs, per ABI; one build per kind for every kernel variant.
machine=test
if [[ $suite == list ]]; then
	programs=$work/programs
	mkdir -p "$programs"
	cp "$GUEST_LIST" "$work/list"
else
	build=$(python3 "$FUTEX2_REPO/tools/suite.py" "$suite" --field build)
	machine=$(python3 "$FUTEX2_REPO/tools/suite.py" "$suite" --field machine)
	read -r -a abis <<<"$(python3 "$FUTEX2_REPO/tools/suite.py" "$suite" --field abis)"
	[[ $build == mainline ]] && "$FUTEX2_REPO/tools/ref-tree.sh" >/dev/null
	programs=$BUILD_ROOT/programs-$build-$arch
	"$FUTEX2_REPO/tools/guest-build.sh" "$build" "$arch" "$programs" "${abis[@]}"
	# Only the suite's ABIs go into the guest.
	rm -rf "$work/programs" && mkdir -p "$work/programs"
	for kind in "${abis[@]}"; do
		abi=$arch
		[[ $kind == compat ]] && abi=$(arch_field "$arch" compat)
		ln -s "$programs/$abi" "$work/programs/$abi"
	done
	programs=$work/programs

	# 3. The list, with this run's budgets filled in.
	export STRESS_SECONDS FUZZ_SECONDS FUZZ_SEED REAL_SECONDS BENCH_ITERS BENCH_REPEATS \
		ORACLE_SEED ORACLE_CALLS
	foreign=()
	[[ $(arch_field "$arch" deb_arch) != "$(dpkg --print-architecture)" ]] && foreign=(--foreign)
	python3 "$FUTEX2_REPO/tools/suite.py" "$suite" --list --tree "$TREE_DIR" \
		--mainline "$MAINLINE_DIR" --variant "${VARIANT:-patched}" "${foreign[@]}" \
		${ONLY:+--only "$ONLY"} >"$work/list"
fi

# 4. The initramfs.
load_machine "$arch"
cat >"$work/selftest.conf" <<CONF
MODE=$mode
TEST_TIMEOUT=$SELFTEST_TEST_TIMEOUT
FUTEX2_NUMA_NODES=$NODES
CONF
"$FUTEX2_REPO/tools/initramfs.sh" "$arch" "$work/list" "$programs" "$work/selftest.conf" \
	"$work/initramfs.cpio" ${GUEST_FILES:+"$GUEST_FILES"}

# 5. The boot, and 6. its verdict.
boot=(--initrd "$work/initramfs.cpio" --append "kunit.enable=0 rdinit=/init")
[[ $machine == measure ]] && boot+=(--measure)
console=$LOG_DIR/$layer.console
if [[ $mode == shell ]]; then
	exec "$FUTEX2_REPO/tools/boot.sh" "$arch" "$image" "$console" "${boot[@]}" --interactive
fi
"$FUTEX2_REPO/tools/boot.sh" "$arch" "$image" "$console" "${boot[@]}" \
	--timeout "$SELFTEST_BOOT_TIMEOUT" || true
record=(--layer "$layer" --record "$RESULTS_DIR")
# A boot of a comparison: its verdict is shown under a name of its own,
# and recorded nowhere.
[[ ${RECORD:-yes} == no ]] && record=(--layer "$layer (one boot of a comparison, not recorded)")
python3 "$FUTEX2_REPO/tools/verdict.py" "$console" --done FUTEX2-SELFTESTS-DONE "${record[@]}" >&2
