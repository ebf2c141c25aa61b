/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FUTEX_H
#define _FUTEX_H

#include <linux/futex.h>
#include <linux/rtmutex.h>
#include <linux/sched/wake_q.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#ifdef CONFIG_PREEMPT_RT
#include <linux/rcuwait.h>
#endif

#include <asm/futex.h>

/*
 * Futex flags used to encode options to functions and preserve them across
 * restarts.
 *
 * FLAGS_SHARED, FLAGS_CLOCKRT and FLAGS_HAS_TIMEOUT keep 6.1's values, and
 * a 32-bit futex has size code zero, so that a legacy futex() op's flags
 * are 6.1's flags, computed by 6.1's instructions (futex_to_flags()).
 * The size code is the log2 of the size with bit 1 flipped; FLAGS_NUMA and
 * FLAGS_MPOL sit above it as FUTEX2_NUMA and FUTEX2_MPOL sit above
 * FUTEX2_SIZE_MASK, so that futex2_to_flags() converts all three in one go.
 * Internal only: no value here is ABI.
 */
#ifdef CONFIG_MMU
# define FLAGS_SHARED		0x01
#else
/*
 * NOMMU does not have per process address space. Let the compiler optimize
 * code away.
 */
# define FLAGS_SHARED		0x00
#endif
#define FLAGS_CLOCKRT		0x02
#define FLAGS_HAS_TIMEOUT	0x04

#define FLAGS_SIZE_SHIFT	3
#define FLAGS_SIZE_MASK		(FUTEX2_SIZE_MASK << FLAGS_SIZE_SHIFT)
#define FLAGS_SIZE_CODE(size2)	(((size2) ^ FUTEX2_SIZE_U32) << FLAGS_SIZE_SHIFT)
#define FLAGS_SIZE_8		FLAGS_SIZE_CODE(FUTEX2_SIZE_U8)		/* 0x10 */
#define FLAGS_SIZE_16		FLAGS_SIZE_CODE(FUTEX2_SIZE_U16)	/* 0x18 */
#define FLAGS_SIZE_32		FLAGS_SIZE_CODE(FUTEX2_SIZE_U32)	/* 0x00 */
#define FLAGS_SIZE_64		FLAGS_SIZE_CODE(FUTEX2_SIZE_U64)	/* 0x08 */
/* The one bit by which FLAGS_SIZE_16 differs from FLAGS_SIZE_8. */
#define FLAGS_SIZE_16_NOT_8	(FLAGS_SIZE_16 ^ FLAGS_SIZE_8)

#define FLAGS_NUMA		(FUTEX2_NUMA << FLAGS_SIZE_SHIFT)	/* 0x20 */
/* An unset node comes from the memory policy of the futex's VMA. */
#define FLAGS_MPOL		(FUTEX2_MPOL << FLAGS_SIZE_SHIFT)	/* 0x40 */
/* futex_wake() with nr_wake == 0 wakes nobody (futex2); legacy wakes one. */
#define FLAGS_STRICT		0x80

static_assert(FLAGS_SIZE_32 == 0);
static_assert(!((FLAGS_SHARED | FLAGS_CLOCKRT | FLAGS_HAS_TIMEOUT |
		 FLAGS_STRICT) & (FLAGS_SIZE_MASK | FLAGS_NUMA | FLAGS_MPOL)));

/* The FUTEX2_ flags that the futex2 syscalls accept. */
#define FUTEX2_VALID_MASK \
	(FUTEX2_SIZE_MASK | FUTEX2_NUMA | FUTEX2_MPOL | FUTEX2_PRIVATE)

/**
 * futex_to_flags() - Convert a legacy futex() op into internal flags
 * @op:	the futex() op, including FUTEX_PRIVATE_FLAG/FUTEX_CLOCK_REALTIME
 *
 * Legacy futexes are always 32 bits wide.
 */
static inline unsigned int futex_to_flags(unsigned int op)
{
	unsigned int flags = FLAGS_SIZE_32;

	if (!(op & FUTEX_PRIVATE_FLAG))
		flags |= FLAGS_SHARED;

	if (op & FUTEX_CLOCK_REALTIME)
		flags |= FLAGS_CLOCKRT;

	return flags;
}

/**
 * futex_legacy_flags() - Tell the compiler what a legacy futex() futex is
 * @flags:	internal flags from futex_to_flags()
 *
 * Legacy futexes are 32 bits wide and have no node word. The legacy entry
 * points (futex_wake(), futex_wait(), futex_requeue(), ...) pass their flags
 * through here into the bodies they share with futex2, which are inline:
 * with the size and node bits known, the compiler drops the code for other
 * sizes and for nodes, and legacy futex() runs 6.1's instructions. At run
 * time this changes nothing: futex_to_flags() set exactly these bits.
 *
 * Return: @flags with FLAGS_SIZE_32 and without FLAGS_NUMA, FLAGS_MPOL and
 * FLAGS_STRICT.
 */
static __always_inline unsigned int futex_legacy_flags(unsigned int flags)
{
	return (flags & ~(FLAGS_SIZE_MASK | FLAGS_NUMA | FLAGS_MPOL |
			  FLAGS_STRICT)) | FLAGS_SIZE_32;
}

/**
 * futex2_to_flags() - Convert FUTEX2_* flags into internal flags
 * @flags2:	FUTEX2_* flags; the caller has rejected bits outside
 *		FUTEX2_VALID_MASK
 */
