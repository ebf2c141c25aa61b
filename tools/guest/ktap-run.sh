# shellcheck shell=sh
# One test program, one KTAP result: sourced by the guests' runners (the
# busybox initramfs's /init and the Debian guest's futex2-vm-test), POSIX
# sh. Set TEST_TIMEOUT (seconds); ktap_run counts into N P F S.
N=0 P=0 F=0 S=0

# ktap_run NAME COMMAND [ARG...]: run COMMAND with the time limit, print
# its output indented, and "ok N NAME" or "not ok N NAME". Its own KTAP
# results count one by one; a program that speaks no KTAP (stress-ng,
# a compiler) is one case: its exit status.
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
	_pass=$(grep -E '^ok ' /tmp/ktap-run.out | grep -vc '# SKIP')
	_skip=$(grep -E '^ok .*# SKIP' -c /tmp/ktap-run.out)
	_fail=$(grep -Ec '^not ok ' /tmp/ktap-run.out)
	if [ $((_pass + _skip + _fail)) -eq 0 ] && [ $_rc -eq 0 ]; then
		_pass=1
	fi
	P=$((P + _pass)) S=$((S + _skip)) F=$((F + _fail))
	if [ $_rc -eq 0 ] && [ "$_fail" -eq 0 ] && [ $((_pass + _skip)) -gt 0 ]; then
		echo "ok $N $_name"
	else
		# A program that fails (or hangs) without saying which case
		# failed is one more failure of its own.
		[ "$_fail" -eq 0 ] && F=$((F + 1))
		echo "not ok $N $_name # exit $_rc, $_pass passed, $_fail failed"
	fi
}
