#!/bin/bash
# Build the overlaid kernel as Debian packages with the kernel's own
# bindeb-pkg: linux-image-<release>, linux-headers-<release> and
# linux-libc-dev (with the futex2 uapi), named to install beside Debian's
# own kernel. Prints the directory that holds the .debs.
# Usage: tools/deb.sh ARCH
#   VARIANT=pristine   the untouched 6.1 tree, packaged the same way
#   DEB_CONFIG=guest   (default) the KUnit kernel's options plus
#                      tools/kconfig/guest.config and guest-ARCH.config,
#                      completed by olddefconfig
#   DEB_CONFIG=debian  Debian's own 6.1 config (from the linux-image-6.1
#                      package's /boot/config-*), for a real machine: hours
#                      on 2 cores, not in make test
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '${arch}'; one of: $(selftest_arches | xargs)"
[[ -z $VARIANT || $VARIANT == pristine ]] ||
	die "unknown VARIANT '$VARIANT' for packages (empty or pristine)"
config=${DEB_CONFIG:-guest}
[[ $config == guest || $config == debian ]] ||
	die "unknown DEB_CONFIG '$config' (guest or debian)"

"$FUTEX2_REPO/tools/deps.sh" "$arch"
"$FUTEX2_REPO/tools/deps.sh" deb
"$FUTEX2_REPO/tools/tree.sh" >/dev/null

# debian_config: Debian's own config of its current 6.1 kernel for this
# architecture (the linux-image-$deb_arch metapackage's dependency).
debian_config() {
	local pkg dir=$FUTEX2_CACHE/debian-config/$deb_arch
	pkg=$(apt-cache depends "linux-image-$deb_arch" 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-6\.1[^:]*\).*/\1/p' | head -n 1)
	[[ -n $pkg ]] || die "apt knows no linux-image-$deb_arch depending on a 6.1 image (apt-get update?)"
	if ! ls "$dir/$pkg"/boot/config-* >/dev/null 2>&1; then
		mkdir -p "$dir/$pkg"
		(cd "$dir" && apt-get download -q "$pkg:$deb_arch" >/dev/null 2>&1) ||
			die "cannot download $pkg:$deb_arch"
		dpkg-deb --fsys-tarfile "$dir/${pkg}"_*.deb | tar -x -C "$dir/$pkg" --wildcards './boot/config-*'
		rm -f "$dir/${pkg}"_*.deb
	fi
	ls "$dir/$pkg"/boot/config-*
}

