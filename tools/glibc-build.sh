#!/bin/bash
# Build glibc 2.36 from Debian's glibc-source (its tarball carries Debian's
# patches) and its nptl tests, for the glibc test suite in the
# guest (tools/glibc-test.sh). Built once into the cache; x86_64 only.
# Usage: tools/glibc-build.sh        (prints the build directory)
set -euo pipefail
. "$(dirname "$0")/env.sh"

[[ $(dpkg --print-architecture) == amd64 ]] || die "the glibc suite is built for amd64 hosts only"
pkgs=(glibc-source gawk bison python3 perl make gcc)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
	log "installing: ${missing[*]}"
	apt-get -o DPkg::Lock::Timeout=600 update -qq || die "apt-get update failed"
	apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" \
		>"${TMPDIR:-/tmp}/futex2-apt.log" 2>&1 || die "could not install: ${missing[*]}"
fi

version=$(dpkg-query -W -f='${Version}' glibc-source)
src=$GLIBC_DIR/src build=$GLIBC_DIR/build
stamp="glibc-source $version"
if [[ ! -f $build/.futex2-built || $(cat "$build/.futex2-built") != "$stamp" ]]; then
	rm -rf "$GLIBC_DIR" && mkdir -p "$src" "$build"
	log "extracting glibc-source $version"
	tar -xJf /usr/src/glibc/glibc-2.36.tar.xz -C "$src" --strip-components=1
	# The tarball is Debian's patched source already: of the 109 patches
	# in debian/patches/series, 106 reverse-apply to it as they are.
	log "configuring and building glibc (about 25 min on 2 cores)"
	(cd "$build" && "$src/configure" --prefix=/usr --disable-werror --disable-profile \
		--without-selinux --disable-crypt >"$build/configure.log" 2>&1) ||
		{ tail -n 20 "$build/configure.log" >&2; die "glibc configure failed"; }
	make -C "$build" -j"$JOBS" >"$build/build.log" 2>&1 ||
		{ tail -n 30 "$build/build.log" >&2; die "glibc build failed"; }
	# The tests, built and not run here (they run in the guest).
	make -C "$build" -j"$JOBS" check subdirs=nptl run-built-tests=no \
		>"$build/tests.log" 2>&1 ||
		{ tail -n 30 "$build/tests.log" >&2; die "building glibc's nptl tests failed"; }
	echo "$stamp" >"$build/.futex2-built"
fi
echo "$build"
