#!/bin/bash
# Extract the mainline reference tree once: Debian's linux-source-6.12,
# untouched, for the futex2 oracle kernel (VARIANT=mainline) and its futex
# selftests (tools/oracle.sh).
# Usage: tools/ref-tree.sh        (prints the tree's path)
set -euo pipefail
. "$(dirname "$0")/env.sh"

have=$(dpkg-query -W -f='${Status}|${Version}' "$MAINLINE_PKG" 2>/dev/null || true)
if [[ $have != "install ok installed|$MAINLINE_PKG_VERSION" ]]; then
	log "installing $MAINLINE_PKG=$MAINLINE_PKG_VERSION"
	[[ $(id -u) -eq 0 ]] || die "need root to install $MAINLINE_PKG"
	apt-get -o DPkg::Lock::Timeout=600 update -qq || die "apt-get update failed"
	apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
		"$MAINLINE_PKG=$MAINLINE_PKG_VERSION" >"${TMPDIR:-/tmp}/futex2-apt.log" 2>&1 ||
		die "could not install $MAINLINE_PKG=$MAINLINE_PKG_VERSION (see apt-cache policy $MAINLINE_PKG)"
fi

stamp="$MAINLINE_PKG $MAINLINE_PKG_VERSION $(stat -c %s-%Y "$MAINLINE_TARBALL")"
if [[ ! -f $MAINLINE_DIR/.futex2-stamp || $(cat "$MAINLINE_DIR/.futex2-stamp") != "$stamp" ]]; then
	log "extracting $MAINLINE_TARBALL"
	rm -rf "$MAINLINE_DIR.tmp" "$MAINLINE_DIR"
	mkdir -p "$MAINLINE_DIR.tmp"
	tar -xJf "$MAINLINE_TARBALL" -C "$MAINLINE_DIR.tmp"
	mv "$MAINLINE_DIR.tmp/$MAINLINE_TOPDIR" "$MAINLINE_DIR"
	rmdir "$MAINLINE_DIR.tmp"
	echo "$stamp" >"$MAINLINE_DIR/.futex2-stamp"
fi
echo "$MAINLINE_DIR"
