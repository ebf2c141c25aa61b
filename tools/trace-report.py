#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Report of tools/trace-call.sh: the instructions of single futex calls.

Reads the steps gdb recorded (one PC a line, LABEL.pcs in a directory per
kernel), names each step's function from the kernel's symbol table (nm),
and prints markdown: each call's instructions in both kernels, the pairs
that make bench's targets, and function by function where two traces
differ. A PC that repeats in a row is a `rep`-prefixed string
instruction's iterations (x86_64: the `rep stos` that clears a futex_q in
the waits), which gdb steps one at a time: it is counted once, as the one
instruction it is, and the repeats are reported.

Work on the way back to user space that the call did not ask for (a
reschedule or a signal, when a timer tick set TIF_NEED_RESCHED just
before the call) is not the call's own path. Its out-of-line entry
points (EXIT_WORK: arm64's do_notify_resume(); on x86_64, whose
exit_to_user_mode_loop() is inlined into exit_to_user_mode_prepare(),
schedule() and arch_do_signal_or_restart()) and every step until the
return to their caller are not counted, and the report says how many
there were. The caller's own test and call around them (a few
instructions) are still counted.
"""
import argparse
import bisect
import collections
import os
import subprocess
import sys

# (what, first call, second call): the bench's comparisons, on one kernel.
PAIRS = [
    ("futex2 U32 wake vs legacy wake", "legacy-wake", "futex2-wake-u32"),
    ("futex2 U8 wake vs U32", "futex2-wake-u32", "futex2-wake-u8"),
    ("FUTEX2_NUMA U32 wake vs plain", "futex2-wake-u32", "futex2-wake-u32-numa"),
    ("FUTEX2_NUMA U8 wake vs plain", "futex2-wake-u8", "futex2-wake-u8-numa"),
    ("futex2 U32 wait vs legacy wait", "legacy-wait", "futex2-wait-u32"),
    ("futex2 U16 wait vs U32", "futex2-wait-u32", "futex2-wait-u16"),
    ("futex2 U8 wait vs U32", "futex2-wait-u32", "futex2-wait-u8"),
    ("FUTEX2_NUMA U32 wait vs plain", "futex2-wait-u32", "futex2-wait-u32-numa"),
    ("FUTEX2_NUMA U16 wait vs plain", "futex2-wait-u16", "futex2-wait-u16-numa"),
    ("FUTEX2_NUMA U8 wait vs plain", "futex2-wait-u8", "futex2-wait-u8-numa"),
]


# Entered on the way back to user space only when there is work to do;
# none of the traced calls blocks, so none of them schedules on its own.
EXIT_WORK = ("do_notify_resume", "schedule", "arch_do_signal_or_restart")


class Symbols:
    """The text symbols of one vmlinux, to name the function of a PC."""

    def __init__(self, nm, vmlinux):
        out = subprocess.run([nm, "-n", vmlinux], capture_output=True,
                             text=True, check=True).stdout
        self.syms = []
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "tTwW":
                self.syms.append((int(f[0], 16), f[2]))
        if not self.syms:
            sys.exit("trace-report.py: no text symbols in " + vmlinux)
        self.addrs = [a for a, _ in self.syms]

    def name(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        return self.syms[i][1] if i >= 0 else "?"


def load(directory, label, syms):
    """Per-function step counts of one call, in first-run order; or None.

    Also returns the repeats of `rep` instructions and the steps of exit
    work (EXIT_WORK), neither of them counted.
    """
    path = os.path.join(directory, label + ".pcs")
    if not os.path.exists(path):
        return None, 0, 0
    funcs = collections.OrderedDict()
    last, repeated, exit_work = None, 0, 0
    prev_name, caller = None, None
    with open(path) as f:
        for line in f:
            pc = int(line, 16)
            if pc == last:
                repeated += 1
                continue
            last = pc
            name = syms.name(pc)
            if caller is None and name in EXIT_WORK and prev_name not in EXIT_WORK:
                caller = prev_name
            if caller is not None:
                if name != caller:
                    exit_work += 1
                    prev_name = name
                    continue
                caller = None
            prev_name = name
            funcs[name] = funcs.get(name, 0) + 1
    return funcs, repeated, exit_work


def breakdown(title, a_name, a, b_name, b):
    """A function-by-function table of two traces, the differing rows."""
    rows = []
    for fn in list(a) + [f for f in b if f not in a]:
        x, y = a.get(fn, 0), b.get(fn, 0)
        if x != y:
            rows.append("| `%s` | %d | %d | %+d |" % (fn, x, y, y - x))
    if not rows:
        return []
    return ["", "#### " + title, "",
            "| function | %s | %s | difference |" % (a_name, b_name),
            "|---|---:|---:|---:|"] + rows + \
        ["| all | %d | %d | %+d |" % (sum(a.values()), sum(b.values()),
                                      sum(b.values()) - sum(a.values()))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", required=True)
    ap.add_argument("--calls", required=True, help="futex_calls --list output")
    ap.add_argument("--patched", nargs=2, required=True, metavar=("DIR", "VMLINUX"))
    ap.add_argument("--pristine", nargs=2, required=True, metavar=("DIR", "VMLINUX"))
    ap.add_argument("--nm", default="nm")
    args = ap.parse_args()

    labels = [line.split()[0] for line in open(args.calls) if line.strip()]
    kernels = {}
    repeated = 0
    exit_work = []
    for kernel, (directory, vmlinux) in (("patched", args.patched),
                                          ("pristine", args.pristine)):
        syms = Symbols(args.nm, vmlinux)
        kernels[kernel] = {}
        for label in labels:
            funcs, rep, work = load(directory, label, syms)
            repeated += rep
            if work:
                exit_work.append("`%s` on the %s kernel: %d" % (label, kernel, work))
            if funcs is not None:
                kernels[kernel][label] = funcs
    patched, pristine = kernels["patched"], kernels["pristine"]
    missing = [lab for lab in labels if lab not in patched or
               (not lab.startswith("futex2-") and lab not in pristine)]
    if missing:
        sys.exit("trace-report.py: no trace of " + ", ".join(missing))

    def total(funcs):
        return sum(funcs.values())

    out = ["# Instructions of single futex calls, %s (`make trace-call ARCH=%s`)"
           % (args.arch, args.arch), "",
           "Each call's own kernel instructions, from its syscall entry to its"
           " return (the robust entry: `handle_futex_death()`), stepped by gdb"
           " in QEMU; the third of three identical calls. Iterations of"
           " `rep` string instructions beyond the first, not counted: %d."
           % repeated, "",
           "Exit work on the way back to user space (a reschedule or a"
           " signal the call did not cause), not counted (the caller's test"
           " and call around it are): %s."
           % ("; ".join(exit_work) if exit_work else "none"), "",
           "| call | pristine 6.1 | patched | difference |",
           "|---|---:|---:|---:|"]
    for lab in labels:
        b = total(patched[lab])
        if lab in pristine:
            a = total(pristine[lab])
            out.append("| `%s` | %d | %d | %+d (%.4f) |" % (lab, a, b, b - a, b / a))
        else:
            out.append("| `%s` | - | %d | |" % (lab, b))
    out += ["", "## The bench's pairs, patched kernel", "",
            "| comparison | first | second | difference |", "|---|---:|---:|---:|"]
    for what, x, y in PAIRS:
        a, b = total(patched[x]), total(patched[y])
        out.append("| %s | %d | %d | %+d |" % (what, a, b, b - a))

    out += ["", "## Where the instructions go", "",
            "Only the functions whose counts differ."]
    for lab in labels:
        if lab in pristine:
            out += breakdown("`%s`: pristine 6.1 vs patched" % lab, "pristine",
                             pristine[lab], "patched", patched[lab])
    for what, x, y in PAIRS:
        out += breakdown("%s (patched)" % what, x, patched[x], y, patched[y])
    print("\n".join(out))


if __name__ == "__main__":
    main()
