// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree module, built in the Debian guest against the installed
 * linux-headers package (futex2-vm-test's "module" case): proof that the
 * headers package builds modules for the kernel it came with.
 */
#include <linux/module.h>
#include <linux/utsname.h>

static int __init futex2_hello_init(void)
{
	pr_info("futex2_hello: loaded into %s\n", init_utsname()->release);
	return 0;
}

static void __exit futex2_hello_exit(void)
{
}

module_init(futex2_hello_init);
module_exit(futex2_hello_exit);
MODULE_DESCRIPTION("futex2 guest: an out-of-tree module built against linux-headers");
MODULE_LICENSE("GPL");
