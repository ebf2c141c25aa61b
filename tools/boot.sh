#!/bin/bash
# One guest in, one console out: boot a kernel in ARCH's QEMU machine
# (tools/machines/ARCH) under a time limit, save its console, and append
# "QEMU-EXIT-STATUS N" for the console reader (tools/console.py). The
# verdict is not made here: tools/verdict.py reads the console.
#
# Usage: tools/boot.sh ARCH IMAGE CONSOLE [OPTIONS]
#   --initrd FILE      an initramfs (the busybox guests, trace-call)
#   --disk FILE        a raw disk, virtio; the first opens copy-on-write
#                      (snapshot=on), later ones read-only (repeatable)
#   --initrd-of-disk FILE   the Debian guest's initrd (with --disk)
#   --append ARGS      kernel command line after the machine's own and
#                      oops=panic panic=-1 (an oops anywhere ends the boot)
#   --measure          the measuring machine: instruction clock, BENCH_CPUS
#   --gdb PORT         stopped at the first instruction, gdb stub on PORT;
#                      QEMU's pid in CONSOLE.pid
#   --timeout SECONDS  wall clock (default: SELFTEST_BOOT_TIMEOUT)
#   --interactive      the console on this terminal, no time limit (make
#                      shell, make vm); CONSOLE is not written
# Exits with QEMU's status (124: killed at the time limit).
set -euo pipefail
. "$(dirname "$0")/env.sh"

[[ $# -ge 3 ]] || die "usage: tools/boot.sh ARCH IMAGE CONSOLE [--initrd F] [--disk F]... [--append A] [--measure] [--gdb PORT] [--timeout S] [--interactive]"
arch=$1 image=$2 console=$3
shift 3
load_machine "$arch"
[[ -f $image ]] || die "no kernel image $image"
initrd= append= measure=no gdb= timeout=$SELFTEST_BOOT_TIMEOUT interactive=no
disks=()
while [[ $# -gt 0 ]]; do
	case $1 in
	--initrd) initrd=$2; shift 2 ;;
	--initrd-of-disk) initrd=$2; shift 2 ;;
	--disk) disks+=("$2"); shift 2 ;;
	--append) append=$2; shift 2 ;;
	--measure) measure=yes; shift ;;
	--gdb) gdb=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--interactive) interactive=yes; shift ;;
	*) die "unknown option '$1'" ;;
	esac
done
[[ -z $initrd || -f $initrd ]] || die "no initrd $initrd"
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "--timeout must be a positive number, not '$timeout'"

# The machine: kunit.py's machine, console and image for this arch.
eval "$(python3 "$FUTEX2_REPO/tools/qemu-params.py" "$TREE_DIR" "$KUNIT_ARCH")"
cpus=$CPUS
[[ $measure == yes ]] && cpus=$BENCH_CPUS
# shellcheck disable=SC2206
qemu=("$QEMU" -nodefaults -m "$MEMORY_MB" $QEMU_MACHINE $(qemu_numa_args "$cpus")
      -kernel "$image" -append "$QEMU_CMDLINE $GUEST_CMDLINE_EXTRA $append"
      -no-reboot -nographic)
[[ -n $initrd ]] && qemu+=(-initrd "$initrd")
n=0
for disk in "${disks[@]}"; do
	if [[ $n -eq 0 ]]; then
		qemu+=(-drive "file=$disk,if=none,id=disk$n,format=raw,snapshot=on")
	else
		qemu+=(-drive "file=$disk,if=none,id=disk$n,format=raw,readonly=on")
	fi
	qemu+=(-device "virtio-blk-pci,drive=disk$n")
	n=$((n + 1))
done
[[ $n -gt 0 ]] && qemu+=(-device virtio-rng-pci)
if [[ $measure == yes || $ICOUNT == yes ]]; then
	# shellcheck disable=SC2206
	qemu+=($QEMU_ICOUNT_ARGS)
fi
# Under gdb, the caller may have to stop QEMU itself: its pid goes next
# to the console.
[[ -n $gdb ]] && qemu+=(-gdb "tcp:127.0.0.1:$gdb" -S -pidfile "$console.pid")

if [[ $interactive == yes ]]; then
	exec "${qemu[@]}" -serial mon:stdio
fi
qemu+=(-serial stdio)
mkdir -p "$(dirname "$console")"
rm -f "$console"
log "booting: ${qemu[*]}"
start=$(date +%s)
set +e
timeout --kill-after=10 "$timeout" "${qemu[@]}" </dev/null 2>&1 |
	tee "$console" | grep -a --line-buffered -E '^(KTAP|1\.\.|ok |not ok |# |    (ok|not ok) )'
rc=${PIPESTATUS[0]}
set -e
echo "QEMU-EXIT-STATUS $rc" >>"$console"
log "guest exited $rc after $(($(date +%s) - start)) s; console: $console"
exit "$rc"
