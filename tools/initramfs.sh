#!/bin/bash
# Pack a busybox guest's initramfs with the tree's own usr/gen_init_cpio:
# Debian's busybox-static for ARCH, tools/guest/init as /init, the list
# (/tests/list), the programs of each ABI (/tests/ABI/), the host programs
# the list names by absolute path with their libraries, and the guest's
# settings (/etc/selftest.conf).
# Usage: tools/initramfs.sh ARCH LIST PROGRAMS CONF OUT [EXTRA]
#   PROGRAMS: a directory of ABI/ subdirectories (tools/guest-build.sh)
#   CONF: the guest's settings (MODE, TEST_TIMEOUT, FUTEX2_NUMA_NODES)
#   EXTRA: more gen_init_cpio lines (the glibc suite's files)
set -euo pipefail
. "$(dirname "$0")/env.sh"

[[ $# -ge 5 ]] || die "usage: tools/initramfs.sh ARCH LIST PROGRAMS CONF OUT [EXTRA]"
arch=$1 list=$2 programs=$3 conf=$4 out=$5 extra=${6:-}
for f in "$list" "$conf" ${extra:+"$extra"}; do
	[[ -f $f ]] || die "no file $f"
done
gen=$(kernel_build_dir "$arch")/usr/gen_init_cpio
[[ -x $gen ]] || gen=$(VARIANT= kernel_build_dir "$arch")/usr/gen_init_cpio
[[ -x $gen ]] || die "no usr/gen_init_cpio: build the $arch kernel first"

# busybox for the guest's architecture, from Debian.
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
	echo "file /etc/selftest.conf $conf 644 0 0"
	echo "dir /tests 755 0 0"
	echo "file /tests/list $list 644 0 0"
	# Host programs the list names by absolute path, with their libraries.
	hostfiles=()
	for prog in $(awk '$1 ~ /^\// { print $1 }' "$list" | sort -u); do
		[[ -x $prog ]] || die "$prog (named in the list) is not installed"
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
	[[ -n $extra ]] && cat "$extra"
	for dir in "$programs"/*/; do
		[[ -d $dir ]] || continue
		abi=$(basename "$dir")
		echo "dir /tests/$abi 755 0 0"
		for f in "$dir"*; do
			[[ -f $f && -x $f ]] && echo "file /tests/$abi/$(basename "$f") $f 755 0 0"
		done
	done
} >"$out.list"
"$gen" "$out.list" >"$out"
