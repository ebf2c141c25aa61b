#!/bin/bash
# Run a command where binaries of a Debian architecture run, in a mount
# namespace of its own (its mounts end with it): on the host's own
# architecture as it is; on another one also in a new user
# namespace with a private binfmt_misc instance (Linux 6.7 and later) that
# hands that architecture's ELF files to Debian's qemu-user-static. The
# host's own binfmt_misc is never touched. Root in the namespace maps to
# root outside, so files keep their owners.
# Usage: tools/foreign.sh DEB_ARCH COMMAND [ARG...]
set -euo pipefail
. "$(dirname "$0")/env.sh"

deb_arch=${1:-}
[[ -n $deb_arch && $# -ge 2 ]] || die "usage: tools/foreign.sh DEB_ARCH COMMAND [ARG...]"
shift
host_arch=$(dpkg --print-architecture)
if [[ $deb_arch == "$host_arch" ]] || { [[ $host_arch == amd64 && $deb_arch == i386 ]]; }; then
	exec unshare --mount --propagation private -- "$@"
fi

# The qemu-user-static binary and binfmt rule, from Debian's package,
# unpacked into the cache: installing it would register it host-wide.
qemu_dir=$FUTEX2_CACHE/qemu-user-static
if [[ ! -d $qemu_dir/usr/lib/binfmt.d ]]; then
	tmp=$(mktemp -d)
	(cd "$tmp" && { apt-get download -q qemu-user-static >/dev/null 2>&1 ||
		{ apt-get -o DPkg::Lock::Timeout=600 update -qq &&
		  apt-get download -q qemu-user-static >/dev/null 2>&1; }; }) ||
		die "cannot download qemu-user-static (is the Debian archive reachable?)"
	rm -rf "$qemu_dir"
	dpkg-deb -x "$tmp"/qemu-user-static_*.deb "$qemu_dir.tmp"
	mv "$qemu_dir.tmp" "$qemu_dir"
	rm -rf "$tmp"
fi
case $deb_arch in
arm64) qarch=aarch64 ;;
armhf | armel) qarch=arm ;;
ppc64el) qarch=ppc64le ;;
*) qarch=$deb_arch ;;
esac
rule=$qemu_dir/usr/lib/binfmt.d/qemu-$qarch.conf
[[ -f $rule ]] || die "qemu-user-static has no binfmt rule for $deb_arch ($rule)"
interp=$qemu_dir/usr/bin/qemu-$qarch-static
[[ -x $interp ]] || die "qemu-user-static has no $interp"
# Debian's rule, with the interpreter where we unpacked it, opened now
# (F: the chroot need not contain it).
reg=$(sed -e '/^#/d' -e '/^$/d' "$rule" | head -n 1 |
	awk -F: -v OFS=: -v interp="$interp" '{ $7 = interp; $8 = "F" } 1')

# The namespace: users and groups 0..65535 mapped to themselves. unshare's
# own --map-users needs /etc/subuid entries; as root on the host we write
# the maps of the new namespace ourselves, then let it go on.
go=$(mktemp -u)
mkfifo "$go"
trap 'rm -f "$go"' EXIT
unshare --user --mount --propagation private -- bash -c '
	set -e
	read -r _ <"$1"
	mnt=/proc/sys/fs/binfmt_misc
	mount -t binfmt_misc binfmt_misc "$mnt"
	printf "%s" "$2" >"$mnt/register"
	shift 2
	exec "$@"' foreign-ns "$go" "$reg" "$@" &
ns=$!
self=$(readlink /proc/self/ns/user)
for _ in $(seq 100); do
	[[ $(readlink "/proc/$ns/ns/user" 2>/dev/null) != "$self" ]] && break
	sleep 0.05
done
[[ $(readlink "/proc/$ns/ns/user") != "$self" ]] || die "no new user namespace"
echo '0 0 65536' >"/proc/$ns/uid_map"
echo '0 0 65536' >"/proc/$ns/gid_map"
echo go >"$go"
wait "$ns"
