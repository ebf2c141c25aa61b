#!/usr/bin/env python3
"""Print, one per line as NAME=VALUE, the QEMU parameters the kernel's own
kunit.py uses for an architecture (tools/testing/kunit/qemu_configs), so the
booted selftests run the same machine as KUnit without a second copy.

Usage: tools/qemu-params.py TREE KUNIT_ARCH
"""
import os
import shlex
import sys

tree, arch = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(tree, "tools/testing/kunit"))
sys.dont_write_bytecode = True
import kunit_kernel  # noqa: E402

_, ops = kunit_kernel._get_qemu_ops(kunit_kernel._default_qemu_config_path(arch), None, None)
print("QEMU=" + shlex.quote("qemu-system-" + ops._qemu_arch))
print("QEMU_MACHINE=" + shlex.quote(" ".join(map(shlex.quote, ops._extra_qemu_params))))
print("QEMU_IMAGE=" + shlex.quote(ops._kernel_path))
# KUnit is switched off in these boots; so is its shutdown after the tests.
cmdline = ops._kernel_command_line.replace(" kunit_shutdown=reboot", "")
print("QEMU_CMDLINE=" + shlex.quote(cmdline))
