#!/bin/bash
# The architecture matrix, compile level: for each architecture of
# arch-matrix with a matrix_arch= (or those named), a tiny kernel config
# with futexes, "make prepare" (generates the syscall headers from the
# overlay's tables and runs the kernel's missing-syscalls check), then the
# futex code, kernel/sys_ni.o and the architecture's kernel directory (its
# syscall table objects). A typo in any table, or a syscall the table names
# that does not exist, fails that architecture.
# Results: $RESULTS_DIR/matrix.txt, the arch-matrix "compile=" fields and
# docs/arch-matrix.md (tools/matrix-doc.sh).
# Usage: tools/matrix.sh [ARCH...]
set -euo pipefail
. "$(dirname "$0")/env.sh"

all=$(awk '$1 == "arch" && / matrix_arch=/ { print $2 }' "$ARCH_MATRIX")
arches=("$@")
[[ ${#arches[@]} -gt 0 ]] || read -r -a arches <<<"$(echo $all)"
for a in "${arches[@]}"; do
	grep -qx -- "$a" <<<"$all" || die "no matrix_arch= for '$a' in arch-matrix; one of: $(echo $all)"
done

"$FUTEX2_REPO/tools/deps.sh" base
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
mkdir -p "$RESULTS_DIR" "$LOG_DIR"
results=$RESULTS_DIR/matrix.txt
touch "$results"
passed=0 failed=0
for a in "${arches[@]}"; do
	karch=$(arch_field "$a" matrix_arch)
	cross=$(arch_field "$a" matrix_cross)
	pkg=$(arch_field "$a" matrix_pkg)
	extra=$(arch_field "$a" matrix_extra 2>/dev/null || true)
	srcarch=$karch
	case $karch in
	x86_64|i386) srcarch=x86 ;;
	esac
	if ! command -v "${cross}gcc" >/dev/null; then
		log "$a: installing $pkg"
		apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$pkg" \
			>"$LOG_DIR/matrix-$a.apt.log" 2>&1 || die "cannot install $pkg"
	fi
	out=$BUILD_ROOT/matrix-$a
	blog=$LOG_DIR/matrix-$a.log
	mk=(make -C "$TREE_DIR" O="$out" ARCH="$karch" CROSS_COMPILE="$cross" -j"$JOBS")
	log "$a: tinyconfig + futex, prepare, kernel/futex/ and arch/$srcarch/kernel/ $extra"
	start=$(date +%s)
	status=pass
	{
		"${mk[@]}" tinyconfig &&
		"$TREE_DIR/scripts/config" --file "$out/.config" -e EXPERT -e FUTEX -e MULTIUSER -e MMU &&
		"${mk[@]}" olddefconfig &&
		grep -q '^CONFIG_FUTEX=y' "$out/.config" &&
		"${mk[@]}" prepare &&
		"${mk[@]}" kernel/futex/ kernel/sys_ni.o "arch/$srcarch/kernel/" $extra
	} >"$blog" 2>&1 || status=fail
	# The kernel's own missing-syscalls check only warns: make it count.
	if grep -E 'warning: #warning syscall futex_(wake|wait|requeue) not implemented' "$blog" >&2; then
		status=fail
	fi
	# Without a link, a misspelt entry would go unnoticed: every futex2
	# symbol the architecture's objects (its tables) call must be one the
	# futex code defines, and each of the three calls must be there.
	if [[ $status == pass ]]; then
		refs=$(find "$out/arch/$srcarch" -name '*.o' -exec nm -u {} + 2>/dev/null |
			awk '{ print $NF }' | grep -E 'futex_(wake|wait|requeue)' | sort -u || true)
		defs=$(nm --defined-only "$out"/kernel/futex/*.o "$out/kernel/sys_ni.o" 2>/dev/null |
			awk '{ print $NF }' | sort -u)
		for call in futex_wake futex_wait futex_requeue; do
			grep -qE "sys_${call}\$" <<<"$refs" ||
				{ log "$a: no table entry calls sys_$call"; status=fail; }
		done
		for sym in $refs; do
			grep -qx -- "$sym" <<<"$defs" ||
				{ log "$a: the table calls $sym, which nothing defines"; status=fail; }
		done
		echo "futex2 symbols the tables call: $(echo $refs)" >>"$blog"
	fi
	secs=$(($(date +%s) - start))
	if [[ $status == pass ]]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		tail -n 20 "$blog" >&2
	fi
	log "$a: $status (${secs}s; log $blog)"
	day=$(date +%F)
	grep -v "^$a " "$results" >"$results.new" || true
	echo "$a $status $day ${secs}s" >>"$results.new"
	mv "$results.new" "$results"
	# The cache keeps the last result (make matrix-record documents it).
	set_arch_result "$a" compile "$status@$day"
done
record_result matrix "$passed" "$failed"
"$FUTEX2_REPO/tools/matrix-doc.sh"
log "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
