"""The one console reader: a guest's console in, results out.

Every layer that boots a kernel hands its console to this module (through
tools/verdict.py, or by import in the comparisons), and nothing else turns
a console into passed, failed and skipped. Two kinds of console are read:

* a guest console (tools/guest/init, the Debian guest's futex2-vm-test,
  glibc-run, the bench, the oracle's guests):

      KTAP version 1
      1..TOTAL
      # ABI/PROGRAM ARGS               one block per program run
          ...the program's own KTAP, indented four spaces...
      ok N ABI/PROGRAM ARGS            (or "# SKIP ...", or
                                        "not ok N ... # exit RC, ...")
      # TAG: P passed, F failed, S skipped   (the guest's own sum: ignored)
      DONE-MARKER

* a KUnit console (kunit.py's test.log), parsed by the kernel's own
  tools/testing/kunit/kunit_parser.py from the tree.

Rules (kselftest's runner semantics, stated once):

* A case is "ok", "not ok", or skipped ("# SKIP" in any case, also on
  "not ok", as kunit_parser reads it); "# XFAIL" counts as skipped too:
  visible, never a pass.
* A program's own plan "1..N" must match its number of results.
* A program's top-level line is read: "not ok" without a failed case is one
  failure (a crash, a timeout: "# exit 137"); a missing top-level line is
  one failure (the console was cut). "# SKIP" there (exit 4, or every case
  skipped) skips a program that printed no case.
* A program that printed no case and exited 0 is one passed case; so is a
  top-level result outside any program's block (a guest that is a single
  program printing plain KTAP).
* The top-level plan must match the number of programs.
* The DONE marker must be there, QEMU must have exited 0 (--qemu-rc, or
  the "QEMU-EXIT-STATUS N" line tools/boot.sh appends), and no kernel
  report (REPORT_RE) may be on the console: each is one failure.
* A console with no case at all is one failure: 0 passed, 0 failed is
  never a result.
"""
import io
import os
import re
import sys

# Every report class 6.1 prints on x86_64 and arm64 that means the kernel
# went wrong: warnings, BUGs and oopses, x86 and arm64 exceptions, the
# sanitizers, lockdep, hung tasks and stalls, list and refcount debugging,
# the stack protector, panics.
REPORT_PATTERNS = [
    r"WARNING:", r"BUG:", r"kernel BUG at", r"Oops", r"Kernel panic",
    r"invalid opcode:", r"general protection fault", r"stack segment:",
    r"double fault:", r"Internal error:", r"Unable to handle kernel",
    r"Unable to handle paging request", r"SError Interrupt",
    r"Bad mode in", r"UBSAN:", r"KASAN:", r"KFENCE:", r"kmemleak:",
    r"possible circular locking", r"possible recursive locking",
    r"inconsistent lock state", r"suspicious RCU usage",
    r"lock held when returning to user space", r"bad unlock balance",
    r"INFO: task .* blocked", r"rcu: INFO", r"watchdog: BUG: soft lockup",
    r"list_add corruption", r"list_del corruption", r"refcount_t:",
    r"stack-protector:", r"Stack corruption", r"Call Trace:", r"Call trace:",
    r"------------\[ cut here \]------------",
]
REPORT_RE = re.compile("|".join(REPORT_PATTERNS))

PROGRAM = re.compile(r"^# (\S.*)$")
TOP = re.compile(r"^(ok|not ok) (\d+) (.*)$")
CASE = re.compile(r"^    (ok|not ok) (\d+)\b ?(.*)$")
PLAN = re.compile(r"^(    )?1\.\.(\d+)\s*$")
DIRECTIVE = re.compile(r"#\s*(SKIP|XFAIL|TODO)\b", re.IGNORECASE)
# What tools/boot.sh appends to a console after QEMU exits.
QEMU_EXIT = re.compile(r"^QEMU-EXIT-STATUS (\d+)$")
# The runners' own summary lines (ignored), also when a kernel message tore
# them: "# futex2-selftests: 5 pas[   12.3] random: ...".
SUMMARY = re.compile(r"^# (futex2-selftests|futex2-vm-test|[\w.-]+: \d+ passed, \d+ failed)")


def case_status(ok, rest):
    """"pass", "fail" or "skip" of a result line's status and description."""
    d = DIRECTIVE.search(rest)
    if d and d.group(1).upper() in ("SKIP", "XFAIL"):
        return "skip"
    return "pass" if ok == "ok" else "fail"