static inline unsigned int futex2_to_flags(unsigned int flags2)
{
	/* The size and both node flags in one go: see FLAGS_SIZE_SHIFT. */
	unsigned int flags = ((flags2 << FLAGS_SIZE_SHIFT) &
			      (FLAGS_SIZE_MASK | FLAGS_NUMA | FLAGS_MPOL)) ^
			     (FUTEX2_SIZE_U32 << FLAGS_SIZE_SHIFT);

	if (!(flags2 & FUTEX2_PRIVATE))
		flags |= FLAGS_SHARED;

	return flags;
}

/**
 * futex_size() - Size in bytes of a futex word
 * @flags:	internal futex flags
 */
static inline unsigned int futex_size(unsigned int flags)
{
	return 1 << (((flags & FLAGS_SIZE_MASK) >> FLAGS_SIZE_SHIFT) ^
		     FUTEX2_SIZE_U32);
}

/* What the flags a key was made with say of its node. */
enum futex_key_has_node {
	FUTEX_NODE_NONE,	/* no node: neither FLAGS_NUMA nor FLAGS_MPOL */
	FUTEX_NODE_MAYBE,	/* FLAGS_MPOL alone, or not known: look */
	FUTEX_NODE_SET,		/* FLAGS_NUMA: futex_key_node() set one */
};

/**
 * futex_flags_has_node() - What the compiler knows of a key's node
 * @flags:	internal futex flags the key is made with
 *
 * FUTEX_NODE_SET in a body inlined with FLAGS_NUMA set (futex2_wake(),
 * futex2_wait_numa()): the key always has a node, and the hash need not
 * test for one. FUTEX_NODE_NONE where neither FLAGS_NUMA nor FLAGS_MPOL
 * can be set (legacy futex(), futex_legacy_flags(); futex2_wait_plain()):
 * the key has no node. FUTEX_NODE_MAYBE where the node flags are known only
 * at run time. The one place that decides for futex_hash_flags() and
 * futex_q_lock().
 *
 * Return: what the key's node is, as far as the compiler can tell.
 */
static __always_inline enum futex_key_has_node
futex_flags_has_node(unsigned int flags)
{
	if (__builtin_constant_p(flags & FLAGS_NUMA) && (flags & FLAGS_NUMA))
		return FUTEX_NODE_SET;
	if (__builtin_constant_p(flags & (FLAGS_NUMA | FLAGS_MPOL)) &&
	    !(flags & (FLAGS_NUMA | FLAGS_MPOL)))
		return FUTEX_NODE_NONE;
	return FUTEX_NODE_MAYBE;
}

/**
 * futex_size_is_32() - Whether the flags are those of a 32-bit futex
 * @flags:	internal futex flags
 *
 * A 32-bit futex has no size bits (FLAGS_SIZE_32 is zero): one test.
 */
static inline bool futex_size_is_32(unsigned int flags)
{
	return !(flags & FLAGS_SIZE_MASK);
}

/**
 * futex_size_max() - Largest value of a futex word: all ones of its size
 * @flags:	internal futex flags of an 8, 16 or 32 bit futex
 *
 * Also the "no node" value of a FLAGS_NUMA node word.
 */
static inline u32 futex_size_max(unsigned int flags)
{
	return U32_MAX >> (32 - 8 * futex_size(flags));
}

/**
 * futex_flags_valid() - Check that internal flags describe a usable futex
 * @flags:	internal futex flags
 *
 * Return: false for 64-bit futexes (not implemented; never possible for
 * compat tasks and 32-bit kernels), and for FLAGS_NUMA when the node word
 * cannot hold every node id plus the all-ones "no node" value.
 */
static inline bool futex_flags_valid(unsigned int flags)
{
	/* Only 64bit futexes for 64bit code */
	if (!IS_ENABLED(CONFIG_64BIT) || in_compat_syscall()) {
		if ((flags & FLAGS_SIZE_MASK) == FLAGS_SIZE_64)
			return false;
	}

	/* 64bit futexes aren't implemented -- yet */
	if ((flags & FLAGS_SIZE_MASK) == FLAGS_SIZE_64)
		return false;

	/*
	 * Must be able to represent both NUMA_NO_NODE and every valid nodeid
	 * in a futex word. nr_node_ids <= MAX_NUMNODES: only a kernel built
	 * for 255 nodes or more needs to look.
	 */
	if ((flags & FLAGS_NUMA) && MAX_NUMNODES >= U8_MAX) {
		if (nr_node_ids >= futex_size_max(flags))
			return false;
	}

	return true;
}

/**
 * futex_validate_input() - Check that a value fits the futex size
 * @flags:	internal futex flags
 * @val:	a futex value or bitmask from userspace
 *
 * Return: true if @val has no bits set above the futex size.
 */
static inline bool futex_validate_input(unsigned int flags, u64 val)
{
	/*
	 * The size test as futex_flags_valid() makes it, so that the compiler
	 * reuses that one's compare where both are called.
	 */
	if ((flags & FLAGS_SIZE_MASK) == FLAGS_SIZE_64)
		return true;

	return !(val >> (8 * futex_size(flags)));
}

/**
 * __futex_get_value() - Read a futex word of the size given by the flags
 * @dest:	where to store the zero-extended value
 * @from:	user address of the word; access_ok() has been checked
 * @flags:	internal futex flags (FLAGS_SIZE_*)
 *
 * Return: 0 on success, -EFAULT on a fault.
 */
