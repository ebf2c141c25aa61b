# shellcheck shell=sh
# One test program, one KTAP result: sourced by the guests' runners (the
# busybox initramfs's /init and the Debian guest's futex2-vm-test), POSIX
# sh. Set TEST_TIMEOUT (seconds); ktap_run counts into N P F S for the
# guest's own summary line, which the host never reads: the host's one
# reader (tools/console.py) judges the indented output and the result line.
N=0 P=0 F=0 S=0

# ktap_run NAME COMMAND [ARG...]: run COMMAND with the time limit, print
# its output indented, and its result line, kselftest's runner semantics:
#   "ok N NAME"                     exit 0, no failed case
#   "ok N NAME # SKIP ..."          exit 4 (KSFT_SKIP), or exit 0 with every
#                                   case skipped
#   "not ok N NAME # exit RC, ..."  anything else; a timeout is RC 137
# A program that speaks no KTAP (stress-ng, a compiler) is one case: its
# exit status.
ktap_run() {
	_name=$1
	shift
	N=$((N + 1))
	echo "# $_name"
	timeout -s KILL "$TEST_TIMEOUT" "$@" >/tmp/ktap-run.out 2>&1
	_rc=$?
	# Fault injection a program switched on ends with it.
	[ -w /sys/kernel/debug/fail_futex/probability ] &&
		echo 0 >/sys/kernel/debug/fail_futex/probability
	sed 's/^/    /' /tmp/ktap-run.out
	_skip=$(grep -Ei '^(not )?ok [0-9]+.*#[[:space:]]*(skip|xfail)' -c /tmp/ktap-run.out)
	_fail=$(grep -E '^not ok [0-9]+' /tmp/ktap-run.out | grep -Eivc '#[[:space:]]*(skip|xfail)')
	_pass=$(grep -E '^ok [0-9]+' /tmp/ktap-run.out | grep -Eivc '#[[:space:]]*(skip|xfail)')
	if [ $_rc -eq 4 ] && [ "$_fail" -eq 0 ] && [ "$_pass" -eq 0 ]; then
		[ "$_skip" -eq 0 ] && S=$((S + 1))
		S=$((S + _skip))
		echo "ok $N $_name # SKIP exit 4"
	elif [ $_rc -eq 0 ] && [ "$_fail" -eq 0 ] && [ "$_pass" -eq 0 ] && [ "$_skip" -gt 0 ]; then
		S=$((S + _skip))
		echo "ok $N $_name # SKIP all $_skip cases skipped"
	elif [ $_rc -eq 0 ] && [ "$_fail" -eq 0 ]; then
		[ $((_pass + _skip)) -eq 0 ] && _pass=1
		P=$((P + _pass)) S=$((S + _skip))
		echo "ok $N $_name"
	else
		# A program that fails (or hangs) without saying which case
		# failed is one more failure of its own.
		P=$((P + _pass)) S=$((S + _skip)) F=$((F + _fail))
		[ "$_fail" -eq 0 ] && F=$((F + 1))
		echo "not ok $N $_name # exit $_rc, $_pass passed, $_fail failed"
	fi
}

# ktap_skip NAME REASON: a program the list names but this guest cannot
# run (tools/suite.py's "!skip" lines): a visible SKIP, never silence.
ktap_skip() {
	N=$((N + 1)) S=$((S + 1))
	echo "# $1"
	echo "ok $N $1 # SKIP $2"
}
