// SPDX-License-Identifier: GPL-2.0
/*
 * FUTEX2_MPOL: an unset node comes from the memory policy of the futex's
 * mapping. For each size and for nodes 0 and 1: mbind(2) MPOL_PREFERRED,
 * MPOL_BIND and MPOL_PREFERRED_MANY with set_mempolicy_home_node(2), then a
 * no-node FUTEX2_NUMA|FUTEX2_MPOL wake with nr=0 fills in the policy's node
 * while the caller runs on the other node; policies without a node give the
 * current node; without FUTEX2_NUMA nothing is written. Waiters and wakers
 * with FUTEX2_MPOL on one side only meet (the node word decides), and the
 * errors are those of FUTEX2_NUMA.
 *
 * Usage: futex2_mpol [-N NODES]   fail unless the system has NODES nodes
 *                                 (default: $FUTEX2_NUMA_NODES, else any)
 */

#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <linux/mempolicy.h>

#include "futex2_helpers.h"
#include "kselftest.h"

#ifndef FUTEX2_MPOL
#define FUTEX2_MPOL		0x08
#endif
#ifndef __NR_set_mempolicy_home_node
#define __NR_set_mempolicy_home_node	450
#endif

static const unsigned int sizes[] = {
	FUTEX2_SIZE_U8, FUTEX2_SIZE_U16, FUTEX2_SIZE_U32,
};

static int nodes;

/* mbind(2) of the page at @p: @mode over the nodes of @mask. */
static int mbind_page(void *p, int mode, unsigned long mask)
{
	return syscall(__NR_mbind, p, getpagesize(), mode, &mask,
		       8 * sizeof(mask), 0);
}

static int home_node(void *p, int node)
{
	return syscall(__NR_set_mempolicy_home_node, p, getpagesize(), node, 0);
}

/* All nodes, as a mask for mbind_page(). */
static unsigned long all_nodes(void)
{
	return nodes >= 8 * (int)sizeof(long) ? ~0UL : (1UL << nodes) - 1;
}

/* Run on a CPU of @node; false if it has none. */
static bool run_on(int node)
{
	int cpu = futex2_first_cpu_of(node);

	return cpu >= 0 && !futex2_pin_to(cpu) && futex2_current_node() == (unsigned int)node;
}

enum policy { PREFERRED, BIND_HOME, PREFERRED_MANY_HOME, BIND_NO_HOME, NO_POLICY };

static const char *const policy_name[] = {
	[PREFERRED]		= "MPOL_PREFERRED",
	[BIND_HOME]		= "MPOL_BIND + home node",
	[PREFERRED_MANY_HOME]	= "MPOL_PREFERRED_MANY + home node",
	[BIND_NO_HOME]		= "MPOL_BIND, no home node",
	[NO_POLICY]		= "no policy",
};

/* Give the page at @p policy @pol naming @node; 0 or an errno. */
static int set_policy(void *p, enum policy pol, int node)
{
	int ret = 0;

	switch (pol) {
	case PREFERRED:
		ret = mbind_page(p, MPOL_PREFERRED, 1UL << node);
		break;
	case BIND_HOME:
	case BIND_NO_HOME:
		ret = mbind_page(p, MPOL_BIND, all_nodes());
		if (!ret && pol == BIND_HOME)
			ret = home_node(p, node);
		break;
	case PREFERRED_MANY_HOME:
		ret = mbind_page(p, MPOL_PREFERRED_MANY, all_nodes());
		if (!ret)
			ret = home_node(p, node);
		break;
	case NO_POLICY:
		break;
	}
	return ret ? errno : 0;
}

/*
 * The policy names @node; the caller runs on the other node. A no-node
 * NUMA|MPOL wake of nobody fills in the policy's node, or for a policy
 * without a node the caller's; the value and the word after stay.
 */
static void test_fills_in(unsigned int size, enum policy pol, int node)
{
	unsigned int flags = size | FUTEX2_NUMA | FUTEX2_MPOL | FUTEX2_PRIVATE;
	unsigned int s = futex2_bytes(size), no_node = futex2_size_max(size);
	int other = node ? 0 : 1, want, res, err;
	uint8_t *p = futex2_page();

	err = set_policy(p, pol, node);
	if (err || !run_on(other)) {
		ksft_test_result_fail("U%u %s node %d: cannot set it up (%s)\n", 8 * s,
				      policy_name[pol], node, err ? strerror(err) : "no CPU");
		munmap(p, getpagesize());
		return;
	}
	want = pol == BIND_NO_HOME || pol == NO_POLICY ? other : node;
	futex2_store(p, size, 0x5a);
	futex2_store(p + s, size, no_node);
	futex2_store(p + 2 * s, size, no_node);
	res = futex2_wake(p, no_node, 0, flags);
	err = errno;
	ksft_test_result(res == 0 && futex2_load(p + s, size) == (uint32_t)want &&
			 futex2_load(p, size) == 0x5a &&
			 futex2_load(p + 2 * s, size) == no_node,
			 "U%u %s (node %d), caller on node %d: node word %d (got 0x%x, wake %d%s%s)\n",
			 8 * s, policy_name[pol], node, other, want, futex2_load(p + s, size),
			 res, res ? " " : "", res ? strerror(err) : "");
	munmap(p, getpagesize());
}

