# SPDX-License-Identifier: GPL-2.0
"""gdb script for tools/trace-call.sh: step through tagged futex calls.

Run as: gdb-multiarch -batch -nx -ex 'file VMLINUX' -x tools/trace-call.py
with the environment:
  TRACE_ARCH   x86_64 or arm64
  TRACE_PORT   QEMU's gdb port (the guest is stopped at its first
               instruction, -S)
  TRACE_CALLS  the file of "LABEL ENTRY ARG TAG" lines (futex_calls --list)
  TRACE_REPEAT the guest makes each call this many times; the last is traced
  TRACE_OUT    directory: one file LABEL.pcs per traced call, one PC a line

For a syscall (ENTRY futex, futex_wake, futex_wait) the breakpoint is the
arch's C syscall entry (do_syscall_64(), el0_svc()), with the condition
that the saved user registers hold that syscall's number and TAG in
argument ARG; for a kernel function (ARG "-") it is the function. The traced call runs from there, one instruction at a time, until
it returns to its caller: the caller's return address is read at the
breakpoint. QEMU's gdb stub steps with interrupts masked, so the trace is
the call's own instructions only. A call whose entry is not in this kernel
(the futex2 syscalls on pristine 6.1) is skipped, and said so. At the end
gdb detaches and the guest runs on to its power-off.
"""
import os
import time

import gdb

ARCH = os.environ["TRACE_ARCH"]
REPEAT = int(os.environ["TRACE_REPEAT"])
OUT = os.environ["TRACE_OUT"]
MAX_STEPS = 100000

# Where the saved user registers keep syscall argument N (struct pt_regs),
# and how a function's return address is found at its first instruction.
if ARCH == "arm64":
    ENTRY = "el0_svc"
    WRAPPER = "__arm64_sys_%s"
    REGS = "$x0"
    ARG_OFFSET = [0, 8, 16]
    NR_OFFSET = 64		# x8
    NR = {"futex": 98}
    RETURN = "$x30"
elif ARCH == "x86_64":
    ENTRY = "do_syscall_64"
    WRAPPER = "__x64_sys_%s"
    REGS = "$rdi"
    ARG_OFFSET = [0x70, 0x68, 0x60]	# di, si, dx
    NR_OFFSET = 0x78		# orig_ax
    NR = {"futex": 202}
    RETURN = "*(unsigned long *)$rsp"
else:
    raise gdb.GdbError("trace-call.py: unknown TRACE_ARCH " + ARCH)
NR.update({"futex_wake": 454, "futex_wait": 455})


def is_call(arg, tag, nr):
    """The condition: this syscall, with TAG in argument ARG."""
    return "(*(long *)(%s + %d) == %d && *(long *)(%s + %d) == %s)" % (
        REGS, NR_OFFSET, nr, REGS, ARG_OFFSET[int(arg)], tag)


def value(expr):
    return int(gdb.parse_and_eval(expr)) & 0xFFFFFFFFFFFFFFFF


def has_symbol(name):
    try:
        gdb.execute("info address " + name, to_string=True)
    except gdb.error:
        return False
    return True


def trace(label):
    ret = value(RETURN)
    pcs = [value("$pc")]
    while len(pcs) < MAX_STEPS:
        gdb.execute("stepi", to_string=True)
        pc = value("$pc")
        if pc == ret:
            break
        pcs.append(pc)
    else:
        raise gdb.GdbError("%s: no return after %d instructions" % (label, MAX_STEPS))
    with open(os.path.join(OUT, label + ".pcs"), "w") as f:
        f.write("".join("%x\n" % pc for pc in pcs))
    print("trace-call: %s: %d instructions" % (label, len(pcs)))


gdb.execute("set pagination off")
gdb.execute("set confirm off")
# QEMU may not listen yet: try for ten seconds.
for attempt in range(20):
    try:
        gdb.execute("target remote 127.0.0.1:" + os.environ["TRACE_PORT"])
        break
    except gdb.error:
        if attempt == 19:
            raise
        time.sleep(0.5)

# Breakpoint address -> [label, breakpoint, calls seen]. At the entry's
# first instruction, not after a prologue gdb might skip.
points = {}
with open(os.environ["TRACE_CALLS"]) as f:
    for line in f:
        label, entry, arg, tag = line.split()
        func = entry if arg == "-" else WRAPPER % entry
        if not has_symbol(func):
            print("trace-call: %s: skipped, no %s in this kernel" % (label, func))
            continue
        # A syscall from the arch's C entry, which has the registers as
        # its first argument too: entry and exit work included, as in a
        # program's view of the call.
        addr = value("(unsigned long)&" + (func if arg == "-" else ENTRY))
        nr = NR.get(entry)
        if addr in points:
            points[addr][1].condition += " || " + is_call(arg, tag, nr)
            points[addr].append((label, tag, arg, nr))
            continue
        bp = gdb.Breakpoint("*0x%x" % addr)
        if arg != "-":
            bp.condition = is_call(arg, tag, nr)
        points[addr] = [None, bp, (label, tag, arg, nr)]

seen = {}
left = sum(len(p) - 2 for p in points.values())
while left:
    gdb.execute("continue", to_string=True)
    if not gdb.selected_inferior().pid:
        break
    pc = value("$pc")
    if pc not in points:
        raise gdb.GdbError("trace-call: stopped at %x, not at a breakpoint" % pc)
    # Which of the calls on this entry: the one whose tag is in its argument.
    label = None
    for lab, tag, arg, nr in points[pc][2:]:
        if arg == "-" or value("(long)" + is_call(arg, tag, nr)):
            label = lab
    if label is None or seen.get(label, 0) >= REPEAT:
        continue
    seen[label] = seen.get(label, 0) + 1
    if seen[label] == REPEAT:
        trace(label)
        left -= 1

for p in points.values():
    for lab, _, _, _ in p[2:]:
        if seen.get(lab, 0) < REPEAT:
            print("trace-call: %s: only %d of %d calls seen" % (lab, seen.get(lab, 0), REPEAT))
# Let the guest finish: it checks the results and powers off.
for bp in gdb.breakpoints() or ():
    bp.delete()
gdb.execute("detach")
