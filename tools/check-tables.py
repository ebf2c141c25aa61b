#!/usr/bin/env python3
"""Check, without building a kernel, that every syscall table and header in
the overlay carries futex_wake, futex_wait and futex_requeue at the numbers
arch-matrix gives, in the right ABI column, with nothing else at or between
the new numbers, and that the syscall-count macros are one past the last
number.  Prints KTAP; exits non-zero on any failure.

It also checks the values of the arch rows' keys that decide what runs
(kunit=, selftest=, icount=, numa=): a typo such as "selftest=Yes" would
drop a layer from the run without a word.

Usage: tools/check-tables.py [OVERLAY_DIR [ARCH_MATRIX]]
       tools/check-tables.py --self-test   (the checker catches broken copies)
       tools/check-tables.py --matrix-only ARCH_MATRIX   (just the arch rows)
"""

import os
import re
import shutil
import sys
import tempfile

NAMES = ("futex_wake", "futex_wait", "futex_requeue")
# The numbers mainline used just before futex_wake (cachestat, fchmodat2,
# map_shadow_stack): they must stay unassigned here.
GAP = 3

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


class Checker:
    def __init__(self):
        self.results = []

    def check(self, ok, name, why=""):
        self.results.append((bool(ok), name, why))

    def ktap(self, out=sys.stdout):
        print("KTAP version 1", file=out)
        print(f"1..{len(self.results)}", file=out)
        for i, (ok, name, why) in enumerate(self.results, 1):
            if not ok and why:
                for line in why.splitlines():
                    print(f"# {line}", file=out)
            print(f"{'ok' if ok else 'not ok'} {i} {name}", file=out)
        passed = sum(ok for ok, _, _ in self.results)
        failed = len(self.results) - passed
        print(f"# check-tables: {passed} passed, {failed} failed", file=out)
        return passed, failed


# The keys of an arch row that decide what runs, and their values.
ARCH_KEYS = {"kunit": {"yes", "matrix", "no"}, "selftest": {"yes", "no"},
             "icount": {"yes", "no"}, "numa": {"yes", "no"}}


def check_arch_rows(ck, path):
    """Every arch row's deciding keys have a known value."""
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words or words[0] != "arch":
                continue
            bad = []
            for w in words[2:]:
                key, _, val = w.partition("=")
                if key in ARCH_KEYS and val not in ARCH_KEYS[key]:
                    bad.append(f"{w} (one of: {', '.join(sorted(ARCH_KEYS[key]))})")
                if key.lower() in ARCH_KEYS and key not in ARCH_KEYS:
                    bad.append(f"{w} (the key is {key.lower()})")
            ck.check(not bad, f"arch-matrix:{lineno} arch {words[1]}: known values",
                     "; ".join(bad))


def read_matrix(path):
    tables, counts = [], []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] == "table" and len(words) == 4:
                tables.append((words[1], words[2], int(words[3])))
            elif words[0] == "count" and len(words) == 5:
                counts.append((words[1], words[2], int(words[3]), words[4]))
            elif words[0] not in ("arch", "table", "count"):
                sys.exit(f"{path}:{lineno}: unknown row '{words[0]}'")
            elif words[0] != "arch":
                sys.exit(f"{path}:{lineno}: malformed {words[0]} row")
    return tables, counts


def tbl_entries(path):
    """(number, abi, name, entry points...) of a syscall.tbl."""
    entries = []
    with open(path) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if len(words) >= 3 and words[0].isdigit():
                entries.append((int(words[0]), words[1], words[2], words[3:]))
    return entries


def header_entries(path):
    """(number, 'header', name, [entry]) from #define __NR_x N / __SYSCALL."""
    text = open(path).read()
    defines = {m.group(1): int(m.group(2)) for m in
               re.finditer(r"^#define __NR_(\w+)\s+(\d+)\s*$", text, re.M)}
    calls = {}
    for m in re.finditer(r"__SYSCALL\(__NR_(\w+),\s*(\w+)\)", text):
        calls.setdefault(m.group(1), []).append(m.group(2))
    entries = []
    for name, nr in defines.items():
        if name in ("syscalls", "compat_syscalls", "arch_specific_syscall"):
            continue
        entries.append((nr, "header", name, calls.get(name, [])))
    return entries


def check_table(ck, overlay, path, abi, first):
    full = os.path.join(overlay, path)
    if not os.path.exists(full):
        ck.check(False, f"{path} present in the overlay", "missing")
        return
    entries = header_entries(full) if abi == "header" else tbl_entries(full)
    by_nr = {}
    for e in entries:
        by_nr.setdefault(e[0], []).append(e)

    for k, name in enumerate(NAMES):
        nr = first + k
        at = by_nr.get(nr, [])
        ok = len(at) == 1 and at[0][1] == abi and at[0][2] == name
        if ok:
            entry_points = at[0][3]
            ok = entry_points and all(ep == f"sys_{name}" for ep in entry_points)
        ck.check(ok, f"{path}: {nr} {abi} {name} sys_{name}",
                 f"found at {nr}: {at}")
        elsewhere = [e for e in entries if e[2] == name and e[0] != nr]
        ck.check(not elsewhere, f"{path}: {name} only at {nr}",
                 f"also at: {elsewhere}")

    gap = [e for e in entries if first - GAP <= e[0] < first]
    ck.check(not gap, f"{path}: {first - GAP}..{first - 1} unassigned",
             f"assigned: {gap}")
    # 32/64-bit variants share a number under different ABIs; a "common"
    # entry or a repeated (number, ABI) pair is a clash.
    dup = sorted({e[0] for e in entries if e[0] >= first - GAP and len(by_nr[e[0]]) > 1})
    if abi != "header":
        for nr, same in by_nr.items():
            abis = [e[1] for e in same]
            if len(set(abis)) < len(abis) or (len(abis) > 1 and "common" in abis):
                dup.append(nr)
    ck.check(not dup, f"{path}: no number used twice in one ABI",
             f"duplicates: {sorted(set(dup))}")