src=$TREE_DIR
[[ $VARIANT == pristine ]] && src=$PRISTINE_DIR
karch=$(arch_field "$arch" kunit_arch)
deb_arch=$(arch_field "$arch" deb_arch)
cross=$(arch_field "$arch" cross)
[[ $cross == - ]] && cross=
flavour=$(deb_flavour)
out=$(deb_dir "$arch")
obj=$out/obj
build_log=$LOG_DIR/${out##*/}.log
mkdir -p "$obj" "$LOG_DIR"
kmake=(make -s -C "$src" O="$obj" ARCH="$karch" CROSS_COMPILE="$cross"
       LOCALVERSION="-$flavour" -j"$JOBS")

# 1. The configuration, from fragments, by the kernel's merge_config.sh and
# olddefconfig. Every option a fragment asks for must survive.
frags=$out/fragments
rm -rf "$frags"
mkdir -p "$frags"
if [[ $config == guest ]]; then
	# The KUnit kernel's own configuration, less KUnit, plus the guest's.
	kconfig_fragments "$arch" "$frags" deb
else
	base=$(debian_config)
	cp "$base" "$frags/1-debian"
	# What a build outside Debian's infrastructure cannot have: Debian's
	# signing certificates, BTF (pahole), and split debug packages.
	cat >"$frags/2-local" <<-'EOF'
	CONFIG_SYSTEM_TRUSTED_KEYS=""
	CONFIG_SYSTEM_REVOCATION_KEYS=""
	CONFIG_MODULE_SIG_KEY="certs/signing_key.pem"
	# CONFIG_DEBUG_INFO_BTF is not set
	# CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT is not set
	CONFIG_DEBUG_INFO_NONE=y
	EOF
fi
want=$out/config.want
cat "$frags"/* >"$want.new"
if ! cmp -s "$want.new" "$want" || [[ ! -f $obj/.config ]]; then
	log "configuring: $(ls "$frags" | xargs)"
	# From the build directory: merge_config.sh makes its temporary
	# files in the current one, and the source trees stay untouched.
	(cd "$obj" && ARCH=$karch CROSS_COMPILE=$cross \
		"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$frags"/*) \
		>"$build_log.config" 2>&1 ||
		{ tail -n 20 "$build_log.config" >&2; die "merge_config.sh failed"; }
	"${kmake[@]}" olddefconfig >>"$build_log.config" 2>&1 ||
		die "olddefconfig failed: $build_log.config"
	if [[ $config == guest ]]; then
		lost=$(grep -hE '^(CONFIG_[A-Z0-9_]+=.*|# CONFIG_[A-Z0-9_]+ is not set)$' "$frags"/* |
			while read -r line; do
				if [[ $line == '# '* ]]; then
					opt=${line#\# }; opt=${opt%% *}
					grep -q "^$opt=" "$obj/.config" && echo "$line"
				else
					grep -qxF -- "$line" "$obj/.config" || echo "$line"
				fi
			done)
		# Pristine 6.1 has no futex KUnit options; anything else lost
		# is a missing dependency in the fragments.
		[[ -z $lost ]] || die "options the guest config asks for but olddefconfig dropped (a missing dependency?):
$lost"
	fi
	mv "$want.new" "$want"
else
	rm -f "$want.new"
fi

# 2. The packages. Rebuilt when the tree or the configuration changed
# since the last packages; make itself is incremental.
release=$("${kmake[@]}" kernelrelease)
stamp=$out/.packaged
if [[ -f $stamp ]] && ls "$out"/linux-image-"$release"_*.deb >/dev/null 2>&1 &&
   [[ -z $(find "$src" "$want" -type f -newer "$stamp" -not -path "$src/.futex2-*" -print -quit) ]]; then
	log "packages of $release are up to date"
	echo "$out"
	exit 0
fi
log "building packages of $release for $deb_arch (log: $build_log)"
rm -f "$out"/*.deb "$out"/*.buildinfo "$out"/*.changes "$stamp"
start=$(date +%s)
if ! "${kmake[@]}" KDEB_PKGVERSION="$(deb_version)" KDEB_CHANGELOG_DIST=bookworm \
		KBUILD_BUILD_USER=futex2 KBUILD_BUILD_HOST=futex2 \
		DPKG_FLAGS=-d bindeb-pkg >"$build_log" 2>&1; then
	tail -n 30 "$build_log" >&2
	die "bindeb-pkg failed: $build_log"
fi
for p in linux-image-"$release" linux-headers-"$release" linux-libc-dev; do
	ls "$out/${p}_"*"_$deb_arch.deb" >/dev/null 2>&1 || die "bindeb-pkg made no $p package"
done

# 3. A cross build's linux-headers package holds host programs (fixdep,
# modpost, ...) built for this machine: they would not run where the
# package is installed. Rebuild them for the target, running under
# tools/foreign.sh, and put them into the package in their place.
if [[ $deb_arch != "$(dpkg --print-architecture)" ]]; then
	log "linux-headers: its host programs rebuilt for $deb_arch"
	hdeb=$(ls "$out/linux-headers-${release}_"*.deb)
	x=$out/headers-repack
	rm -rf "$x"
	dpkg-deb -R "$hdeb" "$x"
	hdr=$x/usr/src/linux-headers-$release
	# elf_files: "PATH<TAB> DESCRIPTION" of every ELF file under the headers.
	elf_files() {
		(cd "$hdr" && find . -type f -print0 | xargs -0 file -N -F $'\t' |
			awk -F'\t' '$2 ~ /^ *ELF/' | sed 's|^\./||')
	}
	mapfile -t elves < <(elf_files | cut -f1)
	hobj=$out/target-hostprogs
	mkdir -p "$hobj"
	cp "$obj/.config" "$hobj/.config"
	# They run here under qemu-user, with the cross toolchain's libc.
	"$FUTEX2_REPO/tools/foreign.sh" "$deb_arch" env QEMU_LD_PREFIX="/usr/${cross%-}" \
		make -s -C "$src" O="$hobj" ARCH="$karch" CROSS_COMPILE="$cross" \
		HOSTCC="${cross}gcc" HOSTCXX="${cross}g++" LOCALVERSION="-$flavour" \
		-j"$JOBS" olddefconfig modules_prepare scripts_unifdef >>"$build_log" 2>&1 ||
		die "building the host programs for $deb_arch failed: $build_log"
	for f in "${elves[@]}"; do
		[[ -f $hobj/$f ]] || die "no $deb_arch build of the headers' $f"
		cp "$hobj/$f" "$hdr/$f"
	done
	if elf_files | grep -v "$(deb_elf_machine "$deb_arch")" >&2; then
		die "linux-headers still holds programs of another architecture (above)"
	fi
	(cd "$x" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | xargs -r0 md5sum >DEBIAN/md5sums)
	dpkg-deb --root-owner-group -Zxz --build "$x" "$hdeb" >/dev/null
	rm -rf "$x"
fi
touch "$stamp"
log "packaged in $(($(date +%s) - start)) s: $(cd "$out" && ls -s --block-size=K ./*.deb | xargs)"
echo "$out"
