#!/usr/bin/env python3
"""What a guest runs: a suite of tools/suites/ turned into the guest's list.

Usage:
  suite.py SUITE --field abis|build|machine
  suite.py SUITE --list --tree TREE [--variant V] [--foreign] [--only RE]

A suite file holds:
  abis native [compat]     the ABIs whose programs the guest runs
  build selftests|mainline|bench   how tools/guest-build.sh builds them
  machine test|measure     the QEMU machine (default test; measure: the
                           instruction clock, tools/machines/ARCH)
  include run.sh [mainline]  the program lines of the tree's (or Debian
                           6.12's, tools/ref-tree.sh) futex run.sh
  include man-examples     the manual pages' example programs
  repeat N PROGRAM         run that program N times in a row
  unless VARIANT: LINE     LINE, except on that kernel variant
  host LINE                a host program (absolute path) copied into the
                           guest; with --foreign, a visible SKIP instead
  PROGRAM ARGS             anything else: one program line
@NAME@ in a line is the environment variable NAME (tools/env.sh budgets);
a missing one is an error. A list line "!skip NAME -- REASON" makes the
guest print a SKIP result for NAME (tools/guest/init). ORACLE_REPLAY="KIND
SEED CHUNK" replaces the oracle's list with that chunk's verbose replay.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(msg):
    print(f"suite.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read_suite(name):
    path = os.path.join(HERE, "suites", name)
    if not os.path.isfile(path):
        fail(f"no suite '{name}' in {os.path.join(HERE, 'suites')}")
    fields, lines = {"machine": "test"}, []
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            if word in ("abis", "build", "machine"):
                fields[word] = rest.strip()
            else:
                lines.append((n, line))
    for key in ("abis", "build"):
        if key not in fields:
            fail(f"{path}: no '{key}' line")
    if fields["machine"] not in ("test", "measure"):
        fail(f"{path}: machine must be test or measure")
    return path, fields, lines


def run_sh(tree):
    path = os.path.join(tree, "tools/testing/selftests/futex/functional/run.sh")
    out = []
    with open(path) as f:
        for line in f:
            m = re.match(r"^\./(futex\S*)(.*)$", line.rstrip("\n"))
            if m:
                out.append((m.group(1) + re.sub(r" *\$COLOR", "", m.group(2))).strip())
    if not out:
        fail(f"{path}: no program lines")
    return out


def man_examples():
    out = subprocess.run([os.path.join(HERE, "man-examples.sh"), "/tmp/suite-man-examples"],
                         capture_output=True, text=True)
    if out.returncode:
        fail(f"man-examples.sh: {out.stderr.strip()}")
    return out.stdout.split()


def fill(line, where):
    def var(m):
        v = os.environ.get(m.group(1))
        if v is None:
            fail(f"{where}: @{m.group(1)}@ is not set")
        return v
    return re.sub(r"@(\w+)@", var, line)


def make_list(args):
    path, _, lines = read_suite(args.suite)
    if args.suite == "oracle" and os.environ.get("ORACLE_REPLAY"):
        kind, seed, chunk = os.environ["ORACLE_REPLAY"].split()
        return [f"futex_trace -a {kind} -s {seed} -k {chunk} -v"]
    out, repeats = [], {}
    for n, line in lines:
        where = f"{path}:{n}"
        word, _, rest = line.partition(" ")
        if word == "include":
            what = rest.split()
            if what[:1] == ["run.sh"]:
                tree = args.mainline if what[1:] == ["mainline"] else args.tree
                if not tree:
                    fail(f"{where}: include {rest}: no tree given")
                out += run_sh(tree)
            elif what == ["man-examples"]:
                out += man_examples()
            else:
                fail(f"{where}: cannot include '{rest}'")
        elif word == "repeat":
            count, prog = rest.split(None, 1)
            repeats[prog.strip()] = int(count)
        elif word == "unless":
            m = re.match(r"(\w+):\s*(.*)$", rest)
            if not m:
                fail(f"{where}: 'unless VARIANT: LINE'")
            if (args.variant or "patched") != m.group(1):
                out.append(fill(m.group(2), where))
        elif word == "host":
            prog = fill(rest, where)
            if args.foreign:
                name = os.path.basename(prog.split()[0])
                out.append(f"!skip {name} -- a host program; this guest's arch cannot run it")
            else:
                out.append(prog)
        else:
            out.append(fill(line, where))
    final = []
    for line in out:
        final += [line] * repeats.get(line, 1)
    missing = [p for p in repeats if p not in out]
    if missing:
        fail(f"{path}: repeat of a program the list does not have: {', '.join(missing)}")
    if args.only:
        final = [ln for ln in final if re.search(args.only, ln)]
        if not final:
            fail(f"no program of the {args.suite} list matches '{args.only}'")
    return final


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("suite")
    ap.add_argument("--field", choices=("abis", "build", "machine"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--tree")
    ap.add_argument("--mainline")
    ap.add_argument("--variant", default="")
    ap.add_argument("--foreign", action="store_true")
    ap.add_argument("--only")
    a = ap.parse_args()
    if a.field:
        print(read_suite(a.suite)[1][a.field])
        return 0
    if not a.list:
        ap.error("--field or --list")
    print("\n".join(make_list(a)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
