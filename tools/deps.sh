#!/bin/bash
# Install the Debian packages a step needs, if they are missing.
# Usage: tools/deps.sh base|deb|debian|trace|ARCH
#   base    the pinned kernel source and the host build tools
#   deb     base plus what the kernel's bindeb-pkg needs (tools/deb.sh)
#   debian  base plus what builds and boots the Debian 12 guest
#           (tools/debian-root.sh, tools/debian-image.sh, tools/vm.sh)
#   trace   base plus gdb for every arch (tools/trace-call.sh)
#   ARCH    base plus that architecture's QEMU and cross compiler
set -euo pipefail
. "$(dirname "$0")/env.sh"

what=${1:-base}
pkgs=(
	"$LINUX_PKG=$LINUX_PKG_VERSION"
	build-essential python3 make flex bison bc rsync cpio kmod xz-utils
	libelf-dev libssl-dev groff-base man-db git
)
if [[ $what == deb ]]; then
	pkgs+=(dpkg-dev fakeroot file)
elif [[ $what == debian ]]; then
	# arch-test: mmdebstrap checks with it that a foreign root can run.
	pkgs+=(mmdebstrap arch-test e2fsprogs util-linux zstd)
elif [[ $what == trace ]]; then
	pkgs+=(gdb-multiarch)
elif [[ $what != base ]]; then
	check_arch "$what"
	IFS=, read -r -a extra <<<"$(arch_field "$what" packages)"
	pkgs+=("${extra[@]}")
fi

missing=()
for p in "${pkgs[@]}"; do
	name=${p%%=*}
	want=${p#*=}
	have=$(dpkg-query -W -f='${Status}|${Version}' "$name" 2>/dev/null || true)
	if [[ $have != "install ok installed|"* ]]; then
		missing+=("$p")
	elif [[ $p == *=* && ${have#*|} != "$want" ]]; then
		missing+=("$p")
	fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

log "installing: ${missing[*]}"
[[ $(id -u) -eq 0 ]] || die "need root to install: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq || die "apt-get update failed"
if ! apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >"${TMPDIR:-/tmp}/futex2-apt.log" 2>&1; then
	tail -n 20 "${TMPDIR:-/tmp}/futex2-apt.log" >&2
	die "could not install: ${missing[*]} (is $LINUX_PKG $LINUX_PKG_VERSION still in the archive? see apt-cache policy $LINUX_PKG)"
fi