class Program:
    """One run of one program: its cases, plan, top-level line and output."""

    def __init__(self, name):
        self.name = name
        self.cases = []         # [(number, status, description)]
        self.plan = None
        self.top = None         # (status, description) of the top-level line
        self.lines = []         # its output, unindented

    def counts(self):
        """(passed, failed, skipped, problems) of this run, by the rules."""
        p = sum(1 for c in self.cases if c[1] == "pass")
        f = sum(1 for c in self.cases if c[1] == "fail")
        s = sum(1 for c in self.cases if c[1] == "skip")
        problems = []
        if self.plan is not None and self.plan != len(self.cases):
            problems.append(f"{self.name}: plan 1..{self.plan}, "
                            f"{len(self.cases)} results")
        if self.top is None:
            problems.append(f"{self.name}: no result line (console cut)")
        elif self.top[0] == "fail" and f == 0:
            problems.append(f"{self.name}: {self.top[1] or 'failed'}")
        elif self.top[0] == "skip" and not self.cases:
            s += 1
        elif self.top[0] == "pass" and not self.cases:
            p += 1
        f += len(problems)
        return p, f, s, problems

    def passed(self):
        _, f, s, _ = self.counts()
        return f == 0 and bool(self.cases or self.top)


class Console:
    """What a console holds. runs: every Program in console order."""

    def __init__(self):
        self.runs = []
        self.plan = None
        self.done = False
        self.reports = []
        self.lines = 0
        self.qemu_rc = None     # from the host's QEMU-EXIT-STATUS line

    def programs(self):
        """{name: [Program, ...]}: the runs of each program, in order."""
        out = {}
        for r in self.runs:
            out.setdefault(r.name, []).append(r)
        return out


def read_guest(text, done_marker):
    """Parse a guest console (str) into a Console."""
    con = Console()
    cur = None
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        con.lines += 1
        if REPORT_RE.search(line):
            con.reports.append(line.strip())
        m = QEMU_EXIT.match(line)
        if m:
            con.qemu_rc = int(m.group(1))
            cur = None
            continue
        if done_marker and line.startswith(done_marker):
            con.done = True
            cur = None
            continue
        m = TOP.match(line)
        if m:
            rest = m.group(3)
            status = case_status(m.group(1), rest)
            if cur is None:
                # A result outside a program's block (a guest that is one
                # program, tools/guest/futex_calls.c): a case of its own.
                cur = Program(rest.split("#", 1)[0].strip())
                con.runs.append(cur)
            cur.top = (status, rest.split("#", 1)[1].strip() if "#" in rest else "")
            cur = None
            continue
        if SUMMARY.match(line):
            cur = None
            continue
        m = PROGRAM.match(line)
        if m:
            cur = Program(m.group(1))
            con.runs.append(cur)
            continue
        m = PLAN.match(line)
        if m and not m.group(1) and con.plan is None and cur is None:
            con.plan = int(m.group(2))
            continue
        if cur is None:
            continue
        if line.startswith("    "):
            cur.lines.append(line[4:])
        m = CASE.match(line)
        if m:
            cur.cases.append((int(m.group(2)), case_status(m.group(1), m.group(3)),
                              m.group(3)))
            continue
        m = PLAN.match(line)
        if m and m.group(1) and cur.plan is None:
            cur.plan = int(m.group(2))
    return con


def not_passed(text, done_marker):
    """The cases of a guest console that failed or skipped, as lines
    "PROGRAM: not ok N DESCRIPTION" (the result line as printed)."""
    out = []
    for run in read_guest(text, done_marker).runs:
        for num, status, desc in run.cases:
            if status != "pass":
                out.append(f"{run.name}: {'not ok' if status == 'fail' else 'ok'} {num} {desc}")
    return out


class Verdict:
    """A layer's result: passed, failed, skipped and why it failed."""

    def __init__(self, layer):
        self.layer = layer
        self.passed = self.failed = self.skipped = 0
        self.problems = []

    def fail(self, why):
        self.failed += 1
        self.problems.append(why)

    def add(self, p, f, s):
        self.passed += p
        self.failed += f
        self.skipped += s

    def finish(self):
        """The last rule: no case at all is a failure, never 0/0."""
        if self.passed + self.failed + self.skipped == 0:
            self.fail("no test result on the console")
        return self

    def line(self):
        return (f"{self.layer}: {self.passed} passed, {self.failed} failed, "
                f"{self.skipped} skipped")