static inline int __futex_get_value(u32 *dest, void __user *from,
				    unsigned int flags)
{
	u16 v16;
	u8 v8;

	/*
	 * Read into a variable of the word's own type, then widen: 6.1's
	 * riscv __get_user() loads into a temporary of the destination's
	 * type with a sign-extending load, so a u8 0xff read straight into
	 * a u32 came out as 0xffffffff.
	 *
	 * Two bit tests pick the size, so 8 and 16-bit futexes cost what a
	 * 32-bit one costs plus one test, whatever the compiler makes of a
	 * switch. Not forced inline: on arm64 that made the legacy wait 11
	 * instructions longer (docs/performance.md). FLAGS_SIZE_64 never
	 * gets here: futex_flags_valid() rejects it before anything is read.
	 */
	if (futex_size_is_32(flags))
		return __get_user(*dest, (u32 __user *)from) ? -EFAULT : 0;

	if (flags & FLAGS_SIZE_16_NOT_8) {
		if (__get_user(v16, (u16 __user *)from))
			return -EFAULT;
		*dest = v16;
		return 0;
	}

	if (__get_user(v8, (u8 __user *)from))
		return -EFAULT;
	*dest = v8;
	return 0;
}

/**
 * futex_get_value_locked() - Read a futex word with page faults disabled
 * @dest:	where to store the (zero-extended) value
 * @from:	user address of the futex word
 * @flags:	futex flags; FLAGS_SIZE_* gives the size of the word
 *
 * For use under the hash bucket lock, where faulting is not allowed. The
 * caller has checked access_ok() through get_futex_key(). Inline, so that
 * with constant size bits only one read is left.
 *
 * Return: 0 on success, -EFAULT if the word is not present.
 */
static __always_inline int futex_get_value_locked(u32 *dest, u32 __user *from,
						  unsigned int flags)
{
	int ret;

	pagefault_disable();
	ret = __futex_get_value(dest, from, flags);
	pagefault_enable();

	return ret ? -EFAULT : 0;
}

/**
 * futex_wait_value_locked() - Read a futex word for futex_wait()'s compare
 * @uval:	where to store the value read
 * @uaddr:	user address of the futex word; access_ok() has been checked
 * @val:	the value the waiter expects; fits the futex's size
 * @flags:	internal futex flags; FLAGS_SIZE_* gives the size of the word
 *
 * A 32-bit word is read as futex_get_value_locked() reads it, into @uval
 * for the caller to compare. An 8 or 16-bit word is compared with @val
 * here, in its own width: widened to 32 bits first, the narrow read cost
 * a mismatching futex2 wait three or four instructions more than a 32-bit
 * one on x86 (docs/performance.md). Then @uval is @val, so that the
 * caller's compare of a matching narrow word agrees. @val is compared as
 * it is, not truncated to the word's size: the callers have checked that
 * it fits (futex_validate_input()), and the truncation cost arm64 an
 * instruction.
 *
 * Return: 0, with the word (or @val) in @uval; 1 if an 8 or 16-bit word
 * does not hold @val; -EFAULT if the word is not present.
 */
static __always_inline int futex_wait_value_locked(u32 *uval,
						   u32 __user *uaddr, u32 val,
						   unsigned int flags)
{
	u16 v16;
	u8 v8;
	int ret;

	/*
	 * The size as a constant: with the flags, arm64 called an out-of-line
	 * __futex_get_value() for every size (11 instructions more).
	 */
	if (futex_size_is_32(flags))
		return futex_get_value_locked(uval, uaddr, FLAGS_SIZE_32);

	pagefault_disable();
	if (flags & FLAGS_SIZE_16_NOT_8) {
		ret = __get_user(v16, (u16 __user *)uaddr);
		if (!ret && v16 != val)
			ret = 1;
	} else {
		ret = __get_user(v8, (u8 __user *)uaddr);
		if (!ret && v8 != val)
			ret = 1;
	}
	pagefault_enable();
	*uval = val;

	/*
	 * ret is already 1, 0 or -EFAULT; spelled out, the values let GCC
	 * keep futex2_wait()'s 32-bit path as it was ("return ret" cost the
	 * x86_64 U32 wait 9 instructions, make trace-call).
	 */
	return ret > 0 ? 1 : ret ? -EFAULT : 0;
}

/**
 * futex_get_value() - Read a futex word, checking the address
 * @dest:	where to store the zero-extended value
 * @from:	user address of the word
 * @flags:	internal futex flags (FLAGS_SIZE_*)
 *
 * Return: 0 on success, -EFAULT on a bad address or a fault.
 */
static inline int futex_get_value(u32 *dest, void __user *from,
				  unsigned int flags)
{
	if (!access_ok(from, futex_size(flags)))
		return -EFAULT;
	return __futex_get_value(dest, from, flags);
}

#ifdef CONFIG_FAIL_FUTEX
extern bool should_fail_futex(bool fshared);
#else
static inline bool should_fail_futex(bool fshared)
{
	return false;
}
#endif

/*
 * Hash buckets are shared by all the futex_keys that hash to the same
 * location.  Each key may have multiple futex_q structures, one for each task
 * waiting on a futex.
 */
struct futex_hash_bucket {
	atomic_t waiters;
	spinlock_t lock;
	struct plist_head chain;
} ____cacheline_aligned_in_smp;

/*
 * Priority Inheritance state:
 */
struct futex_pi_state {
	/*
	 * list of 'owned' pi_state instances - these have to be
	 * cleaned up in do_exit() if the task exits prematurely:
	 */
	struct list_head list;

	/*
	 * The PI object:
	 */
	struct rt_mutex_base pi_mutex;

	struct task_struct *owner;
	refcount_t refcount;

	union futex_key key;
} __randomize_layout;

