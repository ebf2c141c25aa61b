// SPDX-License-Identifier: GPL-2.0
/*
 * futex2 from an ordinary Debian program: compiled in the guest with
 * "gcc -pthread futex2-hello.c -lnuma", against nothing but the installed
 * linux-libc-dev (the syscall numbers and FUTEX2_* come from
 * <linux/futex.h> and <asm/unistd.h>; glibc 2.36 knows neither), linked
 * dynamically against Debian's glibc and libnuma. A thread sleeps on an
 * 8-bit and a 16-bit futex in turn and is woken by futex_wake(2); then a
 * FUTEX2_NUMA futex gets the node of the CPU it is woken from, on each
 * node libnuma reports. Prints KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <numa.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int test_n, failures;

static void result(int ok, const char *what)
{
	printf("%sok %d %s\n", ok ? "" : "not ", ++test_n, what);
	failures += !ok;
}

static long futex_wake(void *uaddr, unsigned long mask, int nr, unsigned int flags)
{
	return syscall(__NR_futex_wake, uaddr, mask, nr, flags);
}

/* The value mask: every bit of the futex's size, and no more (EINVAL). */
static unsigned long size_mask(unsigned int flags)
{
	return (1UL << (8 << (flags & FUTEX2_SIZE_MASK))) - 1;
}

static long futex_wait(void *uaddr, unsigned long val, unsigned int flags)
{
	struct timespec ts;

	/* At most 10 s: a lost wakeup fails instead of hanging. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += 10;
	return syscall(__NR_futex_wait, uaddr, val, size_mask(flags), flags, &ts,
		       CLOCK_MONOTONIC);
}

struct waiter {
	void *uaddr;
	unsigned int flags;
	atomic_int asleep;
	long ret;
	int err;
};

static void *wait_thread(void *arg)
{
	struct waiter *w = arg;

	atomic_store(&w->asleep, 1);
	w->ret = futex_wait(w->uaddr, 0, w->flags);
	w->err = errno;
	return NULL;
}

/* A thread waits on UADDR (value 0) of SIZE; we set it to 1 and wake it. */
static void wait_and_wake(void *uaddr, unsigned int size, const char *what)
{
	struct waiter w = { .uaddr = uaddr, .flags = size | FUTEX2_PRIVATE };
	struct timespec pause = { 0, 1000000 };
	pthread_t t;
	long woken = 0;
	int i;

	pthread_create(&t, NULL, wait_thread, &w);
	while (!atomic_load(&w.asleep))
		nanosleep(&pause, NULL);
	/* Until the waiter is really in the kernel, the wake finds no one. */
	for (i = 0; i < 5000 && woken == 0; i++) {
		nanosleep(&pause, NULL);
		woken = futex_wake(uaddr, size_mask(size), 1, size | FUTEX2_PRIVATE);
	}
	if (size == FUTEX2_SIZE_U8)
		*(uint8_t *)uaddr = 1;
	else
		*(uint16_t *)uaddr = 1;
	pthread_join(t, NULL);
	printf("# %s: futex_wake woke %ld, futex_wait returned %ld (%s)\n",
	       what, woken, w.ret, w.ret ? strerror(w.err) : "woken");
	result(woken == 1 && w.ret == 0, what);
}

int main(void)
{
	static uint8_t u8[4] __attribute__((aligned(8)));
	static uint16_t u16[4] __attribute__((aligned(8)));
	static uint32_t numa[2] __attribute__((aligned(8)));
	int nodes, node;

	nodes = numa_available() < 0 ? 1 : numa_num_configured_nodes();
	printf("KTAP version 1\n1..%d\n", 3 + nodes);
	wait_and_wake(&u8[1], FUTEX2_SIZE_U8, "8-bit futex: wait, wake");
	wait_and_wake(&u16[1], FUTEX2_SIZE_U16, "16-bit futex: wait, wake");

	/* A value wider than the futex's size is EINVAL. */
	errno = 0;
	result(futex_wait(&u8[0], 0x100, FUTEX2_SIZE_U8 | FUTEX2_PRIVATE) == -1 &&
	       errno == EINVAL, "8-bit futex_wait of 0x100: EINVAL");

	/* FUTEX2_NUMA: an unset node word takes the waker's node. */
	for (node = 0; node < nodes; node++) {
		char what[64];
		long r;

		if (nodes > 1 && numa_run_on_node(node)) {
			snprintf(what, sizeof(what), "numa_run_on_node(%d)", node);
			result(0, what);
			continue;
		}
		numa[0] = 0;
		numa[1] = FUTEX_NO_NODE;
		r = futex_wake(numa, 0xffffffff, 1, FUTEX2_SIZE_U32 | FUTEX2_NUMA | FUTEX2_PRIVATE);
		printf("# on node %d: futex_wake returned %ld, node word %d\n",
		       node, r, (int)numa[1]);
		snprintf(what, sizeof(what), "FUTEX2_NUMA node word filled in on node %d", node);
		result(r == 0 && (int)numa[1] == node, what);
	}
	printf("# futex2-hello: %d of %d failed\n", failures, test_n);
	return failures != 0;
}
