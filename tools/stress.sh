#!/bin/bash
# The stress stage on the debug kernel (lockdep, KASAN, UBSAN, ...): the
# futex2 stress program, the seeded fuzzer, and Debian's stress-ng and
# trinity, in one QEMU boot. Any failed check or kernel report fails it.
# Usage: tools/stress.sh ARCH [stress|fuzz|real|all]
#   budgets: STRESS_SECONDS, FUZZ_SECONDS, FUZZ_SEED, REAL_SECONDS (env)
set -euo pipefail
. "$(dirname "$0")/env.sh"

arch=${1:-}
what=${2:-all}
case $what in
stress)	only='^futex(2_stress|_robust_stress)' ;;
fuzz)	only='^futex2_fuzz' ;;
real)	only='^/' ;;
all)	only='' ;;
*)	die "unknown stage '$what' (stress, fuzz, real or all)" ;;
esac
# stress-ng and trinity run where the host's own binaries can.
if [[ $what == real || $what == all ]]; then
	if [[ $(arch_field "$arch" deb_arch 2>/dev/null) != "$(dpkg --print-architecture)" ]]; then
		# tools/suites/stress: each is a visible SKIP in this guest.
		[[ $what == real ]] && die "stress-ng and trinity run only on the host's architecture"
	elif ! command -v stress-ng >/dev/null || ! command -v trinity >/dev/null; then
		apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
			stress-ng trinity >/dev/null || die "cannot install stress-ng and trinity"
	fi
fi
VARIANT=debug ONLY=$only exec "$FUTEX2_REPO/tools/guest.sh" stress "$arch"