/**
 * struct futex_q - The hashed futex queue entry, one per waiting task
 * @list:		priority-sorted list of tasks waiting on this futex
 * @task:		the task waiting on the futex
 * @lock_ptr:		the hash bucket lock
 * @key:		the key the futex is hashed on
 * @pi_state:		optional priority inheritance state
 * @rt_waiter:		rt_waiter storage for use with requeue_pi
 * @requeue_pi_key:	the requeue_pi target futex key
 * @bitset:		bitset for the optional bitmasked wakeup
 * @requeue_state:	State field for futex_requeue_pi()
 * @requeue_wait:	RCU wait for futex_requeue_pi() (RT only)
 *
 * We use this hashed waitqueue, instead of a normal wait_queue_entry_t, so
 * we can wake only the relevant ones (hashed queues may be shared).
 *
 * A futex_q has a woken state, just like tasks have TASK_RUNNING.
 * It is considered woken when plist_node_empty(&q->list) || q->lock_ptr == 0.
 * The order of wakeup is always to make the first condition true, then
 * the second.
 *
 * PI futexes are typically woken before they are removed from the hash list via
 * the rt_mutex code. See futex_unqueue_pi().
 */
struct futex_q {
	struct plist_node list;

	struct task_struct *task;
	spinlock_t *lock_ptr;
	union futex_key key;
	struct futex_pi_state *pi_state;
	struct rt_mutex_waiter *rt_waiter;
	union futex_key *requeue_pi_key;
	u32 bitset;
	atomic_t requeue_state;
#ifdef CONFIG_PREEMPT_RT
	struct rcuwait requeue_wait;
#endif
} __randomize_layout;

extern const struct futex_q futex_q_init;

enum futex_access {
	FUTEX_READ,
	FUTEX_WRITE
};

int futex_key_node_slow(void __user *uaddr, u32 node, unsigned int flags);

#ifdef CONFIG_NUMA
int futex_mpol_node(struct mm_struct *mm, unsigned long addr);
#else
static inline int futex_mpol_node(struct mm_struct *mm, unsigned long addr)
{
	return NUMA_NO_NODE;
}
#endif

/**
 * futex_node_valid() - Whether a node word names a node of this machine
 * @node:	the node word's value, zero-extended
 *
 * A possible node is below nr_node_ids, so node_possible() alone decides;
 * the constant bound keeps its bitmap read in range, and tells the compiler
 * that a valid node is not negative (no sign test after the call). Against
 * nr_node_ids this cost every FLAGS_NUMA call four instructions more
 * (docs/performance.md).
 *
 * Return: true for a possible node. The "no node" value (all ones of the
 * futex size) is at least nr_node_ids (futex_flags_valid()), so it is not.
 */
static __always_inline bool futex_node_valid(u32 node)
{
	return node < MAX_NUMNODES && node_possible(node);
}

extern unsigned int futex_dense_nodes;

/**
 * futex_key_set_node() - Put a node into a futex key
 * @key:	the key
 * @node:	a possible node, or NUMA_NO_NODE
 *
 * The key keeps the node plus one, so that a key made from FUTEX_KEY_INIT
 * has no node until this is called: get_futex_key() need not store
 * anything for a key without FLAGS_NUMA or FLAGS_MPOL (every legacy
 * futex() key), as 6.1 stored nothing. futex_key_get_node() undoes it.
 */
static __always_inline void futex_key_set_node(union futex_key *key, int node)
{
	key->both.node_plus1 = node + 1;
}

/**
 * futex_key_get_node() - The node of a futex key
 * @key:	the key, made from FUTEX_KEY_INIT by get_futex_key()
 *
 * Return: the node futex_key_set_node() put in, or NUMA_NO_NODE if none.
 */
static __always_inline int futex_key_get_node(const union futex_key *key)
{
	return (int)key->both.node_plus1 - 1;
}

/*
 * Whether <linux/uaccess.h> supplies the architecture's user_access_begin()
 * (6.1's arm64, among others): then it is access_ok(), and unsafe_get_user()
 * is __get_user(), which checks the address again. unsafe_op_wrap() is
 * that generic implementation's own helper, defined only with it.
 */
#ifdef unsafe_op_wrap
#define FUTEX_GENERIC_UACCESS	1
#else
#define FUTEX_GENERIC_UACCESS	0
#endif

/**
 * futex_get_node_word() - Read a NUMA futex's node word with get_user()
 * @node:	where to store the zero-extended node word
 * @uaddr:	user address of the futex, aligned to twice its size
 * @flags:	futex flags; FLAGS_SIZE_* gives the size of the value and of
 *		the node word after it
 *
 * For FUTEX_GENERIC_UACCESS: one get_user() checks the node word's address
 * and reads it, where user_read_access_begin() and unsafe_get_user() would
 * check it twice. The check covers the value too: the value lies below the
 * node word, in the same aligned unit, so a node word below the user
 * address limit has a value below it. Each size into its own type: see
 * __futex_get_value().
 *
 * Return: 0, or -EFAULT if the node word is not a readable user address.
 */
static __always_inline int futex_get_node_word(u32 *node, void __user *uaddr,
					       unsigned int flags)
{
	int ret;

	if (likely(futex_size_is_32(flags)))
		return get_user(*node, (u32 __user *)uaddr + 1) ? -EFAULT : 0;

	if (flags & FLAGS_SIZE_16_NOT_8) {
		u16 v16;

		ret = get_user(v16, (u16 __user *)uaddr + 1);
		*node = v16;
	} else {
		u8 v8;

		ret = get_user(v8, (u8 __user *)uaddr + 1);
		*node = v8;
	}
	return ret ? -EFAULT : 0;
}

