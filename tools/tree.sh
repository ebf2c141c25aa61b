#!/bin/bash
# Prepare the kernel tree: extract the pinned Debian source once, check that
# the files the overlay replaces are the ones it was made against, and copy
# the overlay over a work tree, touching only files whose content changed so
# that kernel rebuilds stay incremental.
# Usage: tools/tree.sh            (prints the work tree's path)
set -euo pipefail
. "$(dirname "$0")/env.sh"

"$FUTEX2_REPO/tools/deps.sh" base

stamp="$LINUX_PKG $LINUX_PKG_VERSION $(stat -c %s-%Y "$LINUX_TARBALL")"

# 1. The pristine tree, extracted once per package version.
if [[ ! -f $PRISTINE_DIR/.futex2-stamp || $(cat "$PRISTINE_DIR/.futex2-stamp") != "$stamp" ]]; then
	log "extracting $LINUX_TARBALL"
	rm -rf "$PRISTINE_DIR.tmp" "$PRISTINE_DIR" "$TREE_DIR"
	mkdir -p "$PRISTINE_DIR.tmp"
	tar -xJf "$LINUX_TARBALL" -C "$PRISTINE_DIR.tmp"
	mv "$PRISTINE_DIR.tmp/$LINUX_TOPDIR" "$PRISTINE_DIR"
	rmdir "$PRISTINE_DIR.tmp"
	echo "$stamp" >"$PRISTINE_DIR/.futex2-stamp"
fi

# 2. The base files must be the ones the overlay was made against.
if ! out=$(cd "$PRISTINE_DIR" && sha256sum --quiet -c "$PRISTINE_SUMS" 2>&1); then
	echo "$out" >&2
	die "the base tree ($LINUX_PKG $LINUX_PKG_VERSION in $PRISTINE_DIR) differs from the one the overlay was made against in the files above; rebase the overlay (docs/design.md) instead of overwriting them"
fi
# Every overlay file that replaces a base file must be listed.
while read -r f; do
	if [[ -e $PRISTINE_DIR/$f ]] && ! grep -q "  $f\$" "$PRISTINE_SUMS"; then
		die "kernel-overlay/$f replaces a base file but has no entry in tools/pristine.sha256"
	fi
done < <(cd "$OVERLAY_DIR" && find . -type f -printf '%P\n')

# 3. The work tree: hard links to the pristine files, overlay on top.
if [[ ! -d $TREE_DIR ]]; then
	log "creating work tree $TREE_DIR"
	mkdir -p "$(dirname "$TREE_DIR")"
	cp -al "$PRISTINE_DIR" "$TREE_DIR.tmp"
	mv "$TREE_DIR.tmp" "$TREE_DIR"
fi

# Files the overlay held last time but no longer does go back to pristine
# (copied, not linked, so that they get a new time stamp and are rebuilt).
applied=$TREE_DIR/.futex2-overlay-files
if [[ -f $applied ]]; then
	while read -r f; do
		[[ -e $OVERLAY_DIR/$f ]] && continue
		if [[ -e $PRISTINE_DIR/$f ]]; then
			cp "$PRISTINE_DIR/$f" "$TREE_DIR/$f"
		else
			rm -f "$TREE_DIR/$f"
		fi
	done <"$applied"
fi

# --checksum without --times: unchanged files keep their time stamps,
# changed ones are replaced (never written in place: the pristine files
# are hard links) and get the current time.
rsync -r --checksum "$OVERLAY_DIR/" "$TREE_DIR/"
(cd "$OVERLAY_DIR" && find . -type f -printf '%P\n' | sort) >"$applied"

echo "$TREE_DIR"