/* Without FUTEX2_NUMA there is no node word: nothing after the value changes. */
static void test_no_numa_writes_nothing(unsigned int size)
{
	unsigned int flags = size | FUTEX2_MPOL | FUTEX2_PRIVATE;
	unsigned int s = futex2_bytes(size), no_node = futex2_size_max(size);
	uint8_t *p = futex2_page();
	int res, err;

	set_policy(p, PREFERRED, 1);
	futex2_store(p + s, size, no_node);
	res = futex2_wake(p, no_node, 0, flags);
	err = errno;
	ksft_test_result(res == 0 && futex2_load(p + s, size) == no_node,
			 "U%u MPOL without NUMA: wake %d%s%s, the word after the value untouched (0x%x)\n",
			 8 * s, res, res ? " " : "", res ? strerror(err) : "",
			 futex2_load(p + s, size));
	munmap(p, getpagesize());
}

/*
 * FUTEX2_MPOL on one side only: the first to come claims the node word
 * (the waiter on node 0, the policy naming node 1), the other reads it.
 */
static void test_one_sided(unsigned int size, bool waiter_mpol)
{
	unsigned int s = futex2_bytes(size), no_node = futex2_size_max(size);
	unsigned int numa = size | FUTEX2_NUMA | FUTEX2_PRIVATE;
	uint8_t *p = futex2_page();
	struct futex2_waiter w = {
		.uaddr = p, .val = 0, .mask = no_node,
		.flags = numa | (waiter_mpol ? FUTEX2_MPOL : 0),
	};
	unsigned int want = waiter_mpol ? 1 : 0;
	bool asleep, woken;
	int res = -1;

	set_policy(p, PREFERRED, 1);
	futex2_store(p + s, size, no_node);
	run_on(0);
	asleep = futex2_start_waiter(&w);	/* the thread runs on node 0 */
	run_on(1);
	if (asleep)
		res = futex2_wake(p, no_node, 1, numa | (waiter_mpol ? 0 : FUTEX2_MPOL));
	woken = futex2_join_woken(&w);
	run_on(0);
	ksft_test_result(asleep && res == 1 && woken && futex2_load(p + s, size) == want,
			 "U%u MPOL on the %s only: they meet on node %u (wake %d, node word 0x%x)\n",
			 8 * s, waiter_mpol ? "waiter" : "waker", want, res,
			 futex2_load(p + s, size));
	munmap(p, getpagesize());
}

/* MPOL alone on both sides: the policy's node picks the table for both. */
static void test_mpol_only_meet(void)
{
	unsigned int flags = FUTEX2_SIZE_U32 | FUTEX2_MPOL | FUTEX2_PRIVATE;
	uint8_t *p = futex2_page();
	struct futex2_waiter w = {
		.uaddr = p, .val = 0, .mask = ~0U, .flags = flags,
	};
	bool asleep, woken;
	int res = -1;

	set_policy(p, PREFERRED, 1);
	asleep = futex2_start_waiter(&w);
	if (asleep)
		res = futex2_wake(p, ~0U, 1, flags);
	woken = futex2_join_woken(&w);
	ksft_test_result(asleep && res == 1 && woken,
			 "U32 MPOL without NUMA: the waker finds the waiter (wake %d)\n", res);
	munmap(p, getpagesize());
}

/* futex_requeue and futex_waitv take FUTEX2_MPOL in their entries. */
static void test_requeue_and_waitv(void)
{
	unsigned int flags = FUTEX2_SIZE_U32 | FUTEX2_NUMA | FUTEX2_MPOL | FUTEX2_PRIVATE;
	uint32_t *p = (uint32_t *)futex2_page();
	struct futex2_waiter w = {
		.uaddr = p, .val = 0, .mask = ~0U, .flags = flags,
	};
	struct futex_waitv v[2] = {
		{ .uaddr = (uintptr_t)p, .flags = flags },
		{ .uaddr = (uintptr_t)(p + 2), .flags = flags },
	};
	struct timespec ts;
	bool asleep, woken;
	int res = -1, err;

	set_policy(p, PREFERRED, 1);
	p[1] = ~0U;
	p[3] = ~0U;
	asleep = futex2_start_waiter(&w);
	if (asleep)
		res = futex2_requeue(v, 0, 0, 1);
	err = errno;
	ksft_test_result(asleep && res == 1 && p[1] == 1 && p[3] == 1,
			 "futex_requeue: MPOL entries, requeued %d%s%s, node words %u %u\n",
			 res, res < 0 ? " " : "", res < 0 ? strerror(err) : "", p[1], p[3]);
	if (asleep) {
		res = futex2_wake(p + 2, ~0U, 1, flags);
		woken = futex2_join_woken(&w);
		ksft_test_result(res == 1 && woken,
				 "futex_requeue: the requeued waiter is found at the target (wake %d)\n",
				 res);
	} else {
		futex2_join_woken(&w);
		ksft_test_result_fail("futex_requeue: the waiter never slept\n");
	}

	/* The requeue flag rule: MPOL on one entry only is EINVAL. */
	v[1].flags = flags & ~FUTEX2_MPOL;
	res = futex2_requeue(v, 0, 0, 1);
	ksft_test_result(res == -1 && errno == EINVAL,
			 "futex_requeue: MPOL on one entry only is EINVAL (%d %s)\n",
			 res, strerror(errno));

	/* futex_waitv: an MPOL entry is accepted; a wrong value is EAGAIN. */
	v[0].val = 1;
	v[0].flags = flags;
	futex2_abs_timeout(CLOCK_MONOTONIC, 1, &ts);
	res = futex_waitv(v, 1, 0, &ts, CLOCK_MONOTONIC);
	ksft_test_result(res == -1 && errno == EAGAIN,
			 "futex_waitv: an MPOL entry is taken (value differs: %d %s)\n",
			 res, strerror(errno));
	munmap(p, getpagesize());
}