/**
 * futex_read_node_word() - Read a NUMA futex's node word, inline
 * @node:	where to store the zero-extended node word
 * @uaddr:	user address of the futex, aligned to @size
 * @size:	twice the futex size: the value and its node word
 * @flags:	futex flags; FLAGS_SIZE_* gives the size of the value and of
 *		the node word after it
 *
 * One user_read_access_begin() checks the value and the node word, and the
 * read is inline, at a constant offset from @uaddr in each size's branch:
 * on x86, __get_user() is a call, and with a separate access_ok() it cost a
 * NUMA futex ten instructions more than this (docs/performance.md). Where
 * that interface is the generic one, futex_get_node_word() checks once.
 *
 * Return: 0, or -EFAULT if the futex or its node word is not a readable
 * user address.
 */
static __always_inline int futex_read_node_word(u32 *node, void __user *uaddr,
						unsigned int size,
						unsigned int flags)
{
	/* get_user() says it may fault; unsafe_get_user() does not. */
	might_fault();
	if (!user_read_access_begin(uaddr, size))
		return -EFAULT;
	/*
	 * Each size into its own type: see __futex_get_value(). The hint
	 * keeps the 32-bit read inline in futex2_wait(), behind the narrow
	 * compares of futex_wait_value_locked().
	 */
	if (likely(futex_size_is_32(flags))) {
		unsafe_get_user(*node, (u32 __user *)uaddr + 1, efault);
	} else if (flags & FLAGS_SIZE_16_NOT_8) {
		u16 v16;

		unsafe_get_user(v16, (u16 __user *)uaddr + 1, efault);
		*node = v16;
	} else {
		u8 v8;

		unsafe_get_user(v8, (u8 __user *)uaddr + 1, efault);
		*node = v8;
	}
	user_read_access_end();
	return 0;

efault:
	user_read_access_end();
	return -EFAULT;
}

/**
 * futex_key_node() - The node of a FLAGS_NUMA futex, claimed if unset
 * @uaddr:	user address of the futex; get_futex_key() has checked its
 *		alignment, not yet access_ok()
 * @size:	twice the futex size: the value and its node word
 * @flags:	futex flags, with FLAGS_NUMA, and FLAGS_MPOL if given
 * @key:	the key whose node to set
 *
 * The futex value is followed by a node word of the same size. If that word
 * is all ones ("no node"), a node is written back to it (atomically, see
 * futex_claim_node() in core.c) so that the waker finds the waiter: with
 * FLAGS_MPOL the node the memory policy of the futex's VMA gives, if it
 * gives one (futex_mpol_node()), else the current node. Otherwise the word
 * must name a possible node, and that node decides, FLAGS_MPOL or not. The
 * node selects the hash table, see futex_hash().
 *
 * The word is read by futex_get_node_word() where user_access_begin() is
 * the generic one, else by futex_read_node_word(). Where every node below
 * nr_node_ids is possible (futex_dense_nodes), one compare accepts a node;
 * futex_key_node_slow(), out of line, decides the others and claims an
 * unset word.
 *
 * The node goes straight into @key: returned, the compiler would test the
 * sign of a node that the one compare accepted.
 *
 * Return: 0, with the node in @key; -EFAULT if the futex or its node word
 * is not a user address, or the node word cannot be read or written;
 * -EINVAL if it names a node that is not possible; or another error of
 * futex_key_node_slow().
 */
static __always_inline int futex_key_node(void __user *uaddr,
					  unsigned int size, unsigned int flags,
					  union futex_key *key)
{
	int ret;
	u32 node;

	if (FUTEX_GENERIC_UACCESS)
		ret = futex_get_node_word(&node, uaddr, flags);
	else
		ret = futex_read_node_word(&node, uaddr, size, flags);
	if (ret)
		return ret;

	/*
	 * Stored before it is checked (an error leaves the key unused), so
	 * that the one compare returns straight into get_futex_key().
	 */
	futex_key_set_node(key, node);
	if (likely(node < futex_dense_nodes))
		return 0;

	/* Only the bits it uses: the NUMA copies then keep no second flags. */
	ret = futex_key_node_slow(uaddr, node,
				  flags & (FLAGS_SIZE_MASK | FLAGS_MPOL));
	if (ret < 0)
		return ret;
	futex_key_set_node(key, ret);
	return 0;
}

int get_futex_key_shared(unsigned long address, union futex_key *key,
			 enum futex_access rw);

/**
 * futex_key_offset() - The offset word of a futex's key
 * @address:	user address of the futex
 * @flags:	internal futex flags; FLAGS_SIZE_* gives the size
 *
 * The offset in the page, and FUT_OFF_SIZE times a size code: zero for a
 * 32-bit futex, whose offset is 6.1's, nonzero for the other sizes. No
 * branch: every size costs the same.
 *
 * Return: the offset word, without the kind bits (futex_key_kind()).
 */
static __always_inline unsigned int futex_key_offset(unsigned long address,
						     unsigned int flags)
{
	unsigned int code = (flags & FLAGS_SIZE_MASK) >> FLAGS_SIZE_SHIFT;

	return (address % PAGE_SIZE) | FUT_OFF_SIZE * code;
}

/**
 * futex_key_kind() - The kind bits of a shared futex's key
 * @flags:	internal futex flags; FLAGS_SIZE_* gives the size
 * @kind:	FUT_OFF_INODE or FUT_OFF_MMSHARED
 *
 * Return: @kind for a 32-bit futex, as in 6.1, whose page offset leaves
 * bits 0 and 1 free; for a smaller futex, @kind in the two bits above its
 * page offset.
 */
