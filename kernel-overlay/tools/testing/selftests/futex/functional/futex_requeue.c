// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copyright Collabora Ltd., 2021
 *
 * futex cmp requeue test by André Almeida <andrealmeid@collabora.com>
 */

#include <pthread.h>
#include <limits.h>
#include <stdbool.h>
#include "logging.h"
#include "futextest.h"
#include "futex2_helpers.h"	/* and futex2test.h */

#define TEST_NAME "futex-requeue"

volatile futex_t *f1;
/* Each waiter's thread id, published before it waits. */
static pid_t waiter_tid[10];

bool futex2;
bool mixed;

void usage(char *prog)
{
	printf("Usage: %s\n", prog);
	printf("  -c	Use color\n");
	printf("  -n	Use futex2 interface\n");
	printf("  -x	Use mixed size futex\n");
	printf("  -h	Display this help message\n");
	printf("  -v L	Verbosity level: %d=QUIET %d=CRITICAL %d=INFO\n",
	       VQUIET, VCRITICAL, VINFO);
}

/*
 * A waiter waits for as long as the test may run: the requeue must find it
 * asleep however slow the machine (wait_for_waiters()), and a waiter that
 * is never woken is not waited for (the test does not join them).
 */
static void *waiterfn(void *arg)
{
	unsigned int flags = 0;
	struct timespec to;

	__atomic_store_n(&waiter_tid[(long)arg], syscall(SYS_gettid),
			 __ATOMIC_RELEASE);
	if (futex2) {
		unsigned long mask;

		if (clock_gettime(CLOCK_MONOTONIC, &to)) {
			printf("clock_gettime() failed errno %d", errno);
			return NULL;
		}

		to.tv_sec += FUTEX2_TEST_TIMEOUT_S;

		if (mixed) {
			flags |= FUTEX2_SIZE_U16;
			mask = (unsigned short)(~0U);
		} else {
			flags |= FUTEX2_SIZE_U32;
			mask = (unsigned int)(~0U);
		}

		if (futex2_wait(f1, *f1, mask, flags,
				&to, CLOCK_MONOTONIC))
			printf("waiter failed errno %d\n", errno);
	} else {

		to.tv_sec = FUTEX2_TEST_TIMEOUT_S;
		to.tv_nsec = 0;

		if (futex_wait(f1, *f1, &to, flags))
			printf("waiter failed errno %d\n", errno);
	}

	return NULL;
}

/*
 * Wait until waiters 0..n-1 sleep in their futex wait. A fixed 10 ms sleep
 * here (and a 30 ms wait timeout) let the requeue miss waiters that had
 * not yet queued, or had already timed out, on a loaded host.
 */
static void wait_for_waiters(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!futex2_published_asleep(&waiter_tid[i]))
			error("waiter %d did not sleep\n", ETIMEDOUT, i);
	}
}

int main(int argc, char *argv[])
{
	pthread_t waiter[10];
	int res, ret = RET_PASS;
	int c, i;
	volatile futex_t _f1 = 0;
	volatile futex_t f2 = 0;

	f1 = &_f1;

	while ((c = getopt(argc, argv, "xncht:v:")) != -1) {
		switch (c) {
		case 'c':
			log_color(1);
			break;
		case 'h':
			usage(basename(argv[0]));
			exit(0);
		case 'v':
			log_verbosity(atoi(optarg));
			break;
		case 'x':
			mixed = true;
			/* fallthrough */
		case 'n':
			futex2 = true;
			break;
		default:
			usage(basename(argv[0]));
			exit(1);
		}
	}

	ksft_print_header();
	ksft_set_plan(2);
	ksft_print_msg("%s: Test futex_requeue\n",
		       basename(argv[0]));

	/*
	 * Requeue a waiter from f1 to f2, and wake f2.
	 */
	if (pthread_create(&waiter[0], NULL, waiterfn, (void *)0L))
		error("pthread_create failed\n", errno);

	wait_for_waiters(1);

	info("Requeuing 1 futex from f1 to f2\n");
	if (futex2) {
		struct futex_waitv futexes[2] = {
			{
				.val = 0,
				.uaddr = (unsigned long)f1,
				.flags = mixed ? FUTEX2_SIZE_U16 : FUTEX2_SIZE_U32,
			},
			{
				.uaddr = (unsigned long)&f2,
				.flags = FUTEX2_SIZE_U32,
			},
		};
		res = futex2_requeue(futexes, 0, 0, 1);
	} else {
		res = futex_cmp_requeue(f1, 0, &f2, 0, 1, 0);
	}
	if (res != 1) {
		ksft_test_result_fail("futex_requeue simple returned: %d %s\n",
				      res ? errno : res,
				      res ? strerror(errno) : "");
		ret = RET_FAIL;
	}


	info("Waking 1 futex at f2\n");
	if (futex2) {
		res = futex2_wake(&f2, ~0U, 1, FUTEX2_SIZE_U32);
	} else {
		res = futex_wake(&f2, 1, 0);
	}
	if (res != 1) {
		ksft_test_result_fail("futex_requeue simple returned: %d %s\n",
				      res ? errno : res,
				      res ? strerror(errno) : "");
		ret = RET_FAIL;
	} else {
		ksft_test_result_pass("futex_requeue simple succeeds\n");
	}


	/*
	 * Create 10 waiters at f1. At futex_requeue, wake 3 and requeue 7.
	 * At futex_wake, wake INT_MAX (should be exactly 7).
	 */
	memset(waiter_tid, 0, sizeof(waiter_tid));
	for (i = 0; i < 10; i++) {
		if (pthread_create(&waiter[i], NULL, waiterfn, (void *)(long)i))
			error("pthread_create failed\n", errno);
	}

	wait_for_waiters(10);

	info("Waking 3 futexes at f1 and requeuing 7 futexes from f1 to f2\n");
	if (futex2) {
		struct futex_waitv futexes[2] = {
			{
				.val = 0,
				.uaddr = (unsigned long)f1,
				.flags = mixed ? FUTEX2_SIZE_U16 : FUTEX2_SIZE_U32,
			},
			{
				.uaddr = (unsigned long)&f2,
				.flags = FUTEX2_SIZE_U32,
			},
		};
		res = futex2_requeue(futexes, 0, 3, 7);
	} else {
		res = futex_cmp_requeue(f1, 0, &f2, 3, 7, 0);
	}
	if (res != 10) {
		ksft_test_result_fail("futex_requeue many returned: %d %s\n",
				      res ? errno : res,
				      res ? strerror(errno) : "");
		ret = RET_FAIL;
	}

	info("Waking INT_MAX futexes at f2\n");
	if (futex2) {
		res = futex2_wake(&f2, ~0U, INT_MAX, FUTEX2_SIZE_U32);
	} else {
		res = futex_wake(&f2, INT_MAX, 0);
	}
	if (res != 7) {
		ksft_test_result_fail("futex_requeue many returned: %d %s\n",
				      res ? errno : res,
				      res ? strerror(errno) : "");
		ret = RET_FAIL;
	} else {
		ksft_test_result_pass("futex_requeue many succeeds\n");
	}

	ksft_print_cnts();
	return ret;
}