/* The errors of FUTEX2_NUMA hold with FUTEX2_MPOL. */
static void test_errors(void)
{
	unsigned int flags = FUTEX2_SIZE_U32 | FUTEX2_NUMA | FUTEX2_MPOL | FUTEX2_PRIVATE;
	uint8_t *p = futex2_page(), *gone = futex2_page();
	int res, err;

	munmap(gone, getpagesize());
	res = futex2_wake(gone, ~0U, 0, flags);
	err = errno;
	ksft_test_result(res == -1 && err == EFAULT,
			 "unmapped futex, NUMA|MPOL: EFAULT (%d %s)\n", res, strerror(err));

	res = futex2_wait(gone, 0, ~0U, FUTEX2_SIZE_U32 | FUTEX2_MPOL | FUTEX2_PRIVATE,
			  NULL, 0);
	err = errno;
	ksft_test_result(res == -1 && err == EFAULT,
			 "unmapped futex, MPOL alone: EFAULT from the value read (%d %s)\n",
			 res, strerror(err));

	res = futex2_wake(p + 4, ~0U, 0, flags);
	err = errno;
	ksft_test_result(res == -1 && err == EINVAL,
			 "NUMA|MPOL aligned to the size but not to twice it: EINVAL (%d %s)\n",
			 res, strerror(err));

	set_policy(p, PREFERRED, 0);
	*(uint32_t *)(p + 4) = nodes;	/* not a node */
	res = futex2_wake(p, ~0U, 0, flags);
	err = errno;
	ksft_test_result(res == -1 && err == EINVAL && *(uint32_t *)(p + 4) == (uint32_t)nodes,
			 "node word %d set: EINVAL, the policy does not override it (%d %s)\n",
			 nodes, res, strerror(err));

	res = futex2_wake(p, ~0U, 0, FUTEX2_SIZE_U64 | FUTEX2_MPOL | FUTEX2_PRIVATE);
	ksft_test_result(res == -1 && errno == EINVAL, "U64 with MPOL: EINVAL (%d %s)\n",
			 res, strerror(errno));
	munmap(p, getpagesize());
}

int main(int argc, char *argv[])
{
	const char *env = getenv("FUTEX2_NUMA_NODES");
	int want_nodes = env ? atoi(env) : 0, c, node;
	unsigned int i, pol;

	while ((c = getopt(argc, argv, "cN:")) != -1) {
		if (c == 'N')
			want_nodes = atoi(optarg);
		else if (c != 'c')
			ksft_exit_fail_msg("usage: %s [-N NODES]\n", argv[0]);
	}

	ksft_print_header();
	nodes = futex2_numa_nodes();
	if (nodes < 2 && !want_nodes)
		ksft_exit_skip("FUTEX2_MPOL needs two NUMA nodes (the system has %d)\n", nodes);
	ksft_set_plan(1 + 3 * (5 * 2 + 1 + 2) + 1 + 4 + 5);
	ksft_test_result(!want_nodes || nodes == want_nodes,
			 "the system has %d NUMA nodes (want %d)\n", nodes, want_nodes);
	if (nodes < 2)
		ksft_exit_fail_msg("FUTEX2_MPOL needs two NUMA nodes\n");

	for (i = 0; i < 3; i++) {
		for (pol = PREFERRED; pol <= NO_POLICY; pol++)
			for (node = 0; node < 2; node++)
				test_fills_in(sizes[i], pol, node);
		test_no_numa_writes_nothing(sizes[i]);
		test_one_sided(sizes[i], true);
		test_one_sided(sizes[i], false);
	}
	test_mpol_only_meet();
	test_requeue_and_waitv();
	test_errors();

	ksft_finished();
}