def check_count(ck, overlay, path, macro, value, source):
    text = open(os.path.join(overlay, path)).read()
    m = re.findall(rf"^#define {macro}\s+(\d+)\s*$", text, re.M)
    ck.check(m and int(m[-1]) == value, f"{path}: {macro} is {value}",
             f"found {m}")
    entries = header_entries(os.path.join(overlay, source))
    last = max(e[0] for e in entries)
    ck.check(value == last + 1, f"{path}: {macro} is one past {source}'s last number",
             f"last number {last}, {macro} {value}")


def check_decls(ck, overlay):
    syscalls_h = open(os.path.join(overlay, "include/linux/syscalls.h")).read()
    sys_ni = open(os.path.join(overlay, "kernel/sys_ni.c")).read()
    futex_c = open(os.path.join(overlay, "kernel/futex/syscalls.c")).read()
    for name in NAMES:
        ck.check(re.search(rf"asmlinkage long sys_{name}\(", syscalls_h),
                 f"include/linux/syscalls.h declares sys_{name}")
        ck.check(f"COND_SYSCALL({name});" in sys_ni,
                 f"kernel/sys_ni.c has COND_SYSCALL({name})")
        ck.check(re.search(rf"SYSCALL_DEFINE\d\({name},", futex_c),
                 f"kernel/futex/syscalls.c defines {name}")


def run_checks(overlay, matrix, ck):
    check_arch_rows(ck, matrix)
    tables, counts = read_matrix(matrix)
    ck.check(tables, f"{matrix} lists syscall tables")
    for path, abi, first in tables:
        check_table(ck, overlay, path, abi, first)
    for path, macro, value, source in counts:
        check_count(ck, overlay, path, macro, value, source)
    check_decls(ck, overlay)


# Each mutation breaks one thing in a copy of the overlay; the checker must
# then report at least one failure.
MUTATIONS = [
    ("a syscall line removed",
     "arch/arm/tools/syscall.tbl", r"^455\s+common\s+futex_wait.*\n", ""),
    ("a syscall renumbered into the gap",
     "arch/x86/entry/syscalls/syscall_64.tbl", r"^456(\s+common\s+futex_requeue)", r"453\1"),
    ("a wrong ABI column",
     "arch/mips/kernel/syscalls/syscall_n32.tbl", r"^454\s+n32", "454\tn64"),
    ("a misspelt compat entry point",
     "arch/s390/kernel/syscalls/syscall.tbl", r"(futex_wake\s+sys_futex_wake\s+)sys_futex_wake", r"\1sys_futex_wak"),
    ("a header define renumbered",
     "arch/arm64/include/asm/unistd32.h", r"__NR_futex_wait 455", "__NR_futex_wait 457"),
    ("a stale syscall count",
     "include/uapi/asm-generic/unistd.h", r"#define __NR_syscalls 457", "#define __NR_syscalls 456"),
    ("a stale compat syscall count",
     "arch/arm64/include/asm/unistd.h", r"(__NR_compat_syscalls\s+)457", r"\g<1>454"),
    ("a missing COND_SYSCALL",
     "kernel/sys_ni.c", r"COND_SYSCALL\(futex_wake\);\n", ""),
]


def self_test(overlay, matrix):
    ck = Checker()
    for what, path, pattern, repl in MUTATIONS:
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(overlay, tmp, dirs_exist_ok=True)
            full = os.path.join(tmp, path)
            text = open(full).read()
            broken, n = re.subn(pattern, repl, text, count=1, flags=re.M)
            if n != 1:
                ck.check(False, f"self-test: {what}", f"pattern not found in {path}")
                continue
            open(full, "w").write(broken)
            inner = Checker()
            run_checks(tmp, matrix, inner)
            failed = sum(not ok for ok, _, _ in inner.results)
            ck.check(failed > 0, f"self-test: {what} in {path} is caught",
                     "the checker passed a broken overlay")
    return ck


def main():
    args = sys.argv[1:]
    if args[:1] == ["--matrix-only"] and len(args) == 2:
        ck = Checker()
        check_arch_rows(ck, args[1])
        _, failed = ck.ktap()
        return 1 if failed else 0
    testing = args[:1] == ["--self-test"]
    if testing:
        args = args[1:]
    overlay = args[0] if len(args) > 0 else os.path.join(REPO, "kernel-overlay")
    matrix = args[1] if len(args) > 1 else os.path.join(REPO, "arch-matrix")
    if not os.path.isdir(overlay):
        sys.exit(f"check-tables: no overlay directory {overlay}")
    if not os.path.isfile(matrix):
        sys.exit(f"check-tables: no arch matrix {matrix}")
    if testing:
        ck = self_test(overlay, matrix)
    else:
        ck = Checker()
        run_checks(overlay, matrix, ck)
    _, failed = ck.ktap()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
