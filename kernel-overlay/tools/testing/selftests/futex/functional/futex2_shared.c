// SPDX-License-Identifier: GPL-2.0
/*
 * Shared (not FUTEX2_PRIVATE) 8-bit futexes between processes: over
 * MAP_SHARED anonymous memory, and over a file that each process maps on
 * its own, at different addresses.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "futex2_helpers.h"
#include "kselftest.h"

#define U8S	FUTEX2_SIZE_U8	/* shared: no FUTEX2_PRIVATE */

/* Child: wait on the 8-bit futex at @p; exit 0 if woken. */
static void child_wait(volatile uint8_t *p)
{
	struct timespec to;

	futex2_abs_timeout(CLOCK_MONOTONIC, FUTEX2_TEST_TIMEOUT_S, &to);
	_exit(futex2_wait(p, 0, 0xff, U8S, &to, CLOCK_MONOTONIC) ? 1 : 0);
}

/* Wake the child's futex at @p (our mapping of it); check it was woken. */
static void parent_wake(pid_t pid, volatile uint8_t *p, const char *what)
{
	bool asleep = futex2_wait_asleep(pid, 0);
	int res = -1, status = -1, priv = -1;

	if (asleep) {
		/* A private wake is another futex: it must not find the child. */
		priv = futex2_wake(p, 0xff, 1, U8S | FUTEX2_PRIVATE);
		res = futex2_wake(p, 0xff, 1, U8S);
	} else {
		kill(pid, SIGKILL);
	}
	waitpid(pid, &status, 0);
	ksft_test_result(asleep && priv == 0 && res == 1 && WIFEXITED(status) &&
			 WEXITSTATUS(status) == 0,
			 "%s: shared U8 futex between processes (private wake %d, shared wake %d, child status 0x%x)\n",
			 what, priv, res, status);
}

static void test_map_shared_anon(void)
{
	uint8_t *p = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;

	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memset(p, 0x77, 16);
	p[5] = 0;
	pid = fork();
	if (!pid)
		child_wait(&p[5]);
	parent_wake(pid, &p[5], "MAP_SHARED anonymous");
	munmap(p, getpagesize());
}

static void test_file_mapping(void)
{
	char path[] = "/tmp/futex2_shared.XXXXXX";
	long pg = getpagesize();
	uint8_t *p;
	pid_t pid;
	int fd;

	fd = mkstemp(path);
	if (fd < 0 || ftruncate(fd, 2 * pg))
		ksft_exit_fail_msg("file: %s\n", strerror(errno));
	p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memset(p + pg, 0x33, 16);
	p[pg + 9] = 0;

	pid = fork();
	if (!pid) {
		/* The child maps only the second page, somewhere else. */
		int cfd = open(path, O_RDWR);
		uint8_t *c = cfd < 0 ? MAP_FAILED :
			mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, cfd, pg);

		if (c == MAP_FAILED || c == p + pg)
			_exit(2);
		child_wait(&c[9]);
	}
	parent_wake(pid, &p[pg + 9], "file mapping");
	munmap(p, 2 * pg);
	close(fd);
	unlink(path);
}

int main(int argc, char *argv[])
{
	ksft_print_header();
	ksft_set_plan(2);
	test_map_shared_anon();
	test_file_mapping();
	ksft_finished();
}