static __always_inline unsigned int futex_key_kind(unsigned int flags,
						   unsigned int kind)
{
	if (!futex_size_is_32(flags))
		kind <<= PAGE_SHIFT;
	return kind;
}

/**
 * get_futex_key() - Get parameters which are the keys for a futex
 * @uaddr:	virtual address of the futex
 * @flags:	FLAGS_* of the futex: FLAGS_SHARED for a PROCESS_SHARED futex,
 *		the size, FLAGS_NUMA for a futex followed by a node word, and
 *		FLAGS_MPOL for a node from the memory policy
 * @key:	address where result is stored.
 * @rw:		mapping needs to be read/write (values: FUTEX_READ,
 *              FUTEX_WRITE)
 *
 * Return: a negative error code or 0
 *
 * The key words are stored in @key on success.
 *
 * For private mappings (or when !FLAGS_SHARED), the key is:
 *
 *   ( current->mm, address, offset )
 *
 * for shared ones, see get_futex_key_shared(). The size of the futex is
 * encoded in the offset (futex_key_offset()), so keys of futexes of
 * different sizes at the same address never match; a 32-bit futex's key is
 * 6.1's own. With FLAGS_NUMA, the node word after the value gives the node;
 * with FLAGS_MPOL, an unset node comes from the VMA's memory policy, see
 * futex_key_node(). The node is stored in the key, not hashed, and selects
 * the hash table (futex_hash()).
 *
 * Inline: a legacy futex() op calls it with flags whose size and node bits
 * the compiler knows (futex_legacy_flags()), and only 6.1's code for a
 * private 32-bit key is left of it there. The node and the shared parts are
 * out of line.
 *
 * lock_page() might sleep, the caller should not hold a spinlock.
 */
static __always_inline int get_futex_key(void __user *uaddr, unsigned int flags,
					 union futex_key *key,
					 enum futex_access rw)
{
	unsigned long address = (unsigned long)uaddr;
	unsigned int size = futex_size(flags);
	/*
	 * The page, for the key. Where the key is known to get a node, only
	 * after the node word's read (below): masked before it, the address
	 * was kept on the stack across the read.
	 */
	const bool page_after_node = futex_flags_has_node(flags) == FUTEX_NODE_SET;
	unsigned int offset;
	int kind;

	if (flags & FLAGS_NUMA)
		size *= 2;

	/*
	 * The futex address must be "naturally" aligned: to the size of the
	 * futex, or to twice that with FLAGS_NUMA so that the value and the
	 * node word share one aligned unit (and never straddle a page).
	 */
	offset = futex_key_offset(address, flags);
	if (unlikely(address & (size - 1)))	/* size is a power of two */
		return -EINVAL;
	if (!page_after_node)
		address &= PAGE_MASK;

	if (unlikely(flags & (FLAGS_NUMA | FLAGS_MPOL))) {
		if (flags & FLAGS_NUMA) {
			/* Checks the value and the node word, then reads. */
			int ret = futex_key_node(uaddr, size, flags, key);

			if (ret)
				return ret;
		} else {
			/* No node word: the policy's node, or none. */
			int node;

			if (unlikely(!access_ok(uaddr, size)))
				return -EFAULT;
			node = futex_mpol_node(current->mm, address);
			futex_key_set_node(key, node);
		}
	} else if (!(flags & FLAGS_SHARED)) {
		if (unlikely(!access_ok(uaddr, size)))
			return -EFAULT;
		/* No node: FUTEX_KEY_INIT's, see futex_key_set_node(). */
	}
	/* A shared futex's page is checked by get_futex_key_shared(). */

	/* After the node read: an injected fault fails as a bad address. */
	if (unlikely(should_fail_futex(flags & FLAGS_SHARED)))
		return -EFAULT;

	if (page_after_node)
		address &= PAGE_MASK;

	/*
	 * PROCESS_PRIVATE futexes are fast.
	 * As the mm cannot disappear under us and the 'key' only needs
	 * virtual address, we dont even have to find the underlying vma.
	 * Note : We do have to check 'uaddr' is a valid user address,
	 *        but access_ok() should be faster than find_vma()
	 */
	if (!(flags & FLAGS_SHARED)) {
		/*
		 * On no-MMU, shared futexes are treated as private, therefore
		 * we must not include the current process in the key. Since
		 * there is only one address space, the address is a unique key
		 * on its own.
		 */
		if (IS_ENABLED(CONFIG_MMU))
			key->private.mm = current->mm;
		else
			key->private.mm = NULL;

		key->private.address = address;
		key->both.offset = offset;
		return 0;
	}

	/* The offset is stored once, with the kind bits: not read back. */
	kind = get_futex_key_shared(address, key, rw);
	if (unlikely(kind < 0))
		return kind;

	key->both.offset = offset | futex_key_kind(flags, kind);
	return 0;
}

extern struct hrtimer_sleeper *
futex_setup_timer(ktime_t *time, struct hrtimer_sleeper *timeout,
		  int flags, u64 range_ns);

extern struct futex_hash_bucket *futex_hash(union futex_key *key);
struct futex_hash_bucket *futex_hash_plain(union futex_key *key);
struct futex_hash_bucket *futex_hash_numa(union futex_key *key);

/**
 * futex_hash_flags() - futex_hash() for a key made with known flags
 * @key:	the futex key
 * @flags:	the futex flags get_futex_key() made @key with
 *
 * Without FLAGS_NUMA or FLAGS_MPOL the key has no node and
 * futex_hash_plain() need not look: legacy futex() (futex_legacy_flags())
 * goes straight there. Flags known at compile time to have FLAGS_NUMA
 * (futex2's copies of the wake and wait bodies for a node word) make a
 * key with a node, and futex_hash_numa() need not look either. What the
 * compiler knows: futex_flags_has_node().
 *
 * Return: the key's hash bucket.
 */
