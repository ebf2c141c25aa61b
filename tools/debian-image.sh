#!/bin/bash
# Make the Debian guest's disk: the root of tools/debian-root.sh with both
# kernels installed the way a user installs them, dpkg -i of tools/deb.sh's
# packages inside the root (maintainer scripts, update-initramfs and all):
# linux-image, linux-headers and linux-libc-dev of the patched kernel, and
# linux-image and linux-headers of pristine 6.1 beside it. Then the guest's
# own settings (tools/guest/debian/) and an ext4 image by mke2fs -d.
# Rebuilt only when the root or a package changed. Prints the image's path.
# Usage: tools/debian-image.sh ARCH
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '${arch}'; one of: $(selftest_arches | xargs)"
deb_arch=$(arch_field "$arch" deb_arch)
root=$("$FUTEX2_REPO/tools/debian-root.sh" "$arch")
patched=$(VARIANT= "$FUTEX2_REPO/tools/deb.sh" "$arch")
pristine=$(VARIANT=pristine "$FUTEX2_REPO/tools/deb.sh" "$arch")
debs=("$patched"/linux-image-*_"$deb_arch".deb "$patched"/linux-headers-*_"$deb_arch".deb
      "$patched"/linux-libc-dev_*_"$deb_arch".deb
      "$pristine"/linux-image-*_"$deb_arch".deb "$pristine"/linux-headers-*_"$deb_arch".deb)
for d in "${debs[@]}"; do
	[[ -f $d ]] || die "no package $d"
done
guest_files=$FUTEX2_REPO/tools/guest/debian

work=$BUILD_ROOT/debian-image-$arch
image=$FUTEX2_CACHE/debian/image-$arch.ext4
key=$( { echo "$root"; stat -c '%n %s %Y' "${debs[@]}";
	 cat "$FUTEX2_REPO/tools/debian-image.sh" "$FUTEX2_REPO/tools/guest/ktap-run.sh" \
	     "$guest_files"/futex2-vm-test*; } | sha256sum | cut -c1-12)
if [[ -s $image && $(cat "$image.key" 2>/dev/null) == "$key" ]]; then
	echo "$image"
	exit 0
fi
log "installing $(printf '%s\n' "${debs[@]##*/}" | xargs) into the $deb_arch root"
start=$(date +%s)
rm -rf "$work"
mkdir -p "$work/root" "$LOG_DIR"
tar -xpf "$root" -C "$work/root" --numeric-owner
mkdir -p "$work/root/tmp/futex2-debs"
cp "${debs[@]}" "$work/root/tmp/futex2-debs/"

# Inside the root (and, for a foreign architecture, where its binaries
# run): /proc, /sys and /dev from the host (in the private mount namespace
# of tools/foreign.sh), dpkg -i, no root password.
setup=$(cat <<'EOF'
set -euo pipefail
r=$1
for m in proc sys dev; do mount --rbind "/$m" "$r/$m"; done
chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
	dpkg -i $(cd "$r" && ls tmp/futex2-debs/*.deb | sed 's|^|/|')
chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin passwd -d root
rm -rf "$r/tmp/futex2-debs"
EOF
)
if ! "$FUTEX2_REPO/tools/foreign.sh" "$deb_arch" bash -c "$setup" install "$work/root" \
		>"$LOG_DIR/debian-image-$arch.log" 2>&1; then
	grep -E '^(dpkg|E):|error' "$LOG_DIR/debian-image-$arch.log" | tail -n 20 >&2 || true
	die "installing the packages failed: $LOG_DIR/debian-image-$arch.log"
fi
for rel in $(cd "$work/root/boot" && ls vmlinuz-* | sed 's/^vmlinuz-//'); do
	[[ -s $work/root/boot/initrd.img-$rel ]] ||
		die "dpkg -i made no /boot/initrd.img-$rel (update-initramfs): $LOG_DIR/debian-image-$arch.log"
done

# The guest's settings: name, root file system, the vm-test service (it
# runs only when the kernel command line asks for it).
r=$work/root
echo futex2-guest >"$r/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tfutex2-guest\n' >"$r/etc/hosts"
printf 'LABEL=futex2-root\t/\text4\tdefaults\t0\t1\n' >"$r/etc/fstab"
install -m 755 "$guest_files/futex2-vm-test" "$r/usr/local/sbin/futex2-vm-test"
install -m 644 "$FUTEX2_REPO/tools/guest/ktap-run.sh" "$r/usr/local/lib/ktap-run.sh"
install -m 644 "$guest_files/futex2-vm-test.service" "$r/etc/systemd/system/"
ln -sf ../futex2-vm-test.service "$r/etc/systemd/system/multi-user.target.wants/"

size=$(( $(du -sm "$r" | cut -f1) + 2048 ))
rm -f "$image" "$image.key"
mkdir -p "$(dirname "$image")"
mke2fs -q -t ext4 -L futex2-root -d "$r" "$image.tmp" "${size}M" >&2 ||
	die "mke2fs -d failed"
mv "$image.tmp" "$image"
echo "$key" >"$image.key"
rm -rf "$work"
log "image made in $(($(date +%s) - start)) s: $image (${size} MB, $(du -h "$image" | cut -f1) used)"
echo "$image"
