/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Futex2 library addons for futex tests
 *
 * Copyright 2021 Collabora Ltd.
 */
#include <stdint.h>

#define u64_to_ptr(x) ((void *)(uintptr_t)(x))

#ifndef __NR_futex_wake
#define __NR_futex_wake 454
#define __NR_futex_wait 455
#define __NR_futex_requeue 456
#endif

#ifndef FUTEX2_SIZE_U8
/*
 * Flags for futex2 syscalls.
 */
#define FUTEX2_SIZE_U8		0x00
#define FUTEX2_SIZE_U16		0x01
#define FUTEX2_SIZE_U32		0x02
#define FUTEX2_SIZE_U64		0x03
#define FUTEX2_NUMA		0x04
#define FUTEX2_MPOL		0x08
			/*	0x10 */
			/*	0x20 */
			/*	0x40 */
#define FUTEX2_PRIVATE		FUTEX_PRIVATE_FLAG
#endif
#ifndef FUTEX2_MPOL
#define FUTEX2_MPOL		0x08
#endif

/**
 * futex_waitv - Wait at multiple futexes, wake on any
 * @waiters:    Array of waiters
 * @nr_waiters: Length of waiters array
 * @flags: Operation flags
 * @timo:  Optional timeout for operation
 */
static inline int futex_waitv(volatile struct futex_waitv *waiters, unsigned long nr_waiters,
			      unsigned long flags, struct timespec *timo, clockid_t clockid)
{
	return syscall(__NR_futex_waitv, waiters, nr_waiters, flags, timo, clockid);
}

static inline int futex2_wake(volatile void *uaddr, unsigned long mask, int nr, unsigned int flags)
{
	return syscall(__NR_futex_wake, uaddr, mask, nr, flags);
}

static inline int futex2_wait(volatile void *uaddr, unsigned long val, unsigned long mask,
			      unsigned int flags, struct timespec *timo, clockid_t clockid)
{
	return syscall(__NR_futex_wait, uaddr, val, mask, flags, timo, clockid);
}

static inline int futex2_requeue(struct futex_waitv *futexes, unsigned int flags,
				 int nr_wake, int nr_requeue)
{
	return syscall(__NR_futex_requeue, futexes, flags, nr_wake, nr_requeue);
}