static __always_inline struct futex_hash_bucket *
futex_hash_flags(union futex_key *key, unsigned int flags)
{
	switch (futex_flags_has_node(flags)) {
	case FUTEX_NODE_SET:
		return futex_hash_numa(key);
	case FUTEX_NODE_NONE:
		return futex_hash_plain(key);
	case FUTEX_NODE_MAYBE:
		break;
	}
	if (flags & (FLAGS_NUMA | FLAGS_MPOL))
		return futex_hash(key);
	return futex_hash_plain(key);
}

#if IS_ENABLED(CONFIG_FUTEX_KUNIT_TEST)
/* Static unless the KUnit suite calls it. */
#define FUTEX_KUNIT_VISIBLE
int futex_hash_node(struct futex_hash_bucket *hb);
long futex_hash_index(struct futex_hash_bucket *hb);
unsigned long futex_hash_buckets(void);
int futex_hash_map_node(unsigned int i);
unsigned long futex_hash_size(unsigned int cpus, unsigned int nodes);
#ifdef CONFIG_NUMA
struct mempolicy;
int futex_mpol_node_of(const struct mempolicy *pol);
#endif
#else
#define FUTEX_KUNIT_VISIBLE static
#endif

/**
 * futex_match - Check whether two futex keys are equal
 * @key1:	Pointer to key1
 * @key2:	Pointer to key2
 *
 * Return 1 if two futex_keys are equal, 0 otherwise.
 */
static inline int futex_match(union futex_key *key1, union futex_key *key2)
{
	return (key1 && key2
		&& key1->both.word == key2->both.word
		&& key1->both.ptr == key2->both.ptr
		&& key1->both.offset == key2->both.offset);
}

#if IS_ENABLED(CONFIG_FUTEX_KUNIT_TEST)
int futex_wait_setup_fault(u32 __user *uaddr, u32 val, unsigned int flags,
			   struct futex_q *q, struct futex_hash_bucket **hb);
#endif
extern int futex_wait_setup(u32 __user *uaddr, u32 val, unsigned int flags,
			    struct futex_q *q, struct futex_hash_bucket **hb);
extern void futex_wait_queue(struct futex_hash_bucket *hb, struct futex_q *q,
				   struct hrtimer_sleeper *timeout);
extern void futex_wake_mark(struct wake_q_head *wake_q, struct futex_q *q);

extern int fault_in_user_writeable(u32 __user *uaddr);
extern int futex_cmpxchg_value_locked(u32 *curval, u32 __user *uaddr, u32 uval, u32 newval);
extern struct futex_q *futex_top_waiter(struct futex_hash_bucket *hb, union futex_key *key);

extern void __futex_unqueue(struct futex_q *q);
extern void __futex_queue(struct futex_q *q, struct futex_hash_bucket *hb);
extern int futex_unqueue(struct futex_q *q);

/**
 * futex_queue() - Enqueue the futex_q on the futex_hash_bucket
 * @q:	The futex_q to enqueue
 * @hb:	The destination hash bucket
 *
 * The hb->lock must be held by the caller, and is released here. A call to
 * futex_queue() is typically paired with exactly one call to futex_unqueue().  The
 * exceptions involve the PI related operations, which may use futex_unqueue_pi()
 * or nothing if the unqueue is done as part of the wake process and the unqueue
 * state is implicit in the state of woken task (see futex_wait_requeue_pi() for
 * an example).
 */
static inline void futex_queue(struct futex_q *q, struct futex_hash_bucket *hb)
	__releases(&hb->lock)
{
	__futex_queue(q, hb);
	spin_unlock(&hb->lock);
}

extern void futex_unqueue_pi(struct futex_q *q);

extern void wait_for_owner_exiting(int ret, struct task_struct *exiting);

/*
 * Reflects a new waiter being added to the waitqueue.
 */
static inline void futex_hb_waiters_inc(struct futex_hash_bucket *hb)
{
#ifdef CONFIG_SMP
	atomic_inc(&hb->waiters);
	/*
	 * Full barrier (A), see the ordering comment above.
	 */
	smp_mb__after_atomic();
#endif
}

/*
 * Reflects a waiter being removed from the waitqueue by wakeup
 * paths.
 */
static inline void futex_hb_waiters_dec(struct futex_hash_bucket *hb)
{
#ifdef CONFIG_SMP
	atomic_dec(&hb->waiters);
#endif
}

static inline int futex_hb_waiters_pending(struct futex_hash_bucket *hb)
{
#ifdef CONFIG_SMP
	/*
	 * Full barrier (B), see the ordering comment above.
	 */
	smp_mb();
	return atomic_read(&hb->waiters);
#else
	return 1;
#endif
}

struct futex_hash_bucket *futex_q_lock_flags(struct futex_q *q,
					     unsigned int flags);
struct futex_hash_bucket *futex_q_lock_plain(struct futex_q *q);
struct futex_hash_bucket *futex_q_lock_numa(struct futex_q *q);

/**
 * futex_q_lock() - Lock the hash bucket of a futex_q, counting it as a waiter
 * @q:		the futex_q; the key must be already stored in q->key
 * @flags:	the futex flags the key was made with
 *
 * Where the compiler knows whether the key has a node
 * (futex_flags_has_node(): legacy futex() has none, futex2_wait_numa() has
 * one), the hash need not look: futex_q_lock_plain() and
 * futex_q_lock_numa(). Elsewhere futex_q_lock_flags() tests the flags.
 *
 * Return: the hash bucket, locked.
 */
