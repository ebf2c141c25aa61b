// SPDX-License-Identifier: GPL-2.0
/*
 * FUTEX2_NUMA at each size: the node word after the value, "no node" (all
 * ones of the size) filled in by the kernel, the waker finding the waiter
 * through the node, a corrupted node word losing the wakeup, impossible
 * nodes, alignment to twice the size, unwritable memory, and waiters on two
 * nodes racing to fill in the node word.
 *
 * Usage: futex2_numa [-N NODES]   fail unless the system has NODES nodes
 *                                 (default: $FUTEX2_NUMA_NODES, else any)
 */

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "futex2_helpers.h"
#include "kselftest.h"

static const unsigned int sizes[] = {
	FUTEX2_SIZE_U8, FUTEX2_SIZE_U16, FUTEX2_SIZE_U32,
};


/* "No node" is replaced by the node the caller runs on. */
static void test_no_node_filled_in(unsigned int flags)
{
	uint8_t *p = futex2_page();
	unsigned int s = futex2_bytes(flags), want;
	int res, err;

	memset(p, 0x5a, 4 * s);
	futex2_store(p, flags, 0);
	futex2_store(p + s, flags, futex2_size_max(flags));
	futex2_pin_to(0);
	want = futex2_current_node();
	res = futex2_wake(p, futex2_size_max(flags), 1, flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	err = errno;
	ksft_test_result(res == 0 && futex2_load(p + s, flags) == want &&
			 futex2_load(p + 2 * s, flags) == (0x5a5a5a5a & futex2_size_max(flags)),
			 "U%u NUMA: all-ones node word becomes the current node %u (wake %d %s, node word 0x%x)\n",
			 8 * s, want, res, res ? strerror(err) : "", futex2_load(p + s, flags));
	munmap(p, getpagesize());
}

/* The waiter writes its node; a waker with the same word finds it. */
static void test_waker_finds_waiter(unsigned int flags)
{
	uint8_t *p = futex2_page();
	unsigned int s = futex2_bytes(flags);
	struct futex2_waiter w = {
		.uaddr = p, .val = 0, .mask = futex2_size_max(flags),
		.flags = flags | FUTEX2_NUMA | FUTEX2_PRIVATE,
	};
	bool asleep, woken;
	int res = -1;

	futex2_store(p + s, flags, futex2_size_max(flags));
	asleep = futex2_start_waiter(&w);
	if (asleep)
		res = futex2_wake(p, futex2_size_max(flags), 1, w.flags);
	woken = futex2_join_woken(&w);
	ksft_test_result(asleep && res == 1 && woken &&
			 futex2_load(p + s, flags) != futex2_size_max(flags),
			 "U%u NUMA: the waker finds the waiter through the node word (wake %d, node %u)\n",
			 8 * s, res, futex2_load(p + s, flags));
	munmap(p, getpagesize());
}

/* Change the node word between wait and wake: no wakeup; restore it: found. */
static void test_corrupted_node_loses_wakeup(unsigned int flags, int nodes)
{
	uint8_t *p = futex2_page();
	unsigned int s = futex2_bytes(flags);
	struct futex2_waiter w = {
		.uaddr = p, .val = 0, .mask = futex2_size_max(flags),
		.flags = flags | FUTEX2_NUMA | FUTEX2_PRIVATE,
	};
	int lost = -1, found = -1;
	uint32_t node;
	bool asleep, woken;

	futex2_store(p + s, flags, 0);
	asleep = futex2_start_waiter(&w);
	if (asleep && nodes > 1) {
		node = futex2_load(p + s, flags);
		futex2_store(p + s, flags, node ? 0 : 1);
		lost = futex2_wake(p, futex2_size_max(flags), 1, w.flags);
		futex2_store(p + s, flags, node);
		found = futex2_wake(p, futex2_size_max(flags), 1, w.flags);
	} else if (asleep) {
		found = futex2_wake(p, futex2_size_max(flags), 1, w.flags);
	}
	woken = futex2_join_woken(&w);
	if (nodes < 2) {
		ksft_test_result_skip("U%u NUMA: corrupted node word needs two nodes\n", 8 * s);
	} else {
		ksft_test_result(asleep && lost == 0 && found == 1 && woken,
				 "U%u NUMA: a corrupted node word finds no waiter (%d), the right one does (%d)\n",
				 8 * s, lost, found);
	}
	munmap(p, getpagesize());
}

static void test_impossible_node(unsigned int flags)
{
	uint8_t *p = futex2_page();
	unsigned int s = futex2_bytes(flags);
	uint32_t bad = s == 1 ? 200 : 4000;
	int res, err;

	futex2_store(p + s, flags, bad);
	res = futex2_wake(p, futex2_size_max(flags), 1, flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	err = errno;
	ksft_test_result(res == -1 && err == EINVAL && futex2_load(p + s, flags) == bad,
			 "U%u NUMA: impossible node %u is EINVAL (got %d %s)\n",
			 8 * s, bad, res, res ? strerror(err) : "");
	munmap(p, getpagesize());
}

static void test_numa_alignment(unsigned int flags)
{
	uint8_t *p = futex2_page();
	unsigned int s = futex2_bytes(flags);
	int bad, err, good;

	futex2_store(p + 2 * s, flags, 0);
	futex2_store(p + 3 * s, flags, 0);
	futex2_store(p + 4 * s, flags, 0);
	bad = futex2_wake(p + s, futex2_size_max(flags), 1, flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	err = errno;
	good = futex2_wake(p + 2 * s, futex2_size_max(flags), 1, flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	ksft_test_result(bad == -1 && err == EINVAL && good == 0,
			 "U%u NUMA: aligned to %u bytes, not %u (offset %u: %d %s, offset %u: %d)\n",
			 8 * s, 2 * s, s, s, bad, strerror(err), 2 * s, good);
	munmap(p, getpagesize());
}

static void test_unwritable(unsigned int flags)
{
	uint8_t *p = futex2_page();
	unsigned int s = futex2_bytes(flags);
	int ro_ok, ro_fill, ro_err, none, none_err;

	futex2_store(p + s, flags, 0);
	futex2_store(p + 3 * s, flags, futex2_size_max(flags));
	mprotect(p, getpagesize(), PROT_READ);
	/* A node word that needs no write-back is fine in read-only memory. */
	ro_ok = futex2_wake(p, futex2_size_max(flags), 1, flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	ro_fill = futex2_wake(p + 2 * s, futex2_size_max(flags), 1,
			      flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	ro_err = errno;
	mprotect(p, getpagesize(), PROT_NONE);
	none = futex2_wake(p, futex2_size_max(flags), 1, flags | FUTEX2_NUMA | FUTEX2_PRIVATE);
	none_err = errno;
	ksft_test_result(ro_ok == 0 && ro_fill == -1 && ro_err == EFAULT &&
			 none == -1 && none_err == EFAULT,
			 "U%u NUMA: read-only write-back and PROT_NONE are EFAULT (%d, %d %s, %d %s)\n",
			 8 * s, ro_ok, ro_fill, strerror(ro_err), none, strerror(none_err));
	munmap(p, getpagesize());
}

/*
 * Two threads on different nodes wait on a fresh futex (node word all ones)
 * at the same moment. Both fill in the node word; they must agree on one
 * node, or one of them queues in the other node's hash table and the
 * waker, going by the word, never finds it (a lost wakeup). Each round maps
 * the futex afresh, privately, from a file whose page says "no node": the
 * kernel's write of the node word then takes a copy-on-write fault, which
 * holds the door open for the other thread. The two start together: the
 * main thread wakes both (it must not share a CPU with a spinning racer),
 * then racer 1 spins until racer 0, which has waited for it, says go, so
 * that they enter the kernel within a few instructions of each other.
 */
#define CLAIM_ROUNDS	300

struct racer {
	pthread_t thread;
	pid_t tid;
	int cpu, index;
	uint8_t *volatile uaddr;
	unsigned int flags;
	volatile int entered, done;
	int ret, err;
};

static uint32_t race_start;		/* round number; racers futex-wait on it */
static volatile int race_ready, race_go;

static void *racer_fn(void *arg)
{
	struct racer *r = arg;
	struct timespec to;
	uint32_t round;

	futex2_pin_to(r->cpu);
	r->tid = syscall(SYS_gettid);
	for (round = 1; round <= CLAIM_ROUNDS; round++) {
		while (__atomic_load_n(&race_start, __ATOMIC_ACQUIRE) < round)
			syscall(SYS_futex, &race_start, FUTEX_WAIT_PRIVATE, round - 1,
				NULL, NULL, 0);
		if (r->index) {
			__atomic_store_n(&race_ready, round, __ATOMIC_RELEASE);
			while (__atomic_load_n(&race_go, __ATOMIC_ACQUIRE) < (int)round)
				;
		} else {
			while (__atomic_load_n(&race_ready, __ATOMIC_ACQUIRE) < (int)round)
				;
			__atomic_store_n(&race_go, round, __ATOMIC_RELEASE);
		}
		futex2_abs_timeout(CLOCK_MONOTONIC, FUTEX2_TEST_TIMEOUT_S, &to);
		__atomic_store_n(&r->entered, round, __ATOMIC_RELEASE);
		r->ret = futex2_wait(r->uaddr, 0, futex2_size_max(r->flags),
				     r->flags, &to, CLOCK_MONOTONIC);
		r->err = r->ret ? errno : 0;
		__atomic_store_n(&r->done, round, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void test_node_claim_race(unsigned int flags, int nodes)
{
	unsigned int s = futex2_bytes(flags), none = futex2_size_max(flags);
	struct racer r[2] = {
		{ .cpu = futex2_first_cpu_of(0), .index = 0 },
		{ .cpu = futex2_first_cpu_of(1), .index = 1 },
	};
	int round, i, fd, lost = 0, bad = 0, res;
	unsigned int node;
	uint8_t *p;

	if (nodes < 2 || r[0].cpu < 0 || r[1].cpu < 0) {
		ksft_test_result_skip("U%u NUMA: node claim race needs a CPU on each of two nodes\n", 8 * s);
		return;
	}
	/* The file's page: value 0, node word "no node". */
	p = futex2_page();
	futex2_store(p + s, flags, none);
	fd = memfd_create("futex2_numa", 0);
	if (fd < 0 || write(fd, p, getpagesize()) != getpagesize())
		ksft_exit_fail_msg("memfd: %s\n", strerror(errno));
	munmap(p, getpagesize());

	race_start = race_ready = race_go = 0;
	for (i = 0; i < 2; i++) {
		r[i].flags = flags | FUTEX2_NUMA | FUTEX2_PRIVATE;
		pthread_create(&r[i].thread, NULL, racer_fn, &r[i]);
	}
	for (round = 1; round <= CLAIM_ROUNDS; round++) {
		p = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED)
			ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
		(void)futex2_load(p, flags);	/* map the file's page, read-only */
		for (i = 0; i < 2; i++)
			r[i].uaddr = p;
		__atomic_store_n(&race_start, round, __ATOMIC_RELEASE);
		syscall(SYS_futex, &race_start, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
		/* Both in futex2_wait() (not in the wait for the round). */
		for (i = 0; i < 2; i++)
			while (__atomic_load_n(&r[i].entered, __ATOMIC_ACQUIRE) < round ||
			       (futex2_task_state(getpid(), r[i].tid) != 'S' &&
				__atomic_load_n(&r[i].done, __ATOMIC_ACQUIRE) < round))
				usleep(200);
		res = futex2_wake(p, none, INT_MAX, r[0].flags);
		if (res != 2) {
			/* Free the stray through the other node, then go on. */
			lost++;
			node = futex2_load(p + s, flags);
			futex2_store(p + s, flags, !node);
			futex2_wake(p, none, INT_MAX, r[0].flags);
			ksft_print_msg("U%u round %d: the wake by node word %u found %d of 2 waiters\n",
				       8 * s, round, node, res);
		}
		for (i = 0; i < 2; i++) {
			while (__atomic_load_n(&r[i].done, __ATOMIC_ACQUIRE) < round)
				usleep(200);
			bad += r[i].ret != 0;
		}
		munmap(p, getpagesize());
	}
	for (i = 0; i < 2; i++)
		pthread_join(r[i].thread, NULL);
	close(fd);
	ksft_test_result(!lost && !bad,
			 "U%u NUMA: waiters on two nodes racing to fill in the node word agree on it (%d rounds, %d lost wakeups, %d bad returns)\n",
			 8 * s, CLAIM_ROUNDS, lost, bad);
}

/* A thread on a CPU of node 1 gets node 1. */
static void test_node1(int nodes)
{
	uint8_t *p;
	int cpu = nodes > 1 ? futex2_first_cpu_of(1) : -1;
	int res;

	if (cpu < 0) {
		ksft_test_result_fail("no CPU on node 1 (%d nodes)\n", nodes);
		return;
	}
	p = futex2_page();
	futex2_store(p + 4, FUTEX2_SIZE_U32, futex2_size_max(FUTEX2_SIZE_U32));
	futex2_pin_to(cpu);
	res = futex2_wake(p, ~0U, 1, FUTEX2_SIZE_U32 | FUTEX2_NUMA | FUTEX2_PRIVATE);
	ksft_test_result(res == 0 && futex2_load(p + 4, FUTEX2_SIZE_U32) == 1 &&
			 futex2_current_node() == 1,
			 "pinned to CPU %d of node 1: node word 1 (got %u, wake %d)\n",
			 cpu, futex2_load(p + 4, FUTEX2_SIZE_U32), res);
	futex2_pin_to(0);
	munmap(p, getpagesize());
}

int main(int argc, char *argv[])
{
	const char *env = getenv("FUTEX2_NUMA_NODES");
	int want_nodes = env ? atoi(env) : 0, nodes, c;
	unsigned int i;

	while ((c = getopt(argc, argv, "cN:")) != -1) {
		if (c == 'N')
			want_nodes = atoi(optarg);
		else if (c != 'c')
			ksft_exit_fail_msg("usage: %s [-N NODES]\n", argv[0]);
	}

	ksft_print_header();
	ksft_set_plan(1 + 7 * 3 + 1);

	nodes = futex2_numa_nodes();
	ksft_test_result(!want_nodes || nodes == want_nodes,
			 "the system has %d NUMA nodes (want %d)\n", nodes, want_nodes);

	for (i = 0; i < 3; i++) {
		test_no_node_filled_in(sizes[i]);
		test_waker_finds_waiter(sizes[i]);
		test_corrupted_node_loses_wakeup(sizes[i], nodes);
		test_impossible_node(sizes[i]);
		test_numa_alignment(sizes[i]);
		test_unwritable(sizes[i]);
		test_node_claim_race(sizes[i], nodes);
	}
	test_node1(nodes);

	ksft_finished();
}
