// SPDX-License-Identifier: GPL-2.0
/*
 * Robust and PI owners die while waiters are queued, round after round,
 * for a time budget (the debug-kernel stress stage runs it). Each round a
 * child process takes a process-shared robust mutex (PI every other round)
 * and is killed with SIGKILL once NWAITERS threads of ours sleep on it. The
 * kernel must mark the mutex and wake a waiter; each waiter takes the
 * mutex in turn (the first gets EOWNERDEAD and makes it consistent), so
 * every waiter must be back, and none may time out: one that does is a lost
 * wakeup.
 *
 * Usage: futex_robust_stress [-t SECONDS]
 */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "futex2_helpers.h"
#include "kselftest.h"

#define NWAITERS	4
/* A waiter not back this long after its owner died was never woken. */
#define WAIT_S		30

struct shared {
	pthread_mutex_t mutex;
	volatile int locked;
};

struct waiter {
	struct shared *s;
	pthread_t thread;
	pid_t tid;
	volatile int started;
	int ret;
};

static void *waiter_fn(void *arg)
{
	struct waiter *w = arg;
	struct timespec to;

	w->tid = syscall(SYS_gettid);
	__atomic_store_n(&w->started, 1, __ATOMIC_SEQ_CST);
	futex2_abs_timeout(CLOCK_REALTIME, WAIT_S, &to);
	w->ret = pthread_mutex_timedlock(&w->s->mutex, &to);
	if (w->ret == EOWNERDEAD)
		pthread_mutex_consistent(&w->s->mutex);
	if (w->ret == 0 || w->ret == EOWNERDEAD)
		pthread_mutex_unlock(&w->s->mutex);
	return NULL;
}

/* One round; adds to the counts. Returns false on a setup failure. */
static bool round_once(struct shared *s, bool pi, unsigned long *woken,
		       unsigned long *lost, unsigned long *ownerdead)
{
	struct waiter w[NWAITERS];
	pthread_mutexattr_t attr;
	int i, status;
	pid_t pid;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (pi)
		pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&s->mutex, &attr);
	pthread_mutexattr_destroy(&attr);
	s->locked = 0;

	pid = fork();
	if (pid < 0)
		return false;
	if (!pid) {
		pthread_mutex_lock(&s->mutex);
		__atomic_store_n(&s->locked, 1, __ATOMIC_SEQ_CST);
		for (;;)
			pause();
	}
	if (!futex2_wait_set(&s->locked)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		return false;
	}

	for (i = 0; i < NWAITERS; i++) {
		w[i] = (struct waiter){ .s = s };
		pthread_create(&w[i].thread, NULL, waiter_fn, &w[i]);
	}
	for (i = 0; i < NWAITERS; i++) {
		if (futex2_wait_set(&w[i].started))
			futex2_wait_asleep(getpid(), w[i].tid);
	}

	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);

	for (i = 0; i < NWAITERS; i++) {
		pthread_join(w[i].thread, NULL);
		if (w[i].ret == 0 || w[i].ret == EOWNERDEAD)
			(*woken)++;
		else
			(*lost)++;
		*ownerdead += w[i].ret == EOWNERDEAD;
	}
	pthread_mutex_destroy(&s->mutex);
	return true;
}

int main(int argc, char *argv[])
{
	unsigned long rounds = 0, pi_rounds = 0, woken = 0, lost = 0, ownerdead = 0;
	struct shared *s;
	time_t end;
	int c, secs = 10;

	while ((c = getopt(argc, argv, "t:")) != -1) {
		if (c == 't')
			secs = atoi(optarg);
		else
			ksft_exit_fail_msg("usage: %s [-t SECONDS]\n", argv[0]);
	}

	ksft_print_header();
	ksft_set_plan(1);
	s = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));

	end = time(NULL) + secs;
	while (time(NULL) < end || !rounds) {
		bool pi = rounds & 1;

		if (!round_once(s, pi, &woken, &lost, &ownerdead))
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		rounds++;
		pi_rounds += pi;
	}
	ksft_test_result(!lost && woken == rounds * NWAITERS && ownerdead == rounds,
			 "robust owners killed with %d waiters queued: %lu rounds (%lu PI), %lu waiters woken, %lu lost, %lu EOWNERDEAD\n",
			 NWAITERS, rounds, pi_rounds, woken, lost, ownerdead);
	ksft_finished();
}