static __always_inline struct futex_hash_bucket *
futex_q_lock(struct futex_q *q, unsigned int flags)
{
	switch (futex_flags_has_node(flags)) {
	case FUTEX_NODE_SET:
		return futex_q_lock_numa(q);
	case FUTEX_NODE_NONE:
		return futex_q_lock_plain(q);
	case FUTEX_NODE_MAYBE:
		break;
	}
	return futex_q_lock_flags(q, flags);
}
extern void futex_q_unlock(struct futex_hash_bucket *hb);


extern int futex_lock_pi_atomic(u32 __user *uaddr, struct futex_hash_bucket *hb,
				union futex_key *key,
				struct futex_pi_state **ps,
				struct task_struct *task,
				struct task_struct **exiting,
				int set_waiters);

extern int refill_pi_state_cache(void);
extern void get_pi_state(struct futex_pi_state *pi_state);
extern void put_pi_state(struct futex_pi_state *pi_state);
extern int fixup_pi_owner(u32 __user *uaddr, struct futex_q *q, int locked);

/*
 * Express the locking dependencies for lockdep:
 */
static inline void
double_lock_hb(struct futex_hash_bucket *hb1, struct futex_hash_bucket *hb2)
{
	if (hb1 > hb2)
		swap(hb1, hb2);

	spin_lock(&hb1->lock);
	if (hb1 != hb2)
		spin_lock_nested(&hb2->lock, SINGLE_DEPTH_NESTING);
}

static inline void
double_unlock_hb(struct futex_hash_bucket *hb1, struct futex_hash_bucket *hb2)
{
	spin_unlock(&hb1->lock);
	if (hb1 != hb2)
		spin_unlock(&hb2->lock);
}

/* syscalls */

extern int futex_wait_requeue_pi(u32 __user *uaddr, unsigned int flags, u32
				 val, ktime_t *abs_time, u32 bitset, u32 __user
				 *uaddr2);

int futex_requeue(u32 __user *uaddr1, unsigned int flags1,
		  u32 __user *uaddr2, unsigned int flags2,
		  int nr_wake, int nr_requeue,
		  u32 *cmpval, int requeue_pi);
int futex2_requeue(u32 __user *uaddr1, unsigned int flags1,
		   u32 __user *uaddr2, unsigned int flags2,
		   int nr_wake, int nr_requeue, u32 *cmpval);

int futex2_wait_plain(u32 __user *uaddr, unsigned int flags, u32 val,
		      struct hrtimer_sleeper *to, u32 bitset);
int futex2_wait_numa(u32 __user *uaddr, unsigned int flags, u32 val,
		     struct hrtimer_sleeper *to, u32 bitset);
int futex2_wait_mpol(u32 __user *uaddr, unsigned int flags, u32 val,
		     struct hrtimer_sleeper *to, u32 bitset);

/**
 * futex2_wait() - Wait on a futex2 futex, of any size, maybe NUMA
 * @uaddr:	the futex user address
 * @flags:	internal flags from futex2_to_flags()
 * @val:	the expected value
 * @to:		optional timeout, set up (not started) by the caller
 * @bitset:	the bitset to wait on; must not be zero
 *
 * The caller owns @to and destroys it.
 *
 * A copy of the body for futexes without a node flag, one for FLAGS_NUMA
 * (with or without FLAGS_MPOL) and one for FLAGS_MPOL alone, each
 * compiled knowing its node flags: the node word's read and the choice of
 * the hash table are the compiler's tests in the first two, where each
 * was a test of the flags at run time (docs/performance.md). The choice
 * is inline in the caller, sys_futex_wait(): a function of its own for it
 * cost arm64, whose kernel frame pointers rule out tail calls, a frame on
 * every wait.
 *
 * Return: as __futex_wait().
 */
static __always_inline int futex2_wait(u32 __user *uaddr, unsigned int flags,
				       u32 val, struct hrtimer_sleeper *to,
				       u32 bitset)
{
	if (flags & FLAGS_NUMA)
		return futex2_wait_numa(uaddr, flags, val, to, bitset);
	if (likely(!(flags & FLAGS_MPOL)))
		return futex2_wait_plain(uaddr, flags, val, to, bitset);
	return futex2_wait_mpol(uaddr, flags, val, to, bitset);
}

extern int futex_wait(u32 __user *uaddr, unsigned int flags, u32 val,
		      ktime_t *abs_time, u32 bitset);

/**
 * struct futex_vector - Auxiliary struct for futex_waitv()
 * @w: Userspace provided data
 * @q: Kernel side data
 *
 * Struct used to build an array with all data need for futex_waitv()
 */
struct futex_vector {
	struct futex_waitv w;
	struct futex_q q;
};

extern int futex_wait_multiple(struct futex_vector *vs, unsigned int count,
			       struct hrtimer_sleeper *to);

extern int futex_wake(u32 __user *uaddr, unsigned int flags, int nr_wake, u32 bitset);
int futex2_wake(u32 __user *uaddr, unsigned int flags, int nr_wake, u32 bitset);

extern int futex_wake_op(u32 __user *uaddr1, unsigned int flags,
			 u32 __user *uaddr2, int nr_wake, int nr_wake2, int op);

extern int futex_unlock_pi(u32 __user *uaddr, unsigned int flags);

extern int futex_lock_pi(u32 __user *uaddr, unsigned int flags, ktime_t *time, int trylock);

#endif /* _FUTEX_H */
