#!/bin/bash
# Build the Debian 12 root of the guest with mmdebstrap, from this
# machine's configured apt sources, as a tarball in the cache. The package
# list is tools/guest/debian/packages; the root is rebuilt only when that
# list (or this script's mmdebstrap call) changes. A foreign architecture's
# maintainer scripts run under qemu-user in a private binfmt_misc
# (tools/foreign.sh). Prints the tarball's path.
# Usage: tools/debian-root.sh ARCH
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '${arch}'; one of: $(selftest_arches | xargs)"
"$FUTEX2_REPO/tools/deps.sh" debian
deb_arch=$(arch_field "$arch" deb_arch)
list=$FUTEX2_REPO/tools/guest/debian/packages

# The list for this architecture: comments and other arches' lines out.
pkgs=$(sed -e 's/#.*//' "$list" | awk -v a="$deb_arch" '
	NF == 0 { next }
	NF == 1 { print $1; next }
	$2 ~ /^\[.*\]$/ { if (index($2, "[" a "]") || index($2, " " a)) print $1; next }
	{ print "bad line " NR ": " $0 > "/dev/stderr"; exit 1 }') ||
	die "$list: a line is not 'PACKAGE' or 'PACKAGE [ARCH]'"
# Foreign architectures the list's ":arch" packages need.
archs=$deb_arch
for a in $(grep -o ':[a-z0-9]*$' <<<"$pkgs" | tr -d : | sort -u); do
	archs+=",$a"
done
# The apt sources: this machine's own files, as apt reads them.
sources=()
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
	[[ -s $f ]] && grep -qE '^[[:space:]]*(deb|Types:)' "$f" && sources+=("$f")
done
[[ ${#sources[@]} -gt 0 ]] || die "no apt sources configured on this machine"
# Only Debian's: the root is Debian 12 and nothing else.
mapfile -t sources < <(grep -lE 'deb\.debian\.org|/debian(-security)?/?( |$)' "${sources[@]}" || true)
[[ ${#sources[@]} -gt 0 ]] || die "none of this machine's apt sources is a Debian archive"

args=(--mode=unshare --variant=apt --architectures="$archs" --format=tar
      --include="$(paste -sd, <<<"$pkgs")"
      --aptopt='Acquire::Retries "3"'
      bookworm)
key=$( { echo "${args[*]}"; cat "${sources[@]}"; } | sha256sum | cut -c1-12)
dir=$FUTEX2_CACHE/debian
root=$dir/root-$arch-$key.tar
if [[ -s $root ]]; then
	echo "$root"
	exit 0
fi
mkdir -p "$dir" "$LOG_DIR"
log "building the Debian 12 $deb_arch root ($(wc -l <<<"$pkgs") packages; log: $LOG_DIR/debian-root-$arch.log)"
start=$(date +%s)
if ! "$FUTEX2_REPO/tools/foreign.sh" "$deb_arch" \
		mmdebstrap "${args[@]}" "$root.tmp" "${sources[@]}" \
		>"$LOG_DIR/debian-root-$arch.log" 2>&1; then
	rm -f "$root.tmp"
	grep -E '^(E:|W:|mmdebstrap: error)|unable to|not found|Unable to locate' \
		"$LOG_DIR/debian-root-$arch.log" | tail -n 20 >&2 || tail -n 20 "$LOG_DIR/debian-root-$arch.log" >&2
	die "mmdebstrap failed for $deb_arch: $LOG_DIR/debian-root-$arch.log"
fi
# One root per architecture: the older ones go.
find "$dir" -maxdepth 1 -name "root-$arch-*.tar" ! -name "${root##*/}" -delete
mv "$root.tmp" "$root"
log "root built in $(($(date +%s) - start)) s: $(du -h "$root" | cut -f1)"
echo "$root"
