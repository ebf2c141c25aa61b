/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the futex2 size, NUMA, error and shared-memory tests:
 * waiter threads, "is it asleep yet" checks that do not depend on timing,
 * and wakes that retry until a waiter is found.
 */
#ifndef _FUTEX2_HELPERS_H
#define _FUTEX2_HELPERS_H

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/futex.h>

#include "futex2test.h"

#ifndef FUTEX2_SIZE_MASK
#define FUTEX2_SIZE_MASK	0x03
#endif

/* Size in bytes of a futex of these FUTEX2 flags. */
static inline unsigned int futex2_bytes(unsigned int flags)
{
	return 1u << (flags & FUTEX2_SIZE_MASK);
}

/* All ones of the futex size: its largest value, and "no node". */
static inline uint32_t futex2_size_max(unsigned int flags)
{
	return UINT32_MAX >> (32 - 8 * futex2_bytes(flags));
}

/* Store/load a word of the futex size (atomically, sequentially consistent). */
static inline void futex2_store(volatile void *p, unsigned int flags, uint32_t v)
{
	switch (futex2_bytes(flags)) {
	case 1:
		__atomic_store_n((volatile uint8_t *)p, v, __ATOMIC_SEQ_CST);
		break;
	case 2:
		__atomic_store_n((volatile uint16_t *)p, v, __ATOMIC_SEQ_CST);
		break;
	default:
		__atomic_store_n((volatile uint32_t *)p, v, __ATOMIC_SEQ_CST);
		break;
	}
}

static inline uint32_t futex2_load(volatile void *p, unsigned int flags)
{
	switch (futex2_bytes(flags)) {
	case 1:
		return __atomic_load_n((volatile uint8_t *)p, __ATOMIC_SEQ_CST);
	case 2:
		return __atomic_load_n((volatile uint16_t *)p, __ATOMIC_SEQ_CST);
	default:
		return __atomic_load_n((volatile uint32_t *)p, __ATOMIC_SEQ_CST);
	}
}

/* A fresh private read-write page, zeroed; bails out (KTAP) if none. */
static inline uint8_t *futex2_page(void)
{
	void *p = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		printf("Bail out! mmap: %s\n", strerror(errno));
		exit(1);
	}
	return p;
}

/* The first CPU of NUMA node @node (sysfs), or -1. */
static inline int futex2_first_cpu_of(int node)
{
	char path[80];
	FILE *f;
	int cpu = -1;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist", node);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &cpu) != 1)
		cpu = -1;
	fclose(f);
	return cpu;
}

/* Run the calling thread on @cpu only. */
static inline int futex2_pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* The node the calling thread runs on. */
static inline unsigned int futex2_current_node(void)
{
	unsigned int cpu, node;

	syscall(SYS_getcpu, &cpu, &node, NULL);
	return node;
}

/* The number of NUMA nodes the system shows in sysfs. */
static inline int futex2_numa_nodes(void)
{
	char path[64];
	int n;

	for (n = 0; n < 1024; n++) {
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d", n);
		if (access(path, F_OK))
			break;
	}
	return n;
}

/* Long enough never to fire in a healthy run, short enough to end a hang. */
#define FUTEX2_TEST_TIMEOUT_S	20

static inline void futex2_abs_timeout(clockid_t clk, long sec,
				      struct timespec *ts)
{
	clock_gettime(clk, ts);
	ts->tv_sec += sec;
}

/* One futex2_wait() in a thread of its own. */
struct futex2_waiter {
	pthread_t thread;
	pid_t tid;
	volatile void *uaddr;
	unsigned long val;
	unsigned long mask;
	unsigned int flags;
	int ret;
	int err;
	volatile int started;
	volatile int done;
};

static void *futex2_waiter_fn(void *arg)
{
	struct futex2_waiter *w = arg;
	struct timespec to;

	w->tid = syscall(SYS_gettid);
	__atomic_store_n(&w->started, 1, __ATOMIC_RELEASE);
	futex2_abs_timeout(CLOCK_MONOTONIC, FUTEX2_TEST_TIMEOUT_S, &to);
	w->ret = futex2_wait(w->uaddr, w->val, w->mask, w->flags, &to,
			     CLOCK_MONOTONIC);
	w->err = w->ret ? errno : 0;
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* The state letter of a task in /proc/PID/stat ('S' while it sleeps). */
static inline char futex2_task_state(pid_t pid, pid_t tid)
{
	char path[64], buf[512], *p;
	FILE *f;
	size_t n;

	if (tid)
		snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tid);
	else
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return '?';
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/*
 * Wait until a task sleeps (in its futex wait: it does nothing else).
 * Returns false if it does not within the test timeout.
 */
static inline bool futex2_wait_asleep(pid_t pid, pid_t tid)
{
	int i;

	for (i = 0; i < FUTEX2_TEST_TIMEOUT_S * 1000; i++) {
		if (futex2_task_state(pid, tid) == 'S')
			return true;
		usleep(1000);
	}
	return false;
}

/*
 * Wait until a thread has published its id in *tid (non-zero), then until
 * it sleeps. False if either takes longer than the test timeout.
 */
static inline bool futex2_published_asleep(pid_t *tid)
{
	pid_t t;
	int i;

	for (i = 0; i < FUTEX2_TEST_TIMEOUT_S * 1000; i++) {
		t = __atomic_load_n(tid, __ATOMIC_ACQUIRE);
		if (t)
			return futex2_wait_asleep(getpid(), t);
		usleep(1000);
	}
	return false;
}

/*
 * Wait until another thread or process has set *@flag (non-zero), such
 * as a waiter's "started". False if it has not within the test timeout,
 * so that one that never runs fails the test instead of hanging it.
 */
static inline bool futex2_wait_set(volatile int *flag)
{
	int i;

	for (i = 0; i < FUTEX2_TEST_TIMEOUT_S * 10000; i++) {
		if (__atomic_load_n(flag, __ATOMIC_SEQ_CST))
			return true;
		usleep(100);
	}
	return false;
}

/*
 * Start a waiter thread and wait until it sleeps in the kernel. False if
 * it could not start, returned at once (see w->ret, w->err) or never slept.
 */
static inline bool futex2_start_waiter(struct futex2_waiter *w)
{
	int i;

	w->started = w->done = 0;
	if (pthread_create(&w->thread, NULL, futex2_waiter_fn, w))
		return false;
	if (!futex2_wait_set(&w->started))
		return false;
	for (i = 0; i < FUTEX2_TEST_TIMEOUT_S * 1000; i++) {
		if (__atomic_load_n(&w->done, __ATOMIC_ACQUIRE))
			return false;
		if (futex2_task_state(getpid(), w->tid) == 'S')
			return true;
		usleep(1000);
	}
	return false;
}

/* Join a waiter; true if its futex2_wait() returned 0 (it was woken). */
static inline bool futex2_join_woken(struct futex2_waiter *w)
{
	pthread_join(w->thread, NULL);
	return w->ret == 0;
}

#endif /* _FUTEX2_HELPERS_H */
