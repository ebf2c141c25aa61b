#!/bin/bash
# glibc 2.36's own nptl test suite (mutexes, robust and PI mutexes,
# condvars, rwlocks, barriers, semaphores, once, cancellation, thread exit),
# built from Debian's glibc-source (tools/glibc-build.sh), run in the guest
# with the glibc it was built against, on the patched kernel and on
# pristine 6.1; the results must be the same test by test.
# Usage: tools/glibc-test.sh [x86_64]
#   GLIBC_TESTS=REGEX runs only the tests whose names match.
# The report goes to the results directory; `make glibc-record` copies it
# to docs/glibc-tests.md.
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-x86_64}
[[ $arch == x86_64 ]] || die "the glibc suite runs on x86_64 only (not '$arch')"
build=$("$FUTEX2_REPO/tools/glibc-build.sh")
work=$BUILD_ROOT/glibc-guest-$arch
rm -rf "$work" && mkdir -p "$work" "$RESULTS_DIR"

# The test programs: every executable tst-* of the nptl build directory
# (shared objects and the make machinery's outputs are not tests).
find "$build/nptl" -maxdepth 1 -type f -name 'tst-*' -perm -u+x \
	! -name '*.so' ! -name '*.o' ! -name '*.out' ! -name '*.sh' -printf '%f\n' |
	sort >"$work/tests.list"
if [[ -n ${GLIBC_TESTS:-} ]]; then
	grep -E -e "$GLIBC_TESTS" "$work/tests.list" >"$work/tests.only" ||
		die "no glibc test matches '$GLIBC_TESTS'"
	mv "$work/tests.only" "$work/tests.list"
fi
log "$(wc -l <"$work/tests.list") glibc tests"

# The guest: the build tree's libraries and tests at their own paths (some
# tests have the build path compiled in), libgcc_s for cancellation.
mkdir -p "$build/extra"
cp -L /lib/x86_64-linux-gnu/libgcc_s.so.1 "$build/extra/"
{
	d=$build
	while [[ $d != / ]]; do echo "dir $d 755 0 0"; d=$(dirname "$d"); done | sort -u
	for sub in math elf dlfcn nss nis rt resolv mathvec support nptl extra; do
		[[ -d $build/$sub ]] && echo "dir $build/$sub 755 0 0"
	done
	find "$build" "$build"/{math,elf,dlfcn,nss,nis,rt,resolv,mathvec,support,nptl,extra} \
		-maxdepth 1 -name '*.so*' \( -type f -o -type l \) 2>/dev/null |
		sort -u | while read -r f; do echo "file $f $(readlink -f "$f") 755 0 0"; done
	while read -r t; do echo "file $build/nptl/$t $build/nptl/$t 755 0 0"; done <"$work/tests.list"
	echo "dir /tests/$arch 755 0 0"
	echo "file /tests/$arch/glibc-run $FUTEX2_REPO/tools/guest/glibc-run 755 0 0"
	echo "file /etc/glibc.list $work/tests.list 644 0 0"
} | awk '!seen[$2]++' >"$work/files"
echo "glibc-run $build /etc/glibc.list" >"$work/list"

runs=$work/runs
mkdir -p "$runs"
for kernel in patched pristine; do
	variant=
	[[ $kernel == pristine ]] && variant=pristine
	log "$kernel kernel"
	rm -f "$LOG_DIR/glibc${variant:+-$variant}-$arch.console"
	SELFTEST_BOOT_TIMEOUT=${GLIBC_BOOT_TIMEOUT:-7200} SELFTEST_TEST_TIMEOUT=7000 \
	RECORD=no VARIANT=$variant GUEST_NAME=glibc GUEST_LIST=$work/list \
	GUEST_FILES=$work/files "$FUTEX2_REPO/tools/guest.sh" list "$arch" >&2 ||
		log "the $kernel guest reported failures (compared below)"
	cp "$LOG_DIR/glibc${variant:+-$variant}-$arch.console" "$runs/$kernel.console" 2>/dev/null ||
		: >"$runs/$kernel.console"
done
mkdir -p "$RESULTS_DIR"
report=$RESULTS_DIR/glibc-$arch.ktap
set +e
python3 "$FUTEX2_REPO/tools/oracle-compare.py" --pair patched pristine --label glibc \
	--arch "$arch" --record "$RESULTS_DIR" \
	"$runs/patched.console" "$runs/pristine.console" >"$report"
rc=$?
set -e
cat "$report"
log "report: $report"
exit $rc