def check_boot(v, con, qemu_rc, done_marker):
    """The rules every boot shares: DONE, QEMU's exit status, reports."""
    if done_marker and not con.done:
        v.fail(f"no {done_marker}: the guest hung, crashed or was cut")
    if qemu_rc is None:
        qemu_rc = con.qemu_rc
    if qemu_rc is not None and qemu_rc != 0:
        v.fail(f"QEMU exited {qemu_rc}" +
               (" (killed at its time limit)" if qemu_rc in (124, 137) else ""))
    if con.reports:
        v.fail(f"{len(con.reports)} kernel report line(s), first: {con.reports[0]}")


def guest_verdict(layer, text, done_marker, qemu_rc=None):
    """The verdict of a guest console: every program run by the rules."""
    v = Verdict(layer)
    con = read_guest(text, done_marker)
    for run in con.runs:
        p, f, s, problems = run.counts()
        v.add(p, f - len(problems), s)
        for why in problems:
            v.fail(why)
        for c in run.cases:
            if c[1] == "fail":
                v.problems.append(f"{run.name}: not ok {c[0]} {c[2]}")
    if con.plan is not None and con.plan != len(con.runs):
        v.fail(f"plan 1..{con.plan}, {len(con.runs)} programs ran")
    check_boot(v, con, qemu_rc, done_marker)
    return v.finish(), con


def kunit_verdict(layer, text, tree, qemu_rc=None):
    """The verdict of a KUnit console, by the kernel's own kunit_parser."""
    sys.path.insert(0, os.path.join(tree, "tools/testing/kunit"))
    sys.dont_write_bytecode = True
    import kunit_parser  # pylint: disable=import-outside-toplevel

    # sparc ends lines with "\r\r\n"; kunit_parser loses the nesting on the
    # empty lines that makes, so they go.
    lines = [ln.rstrip("\r") for ln in text.splitlines()]
    lines = [ln + "\n" for ln in lines if ln.strip()]
    v = Verdict(layer)
    con = Console()
    con.reports = [ln.strip() for ln in lines if REPORT_RE.search(ln)]
    # kunit_parser prints its progress through kunit_printer's stdout
    # Printer, bound to sys.stdout at import: silence it while it parses.
    printer = kunit_parser.stdout
    saved = printer._output  # pylint: disable=protected-access
    printer._output = io.StringIO()  # pylint: disable=protected-access
    try:
        test = kunit_parser.parse_run_tests(lines)
    finally:
        printer._output = saved  # pylint: disable=protected-access
    c = test.counts
    v.add(c.passed, c.failed + c.crashed, c.skipped)
    if c.errors:
        v.fail(f"{c.errors} KTAP parse error(s)")
    # 6.1's KUnit prints the results of a skipped parameterised case
    # without "# SKIP" ("ok 1 U8"), so kunit_parser counts them as passed;
    # KUnit's "# case: pass:P fail:F skip:S total:T" lines say how many.
    skips = sum(int(m.group(1)) for m in
                (re.match(r"^    # [a-z0-9_]+: pass:\d+ fail:\d+ skip:(\d+) total:\d+", ln)
                 for ln in lines) if m)
    if skips:
        v.passed -= skips
        v.skipped += skips
    for t in _failed_cases(test):
        v.problems.append(f"not ok {t}")
    if not any(re.match(r"\s*(KTAP|TAP) version", ln) for ln in lines):
        v.fail("no KTAP on the console (the kernel did not build or boot)")
    check_boot(v, con, qemu_rc, None)
    return v.finish(), con


def _failed_cases(test, prefix=""):
    from kunit_parser import TestStatus  # pylint: disable=import-outside-toplevel
    for sub in test.subtests:
        name = f"{prefix}{sub.name}"
        if sub.subtests:
            yield from _failed_cases(sub, name + ".")
        elif sub.status in (TestStatus.FAILURE, TestStatus.TEST_CRASHED):
            yield name


def write_record(path, v, run):
    """One record per layer: "PASSED FAILED SKIPPED RUN"."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{v.passed} {v.failed} {v.skipped} {run}\n")
    os.replace(tmp, path)


def read_record(path):
    """(passed, failed, skipped, run) of a record, or None if unreadable."""
    try:
        with open(path) as f:
            words = f.read().split()
    except OSError:
        return None
    if len(words) != 4 or not all(w.isdigit() for w in words[:3]):
        return None
    return int(words[0]), int(words[1]), int(words[2]), words[3]
