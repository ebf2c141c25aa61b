#!/bin/bash
# The mutation pass: plant each small bug of tools/mutation/mutants.txt in a
# copy of the overlay, one at a time, run the layers of make test that can
# see it on that copy (x86_64 by default), and report which caught it. A
# mutant no layer catches is a test that is missing. The tracked overlay is
# never touched: the copy is used through FUTEX2_OVERLAY, and the work tree
# is put back from the real overlay at the end. The mutants are built in a
# cache of their own ($FUTEX2_CACHE/mutation: tree, kernels, logs), so that
# other runs can go on beside the pass.
#
# The layers, cheapest first: kunit (KUnit), selftest (the booted
# selftests, native and compat), oracle (the tracer and 6.12's selftests
# against pristine 6.1 and 6.12; ORACLE_CALLS=MUTATION_ORACLE_CALLS) and
# stress (the debug kernel's stress stage, in make test's budgets). A
# mutant's file decides which can see it (layers_for). By default a mutant
# stops at the first layer that kills it; MUTATION_ALL=1 runs every layer
# its file can affect, to show which see it. MUTATION_LAYERS= limits the
# pass to some layers. Each layer's verdict is its records, written by the
# one console reader: a failed case, or no record at all, kills.
# Usage: tools/mutation.sh [ARCH [ID...]]
set -euo pipefail
. "$(dirname "$0")/env.sh"
FUTEX2_CACHE=$FUTEX2_CACHE/mutation
export FUTEX2_CACHE
. "$(dirname "$0")/env.sh"

MUTATION_LAYERS=${MUTATION_LAYERS:-kunit selftest oracle stress}
MUTATION_ORACLE_CALLS=${MUTATION_ORACLE_CALLS:-300000}
for l in $MUTATION_LAYERS; do
	[[ $l =~ ^(kunit|selftest|oracle|stress)$ ]] ||
		die "unknown layer '$l' in MUTATION_LAYERS (kunit selftest oracle stress)"
done

# layers_for FILE: the layers that can see a bug in FILE, cheapest first.
layers_for() {
	local l all
	case $1 in
	kernel/futex/futex_kunit.c)	all="kunit" ;;
	kernel/futex/*)			all="kunit selftest oracle stress" ;;
	arch/*|include/uapi/*)		all="selftest oracle" ;;
	tools/testing/*)		all="selftest" ;;
	*)				all="kunit selftest stress" ;;
	esac
	for l in $all; do
		[[ " $MUTATION_LAYERS " == *" $l "* ]] && echo "$l"
	done
}

# run_layer LAYER COPY RESULTS LOG: run one layer on the mutated copy;
# true if it passed (every record it wrote has no failure).
run_layer() {
	local layer=$1 copy=$2 results=$3 log=$4 rc=0
	rm -rf "$results" && mkdir -p "$results"
	case $layer in
	kunit)	FUTEX2_OVERLAY=$copy FUTEX2_RESULTS=$results \
			"$FUTEX2_REPO/tools/kunit.sh" "$arch" ;;
	selftest) FUTEX2_OVERLAY=$copy FUTEX2_RESULTS=$results \
			"$FUTEX2_REPO/tools/guest.sh" selftest "$arch" ;;
	oracle)	FUTEX2_OVERLAY=$copy FUTEX2_RESULTS=$results ORACLE_CALLS=$MUTATION_ORACLE_CALLS \
			"$FUTEX2_REPO/tools/oracle.sh" "$arch" ;;
	stress)	FUTEX2_OVERLAY=$copy FUTEX2_RESULTS=$results \
			STRESS_SECONDS=20 FUZZ_SECONDS=20 REAL_SECONDS=15 \
			"$FUTEX2_REPO/tools/stress.sh" "$arch" all ;;
	esac >"$log" 2>&1 || rc=1
	python3 - "$results" "$FUTEX2_REPO/tools" <<-'PY' || rc=1
	import glob, sys
	sys.path.insert(0, sys.argv[2])
	import console
	recs = [console.read_record(p) for p in glob.glob(sys.argv[1] + "/*.counts")]
	sys.exit(1 if not recs or any(r is None or r[1] for r in recs) else 0)
	PY
	return $rc
}

arch=${1:-x86_64}
shift || true
grep -qx -- "$arch" <<<"$(selftest_arches)" ||
	die "unknown or unsupported ARCH '$arch'; one of: $(selftest_arches | xargs)"
mutants=$FUTEX2_REPO/tools/mutation/mutants.txt
work=$BUILD_ROOT/mutation-$arch
report=$work/report.txt
rm -rf "$work" && mkdir -p "$work"
: >"$report"

# apply_mutant ID OVERLAY: rewrite the copy; fails unless OLD occurs once.
apply_mutant() {
	python3 "$FUTEX2_REPO/tools/mutation/apply.py" "$mutants" "$1" "$2"
}

ids=("$@")
if [[ ${#ids[@]} -eq 0 ]]; then
	mapfile -t ids < <(grep -v '^#' "$mutants" | grep . | awk -F' @@ ' '{ print $1 }')
fi
# Every mutant must apply before any is built.
for id in "${ids[@]}"; do
	rm -rf "$work/check" && cp -a "$OVERLAY_DIR" "$work/check"
	apply_mutant "$id" "$work/check" >/dev/null || die "mutant $id does not apply to the overlay"
done
rm -rf "$work/check"
killed=0 survived=0
for id in "${ids[@]}"; do
	copy=$work/overlay
	rm -rf "$copy" && cp -a "$OVERLAY_DIR" "$copy"
	what=$(apply_mutant "$id" "$copy") || die "cannot plant $id"
	log "mutant $id: $what"
	caught=()
	for layer in $(layers_for "$(awk -F' @@ ' -v id="$id" '$1 == id { print $2 }' "$mutants")"); do
		results=$work/results-$id-$layer
		if ! run_layer "$layer" "$copy" "$results" "$work/$id.$layer.log"; then
			caught+=("$layer:$(grep -ahE '^(\[[0-9:]+\] +\[FAILED\]|not ok [0-9]+ )' \
				"$work/$id.$layer.log" | sed 's/.*\[FAILED\] //; s/^not ok [0-9]* //; s/ #.*//' |
				head -3 | xargs | tr ' ' ',' || true)")
			[[ -n ${MUTATION_ALL:-} ]] || break
		fi
	done
	if grep -qsE 'kernel build failed|: error: ' "$work/$id".*.log; then
		# A mutant that does not build proves nothing about the tests.
		echo "UNBUILT  $id: the kernel did not build" | tee -a "$report"
		survived=$((survived + 1))
	elif [[ ${#caught[@]} -gt 0 ]]; then
		killed=$((killed + 1))
		echo "killed   $id: ${caught[*]}" | tee -a "$report"
	else
		survived=$((survived + 1))
		echo "SURVIVED $id: $what" | tee -a "$report"
	fi
done
# The work tree back to the real overlay.
"$FUTEX2_REPO/tools/tree.sh" >/dev/null
log "$killed killed, $survived survived; report: $report"
[[ $survived -eq 0 ]]
