#!/bin/bash
# The overlay as a patch series against the pinned 6.1 tree, split the way
# the seeds split the work (tools/series.py; commit messages in
# tools/series/NN-*.txt), with three checks:
#   build      each step's tree builds the futex code, kernel/sys_ni.o, the
#              x86 syscall tables and mm/vmalloc.o on x86_64, warning-free
#              (make series; not in make test: about 10 minutes)
#   checkpatch scripts/checkpatch.pl --strict over every patch: no errors
#   roundtrip  git am of the series onto a fresh copy of the pinned files
#              gives the overlay byte for byte
# Usage: tools/series.sh [--no-build]   patches: $BUILD_ROOT/series/patches
set -euo pipefail
. "$(dirname "$0")/env.sh"

build=yes
[[ ${1:-} == --no-build ]] && build=no
[[ $# -le 1 && ${1:---no-build} == --no-build ]] || die "usage: tools/series.sh [--no-build]"

"$FUTEX2_REPO/tools/deps.sh" base
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
work=$BUILD_ROOT/series
rm -rf "$work/git" "$work/patches" "$work/roundtrip" "$work/step"
mkdir -p "$work" "$LOG_DIR"
ktap=$LOG_DIR/series.ktap
series_py() { python3 "$FUTEX2_REPO/tools/series.py" "$PRISTINE_DIR" "$OVERLAY_DIR" "$@"; }
msgs=("$FUTEX2_REPO"/tools/series/[0-9][0-9]-*.txt)
steps=${#msgs[@]}
files=$(cd "$OVERLAY_DIR" && find . -type f | sed 's#^\./##' | sort)

# A git repository holding the pinned versions of the files the series
# touches (git am needs nothing else: it reads only the files it patches).
base_repo() {	# DIR
	local dir=$1 f
	mkdir -p "$dir"
	for f in $files; do
		if [[ -f $PRISTINE_DIR/$f ]]; then
			mkdir -p "$dir/$(dirname "$f")"
			cp "$PRISTINE_DIR/$f" "$dir/$f"
		fi
	done
	git -C "$dir" init -q
	git -C "$dir" config user.name "futex2 series"
	git -C "$dir" config user.email "futex2-series@localhost"
	git -C "$dir" add -A
	GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z" \
		git -C "$dir" commit -q -m "Linux $LINUX_PKG_VERSION ($LINUX_PKG), the files the series touches"
}

# 1. The series: one commit per step, authored as its message says.
log "writing the series ($steps patches)"
base_repo "$work/git"
for ((k = 1; k <= steps; k++)); do
	msg=${msgs[k - 1]}
	author=$(sed -n '1s/^From: //p' "$msg")
	[[ -n $author ]] || die "$msg: the first line must be 'From: NAME <EMAIL>'"
	series_py "$k" "$work/git"
	git -C "$work/git" add -A
	GIT_AUTHOR_DATE="2026-01-01T00:$(printf %02d "$k"):00Z" \
	GIT_COMMITTER_DATE="2026-01-01T00:$(printf %02d "$k"):00Z" \
		git -C "$work/git" commit -q --author="$author" -F <(sed '1d' "$msg")
done
git -C "$work/git" format-patch -q -o "$work/patches" --cover-letter=false HEAD~"$steps"..HEAD 2>/dev/null ||
	git -C "$work/git" format-patch -q -o "$work/patches" HEAD~"$steps"..HEAD

exec 3>"$ktap"
echo "KTAP version 1" >&3

# 2. checkpatch --strict, per patch.
for p in "$work"/patches/*.patch; do
	out=$(cd "$PRISTINE_DIR" && perl scripts/checkpatch.pl --strict --no-tree "$p" 2>&1 || true)
	total=$(grep -E '^total:' <<<"$out" || echo "total: ? errors")
	errors=$(sed -n 's/^total: \([0-9]*\) errors.*/\1/p' <<<"$total")
	(cd "$PRISTINE_DIR" && perl scripts/checkpatch.pl --strict --no-tree --terse "$p" 2>&1 || true) |
		grep -E ': (ERROR|WARNING|CHECK):' | sed "s|^$p:|# $(basename "$p"):|" >&3 || true
	ktap_result "$([[ $errors == 0 ]] && echo 1)" "checkpatch --strict $(basename "$p"): $total" >&3
done

# 3. The round trip: git am onto fresh copies of the pinned files.
base_repo "$work/roundtrip"
if git -C "$work/roundtrip" am -q "$work"/patches/*.patch >"$LOG_DIR/series-am.log" 2>&1; then
	ktap_result 1 "git am applies all $steps patches to $LINUX_PKG $LINUX_PKG_VERSION" >&3
	diffs=0
	for f in $files; do
		cmp -s "$OVERLAY_DIR/$f" "$work/roundtrip/$f" || { echo "# differs: $f" >&3; diffs=$((diffs + 1)); }
	done
	ktap_result "$([[ $diffs == 0 ]] && echo 1)" "the applied series is the overlay, file for file ($diffs differ)" >&3
else
	cat "$LOG_DIR/series-am.log" | sed 's/^/# /' >&3
	ktap_result 0 "git am applies all $steps patches to $LINUX_PKG $LINUX_PKG_VERSION" >&3
fi

# 4. Each step builds (x86_64, the KUnit kernel's config).
if [[ $build == yes ]]; then
	tree=$work/tree
	if [[ ! -d $tree ]]; then
		log "making the build tree (hard links to the pristine tree)"
		cp -al "$PRISTINE_DIR" "$tree.tmp" && mv "$tree.tmp" "$tree"
	fi
	config=$BUILD_ROOT/kunit-x86_64/.config
	[[ -f $config ]] || { "$FUTEX2_REPO/tools/kunit.sh" x86_64 >/dev/null 2>&1 || true; }
	[[ -f $config ]] || die "no x86_64 KUnit kernel config at $config"
	for ((k = 1; k <= steps; k++)); do
		# The step's files (pristine ones included) over the tree the way
		# tools/tree.sh lays the overlay: only changed content, by rename
		# (the hard-linked pristine files stay pristine); files the step
		# does not have yet go.
		rm -rf "$work/step" && mkdir -p "$work/step"
		series_py "$k" "$work/step"
		rsync -r --checksum "$work/step/" "$tree/"
		for f in $files; do
			[[ -f $work/step/$f ]] || rm -f "$tree/$f"
		done
		blog=$LOG_DIR/series-build-$(printf %02d "$k").log
		mkdir -p "$work/build"
		cp "$config" "$work/build/.config"
		mk=(make -C "$tree" O="$work/build" ARCH=x86_64 -j"$JOBS")
		start=$(date +%s)
		ok=1
		{ "${mk[@]}" olddefconfig && "${mk[@]}" kernel/futex/ kernel/sys_ni.o arch/x86/entry/ mm/vmalloc.o; } \
			>"$blog" 2>&1 || ok=
		if grep -E '(kernel/futex|kernel/sys_ni|mm/vmalloc|arch/x86/entry)[^ ]*: (warning|error):' "$blog" |
			sed 's/^/# /' >&3; then
			ok=
		fi
		[[ -z $ok ]] && tail -n 20 "$blog" | sed 's/^/# /' >&3
		ktap_result "$ok" "step $k ($(basename "${msgs[k - 1]}" .txt)) builds on x86_64 without warnings ($(($(date +%s) - start)) s)" >&3
		log "step $k: $([[ -n $ok ]] && echo builds || echo FAILS)"
	done
fi
echo "1..$KTAP_N" >&3
exec 3>&-
grep -E '^(not ok|# )' "$ktap" | head -n 60 || true
record_result series "$KTAP_PASSED" "$KTAP_FAILED"
log "$KTAP_PASSED passed, $KTAP_FAILED failed; KTAP: $ktap; patches: $work/patches"
[[ $KTAP_FAILED -eq 0 ]]
