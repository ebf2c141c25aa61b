// SPDX-License-Identifier: GPL-2.0-or-later
/*
 *  Fast Userspace Mutexes (which I call "Futexes!").
 *  (C) Rusty Russell, IBM 2002
 *
 *  Generalized futexes, futex requeueing, misc fixes by Ingo Molnar
 *  (C) Copyright 2003 Red Hat Inc, All Rights Reserved
 *
 *  Removed page pinning, fix privately mapped COW pages and other cleanups
 *  (C) Copyright 2003, 2004 Jamie Lokier
 *
 *  Robust futex support started by Ingo Molnar
 *  (C) Copyright 2006 Red Hat Inc, All Rights Reserved
 *  Thanks to Thomas Gleixner for suggestions, analysis and fixes.
 *
 *  PI-futex support started by Ingo Molnar and Thomas Gleixner
 *  Copyright (C) 2006 Red Hat, Inc., Ingo Molnar <mingo@redhat.com>
 *  Copyright (C) 2006 Timesys Corp., Thomas Gleixner <tglx@timesys.com>
 *
 *  PRIVATE futexes by Eric Dumazet
 *  Copyright (C) 2007 Eric Dumazet <dada1@cosmosbay.com>
 *
 *  Requeue-PI support by Darren Hart <dvhltc@us.ibm.com>
 *  Copyright (C) IBM Corporation, 2009
 *  Thanks to Thomas Gleixner for conceptual design and careful reviews.
 *
 *  Thanks to Ben LaHaise for yelling "hashed waitqueues" loudly
 *  enough at me, Linus for the original (flawed) idea, Matthew
 *  Kirkwood for proof-of-concept implementation.
 *
 *  "The futexes are also cursed."
 *  "But they come in a choice of three flavours!"
 */
#include <linux/compat.h>
#include <linux/jhash.h>
#include <linux/pagemap.h>
#include <linux/gfp.h>
#include <linux/mempolicy.h>
#include <linux/vmalloc.h>
#include <linux/fault-inject.h>
#include <linux/slab.h>
#include <linux/sched/signal.h>

#include "futex.h"
#include "../locking/rtmutex_common.h"

/*
 * A key without a node (every legacy futex, every futex2 futex without
 * FLAGS_NUMA) is spread over the nodes' hash tables by the top
 * FUTEX_NODE_MAP_BITS bits of its hash: they index a map, filled once at
 * boot, whose entries point to the possible nodes' tables in equal shares.
 * One shift and one load, where a division by nr_node_ids and a walk of
 * node_possible_map would cost every futex operation more. The map has 32
 * entries per node that the kernel is configured for, at most 256: the
 * shares of up to 8 possible nodes differ by at most 3%, those of more
 * nodes by at most one entry.
 */
#define FUTEX_NODE_MAP_BITS	(NODES_SHIFT < 3 ? NODES_SHIFT + 5 : 8)
#define FUTEX_NODE_MAP_SIZE	BIT(FUTEX_NODE_MAP_BITS)

/*
 * What futex_hash() reads, in one object: one address reaches all of it.
 * The map comes first, so that an entry is loaded from the base with the
 * scaled index alone (arm64: no add for an offset), and the tables' index
 * mask is kept rather than their size (no subtraction per hash); together
 * they made a plain hash cost what 6.1's did (docs/performance.md).
 */
static struct {
	struct futex_hash_bucket *map[FUTEX_NODE_MAP_SIZE];
	unsigned long            hashmask;	/* buckets per node - 1 */
	/*
	 * By the key's node plus one (futex_key_set_node()): [node + 1] is
	 * that node's table; [0], "no node", is never read, such a key takes
	 * the map.
	 */
	struct futex_hash_bucket *queues[1 + MAX_NUMNODES];
} __futex_data __read_mostly __aligned(2*sizeof(long));

/*
 * nr_node_ids if every node below it is possible (all but odd firmware),
 * else 0: a node word below it names a possible node (futex_key_node()).
 * Set once at boot, by futex_init().
 */
unsigned int futex_dense_nodes __read_mostly;

#define futex_hashmask	(__futex_data.hashmask)
#define futex_hashsize	(futex_hashmask + 1)
#define futex_node_map	(__futex_data.map)
#define futex_queues	(__futex_data.queues + 1)	/* by node */


/*
 * Fault injections for futexes.
 */
#ifdef CONFIG_FAIL_FUTEX

static struct {
	struct fault_attr attr;

	bool ignore_private;
} fail_futex = {
	.attr = FAULT_ATTR_INITIALIZER,
	.ignore_private = false,
};

static int __init setup_fail_futex(char *str)
{
	return setup_fault_attr(&fail_futex.attr, str);
}
__setup("fail_futex=", setup_fail_futex);

bool should_fail_futex(bool fshared)
{
	if (fail_futex.ignore_private && !fshared)
		return false;

	return should_fail(&fail_futex.attr, 1);
}

#ifdef CONFIG_FAULT_INJECTION_DEBUG_FS

static int __init fail_futex_debugfs(void)
{
	umode_t mode = S_IFREG | S_IRUSR | S_IWUSR;
	struct dentry *dir;

	dir = fault_create_debugfs_attr("fail_futex", NULL,
					&fail_futex.attr);
	if (IS_ERR(dir))
		return PTR_ERR(dir);

	debugfs_create_bool("ignore-private", mode, dir,
			    &fail_futex.ignore_private);
	return 0;
}

late_initcall(fail_futex_debugfs);

#endif /* CONFIG_FAULT_INJECTION_DEBUG_FS */

#endif /* CONFIG_FAIL_FUTEX */

static __always_inline struct futex_hash_bucket *
__futex_hash(union futex_key *key, enum futex_key_has_node has)
{
	/*
	 * Read before the hash: the key's address need not be kept. The node
	 * plus one, as the key keeps it, indexes the tables as it is.
	 */
	unsigned int node_plus1 = has != FUTEX_NODE_NONE ?
				  key->both.node_plus1 : 0;
	u32 hash = jhash2((u32 *)key,
			  offsetof(typeof(*key), both.offset) / sizeof(u32),
			  key->both.offset);
	struct futex_hash_bucket *table;

	if (has == FUTEX_NODE_SET || node_plus1)
		table = __futex_data.queues[node_plus1];
	else
		table = futex_node_map[hash >> (32 - FUTEX_NODE_MAP_BITS)];

	return &table[hash & futex_hashmask];
}

/**
 * futex_hash - Return the hash bucket in the global hash
 * @key:	Pointer to the futex key for which the hash is calculated
 *
 * We hash on the keys returned from get_futex_key (see below) and return the
 * corresponding hash bucket in the global hash.
 *
 * A key with a node (FLAGS_NUMA) uses that node's table. Any other key
 * uses the table that the top bits of its hash pick from the node map, so
 * that regular futexes are interleaved across the nodes without a table of
 * their own; the low bits pick the bucket, as in 6.1.
 */
struct futex_hash_bucket *futex_hash(union futex_key *key)
{
	return __futex_hash(key, FUTEX_NODE_MAYBE);
}

/**
 * futex_hash_plain - futex_hash() of a key made without FLAGS_NUMA
 * @key:	the futex key; its node is NUMA_NO_NODE
 *
 * The same bucket as futex_hash(), without looking at the node: see
 * futex_hash_flags().
 */
struct futex_hash_bucket *futex_hash_plain(union futex_key *key)
{
	return __futex_hash(key, FUTEX_NODE_NONE);
}

/**
 * futex_hash_numa - futex_hash() of a key made with FLAGS_NUMA
 * @key:	the futex key; futex_key_node() has set its node
 *
 * The same bucket as futex_hash(), without testing whether the key has a
 * node: see futex_hash_flags().
 */
struct futex_hash_bucket *futex_hash_numa(union futex_key *key)
{
	return __futex_hash(key, FUTEX_NODE_SET);
}

#if IS_ENABLED(CONFIG_FUTEX_KUNIT_TEST)
/**
 * futex_hash_node - Find the node whose hash table holds a bucket
 * @hb:	hash bucket, as returned by futex_hash()
 *
 * Only for the KUnit suite, which checks where futex_hash() puts keys.
 *
 * Return: the node of the table that contains @hb, or NUMA_NO_NODE if no
 * table does.
 */
int futex_hash_node(struct futex_hash_bucket *hb)
{
	int node;

	for_each_node(node) {
		struct futex_hash_bucket *table = futex_queues[node];

		if (hb >= table && hb < table + futex_hashsize)
			return node;
	}
	return NUMA_NO_NODE;
}

/**
 * futex_hash_index - Index of a bucket within its node's table
 * @hb:	hash bucket, as returned by futex_hash()
 *
 * Only for the KUnit suite.
 *
 * Return: the index of @hb in its table, or -1 if it is in no table.
 */
long futex_hash_index(struct futex_hash_bucket *hb)
{
	int node = futex_hash_node(hb);

	if (node == NUMA_NO_NODE)
		return -1;
	return hb - futex_queues[node];
}

/**
 * futex_hash_buckets - Number of buckets in each node's table
 *
 * Only for the KUnit suite.
 */
unsigned long futex_hash_buckets(void)
{
	return futex_hashsize;
}

/**
 * futex_hash_map_node - The node an entry of the node map points to
 * @i:	index into the node map
 *
 * Only for the KUnit suite, which checks that the map shares the hash
 * space out evenly.
 *
 * Return: the node of the table that entry @i points to, NUMA_NO_NODE if it
 * points to no table, or -ERANGE past the end of the map.
 */
int futex_hash_map_node(unsigned int i)
{
	if (i >= FUTEX_NODE_MAP_SIZE)
		return -ERANGE;
	return futex_hash_node(futex_node_map[i]);
}
#endif /* CONFIG_FUTEX_KUNIT_TEST */


/**
 * futex_setup_timer - set up the sleeping hrtimer.
 * @time:	ptr to the given timeout value
 * @timeout:	the hrtimer_sleeper structure to be set up
 * @flags:	futex flags
 * @range_ns:	optional range in ns
 *
 * Return: Initialized hrtimer_sleeper structure or NULL if no timeout
 *	   value given
 */
struct hrtimer_sleeper *
futex_setup_timer(ktime_t *time, struct hrtimer_sleeper *timeout,
		  int flags, u64 range_ns)
{
	if (!time)
		return NULL;

	hrtimer_init_sleeper_on_stack(timeout, (flags & FLAGS_CLOCKRT) ?
				      CLOCK_REALTIME : CLOCK_MONOTONIC,
				      HRTIMER_MODE_ABS);
	/*
	 * If range_ns is 0, calling hrtimer_set_expires_range_ns() is
	 * effectively the same as calling hrtimer_set_expires().
	 */
	hrtimer_set_expires_range_ns(&timeout->timer, *time, range_ns);

	return timeout;
}

/*
 * Generate a machine wide unique identifier for this object (inode or mm).
 *
 * This relies on u64 not wrapping in the life-time of the machine; which with
 * 1ns resolution means almost 585 years.
 */
static u64 get_object_id(atomic64_t *object_seq)
{
	static atomic64_t last_assigned_seq;
	u64 old;

	/* Does the object already have a sequence number? */
	old = atomic64_read(object_seq);
	if (likely(old))
		return old;

	for (;;) {
		u64 new = atomic64_add_return(1, &last_assigned_seq);
		if (WARN_ON_ONCE(!new))
			continue;

		old = atomic64_cmpxchg_relaxed(object_seq, 0, new);
		if (old)
			return old;
		return new;
	}
}

/*
 * How often futex_claim_node() tries to exchange the 32-bit word around an
 * unset node word before it gives up: only other writes to that word make
 * it try again, and for an 8 or 16-bit node word those may be writes to
 * bytes that are not even part of the futex.
 */
#define FUTEX_CLAIM_NODE_TRIES	128

/**
 * futex_claim_node() - Fill in an unset NUMA node word, atomically
 * @uaddr:	user address of the futex, whose node word follows it
 * @flags:	futex flags; FLAGS_SIZE_* gives the size of the value and of
 *		the node word, FLAGS_MPOL asks for the node of the memory
 *		policy
 *
 * Tasks on different nodes that find the node word unset (all ones) at the
 * same time must agree on one node, or they would queue in different hash
 * tables and a waker would miss some of them. So the node replaces all ones
 * by compare-and-exchange, and a task that loses the race uses the winner's
 * node. The node is the one the memory policy of the futex's VMA gives, with
 * FLAGS_MPOL (futex_mpol_node()), else the current node. A node word
 * narrower than 32 bits is exchanged within its naturally aligned 32-bit
 * word; if the other bytes of that word change meanwhile, try again, at
 * most FUTEX_CLAIM_NODE_TRIES times, so that a task writing those bytes in
 * a loop cannot hold this one in the kernel.
 *
 * The caller, futex_key_node_slow(), has found the node word unset, and
 * futex_key_node() has checked access_ok() for the futex. Runs once per
 * futex, and finds the node word itself, so that the inline fast path
 * need not keep the futex's size for it. May fault and sleep.
 *
 * Return: the node the futex now belongs to; -EINVAL if another task wrote
 * a node that is not possible; -EFAULT if the word cannot be read or
 * written; -EINTR if a fatal signal is pending; -EAGAIN if the word kept
 * changing and the node word is still unset after FUTEX_CLAIM_NODE_TRIES
 * tries.
 */
static int futex_claim_node(void __user *uaddr, unsigned int flags)
{
	unsigned long addr = (unsigned long)uaddr + futex_size(flags);
	u32 __user *word = (u32 __user *)(addr & ~3UL);
	u32 mask = futex_size_max(flags);
	u32 uval, nval, curval, cur;
	unsigned int shift, tries;
	int ret, node = NUMA_NO_NODE;

	if (IS_ENABLED(CONFIG_CPU_BIG_ENDIAN))
		shift = 8 * (4 - futex_size(flags) - (addr & 3));
	else
		shift = 8 * (addr & 3);

	/* The node word shares the futex's VMA: see get_futex_key(). */
	if (flags & FLAGS_MPOL)
		node = futex_mpol_node(current->mm, addr);

	if (get_user(uval, word))
		return -EFAULT;

	for (tries = 0; ; tries++) {
		cur = (uval >> shift) & mask;
		if (cur != mask) {
			/* Someone else claimed it first: use theirs. */
			if (!futex_node_valid(cur))
				return -EINVAL;
			return cur;
		}

		if (tries == FUTEX_CLAIM_NODE_TRIES)
			return -EAGAIN;

		cur = node != NUMA_NO_NODE ? node : numa_node_id();
		nval = (uval & ~(mask << shift)) | (cur << shift);
		ret = futex_cmpxchg_value_locked(&curval, word, uval, nval);
		if (!ret && curval == uval)
			return cur;

		if (ret == -EFAULT) {
			if (fault_in_user_writeable(word))
				return -EFAULT;
			if (get_user(curval, word))
				return -EFAULT;
		} else if (ret == -EAGAIN) {
			/* The architecture gave up on a contended exchange. */
			if (get_user(curval, word))
				return -EFAULT;
		} else if (ret) {
			return ret;
		}

		if (fatal_signal_pending(current))
			return -EINTR;

		uval = curval;
		cond_resched();
	}
}

/**
 * futex_key_node_slow() - The node of a node word above futex_dense_nodes
 * @uaddr:	user address of the futex, whose node word follows it
 * @node:	the node word's value, zero-extended
 * @flags:	futex flags, with FLAGS_NUMA: FLAGS_SIZE_* gives the size of
 *		the node word, FLAGS_MPOL asks for the node of the memory policy
 *
 * What futex_key_node() does not do inline: a possible node that the one
 * compare against futex_dense_nodes did not accept, "no node" (all ones of
 * the futex size), which futex_claim_node() fills in, and anything else,
 * which is an error. Out of line, so that the inline path keeps nothing
 * live for it, such as the futex's size.
 *
 * Return: the node; -EINVAL if the node word names a node that is not
 * possible; or an error of futex_claim_node().
 */
int futex_key_node_slow(void __user *uaddr, u32 node, unsigned int flags)
{
	/* A node id first, then "no node": see futex_node_valid(). */
	if (futex_node_valid(node))
		return node;

	if (node != futex_size_max(flags))
		return -EINVAL;

	return futex_claim_node(uaddr, flags);
}

#ifdef CONFIG_NUMA
/**
 * futex_mpol_node_of() - The node a memory policy gives a futex
 * @pol:	the memory policy of the futex's VMA, or NULL for none
 *
 * FUTEX2_MPOL's rule, as in mainline: %MPOL_PREFERRED gives its node;
 * %MPOL_BIND and %MPOL_PREFERRED_MANY give their home node, if one is set
 * (set_mempolicy_home_node(2)); any other policy, and no policy, give none.
 *
 * Return: a possible node, or NUMA_NO_NODE.
 */
FUTEX_KUNIT_VISIBLE int futex_mpol_node_of(const struct mempolicy *pol)
{
	int node = NUMA_NO_NODE;

	if (!pol)
		return NUMA_NO_NODE;

	switch (pol->mode) {
	case MPOL_PREFERRED:
		node = first_node(pol->nodes);
		break;
	case MPOL_PREFERRED_MANY:
	case MPOL_BIND:
		node = pol->home_node;
		break;
	default:
		break;
	}

	if (node < 0 || !futex_node_valid(node))
		return NUMA_NO_NODE;
	return node;
}

/**
 * futex_mpol_node() - The node the memory policy of a futex's VMA gives
 * @mm:		the mm of the futex
 * @addr:	user address of the futex
 *
 * For FLAGS_MPOL: the node of the VMA's own policy (futex_mpol_node_of()),
 * not the task's. The VMA and its policy are only looked at under
 * mmap_read_lock(): mbind(2), set_mempolicy_home_node(2) and munmap(2)
 * replace or free them under mmap_write_lock() (vma_replace_policy(),
 * remove_vma()), so neither can be freed while this reads them. This is
 * 6.1's rule for vma->vm_policy (6.1 has no per-VMA locks). Mainline reads
 * the policy speculatively, without the lock, and had to fix a
 * use-after-free there ("futex: Fix UaF between futex_key_to_node_opt()
 * and vma_replace_policy()").
 *
 * Out of line: it runs only for FUTEX2_MPOL futexes whose node is unset.
 * Might sleep, the caller should not hold a spinlock.
 *
 * Return: the node, or NUMA_NO_NODE for no VMA at @addr, no policy, or a
 * policy that names no node.
 */
int futex_mpol_node(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma;
	int node = NUMA_NO_NODE;

	if (!mm)
		return NUMA_NO_NODE;

	mmap_read_lock(mm);
	vma = vma_lookup(mm, addr);
	if (vma)
		node = futex_mpol_node_of(vma_policy(vma));
	mmap_read_unlock(mm);

	return node;
}
#endif /* CONFIG_NUMA */

/**
 * get_futex_key_shared() - The key of a PROCESS_SHARED futex
 * @address:	user address of the futex's page (page aligned)
 * @key:	the key; get_futex_key() has set its node, and sets its offset
 * @rw:		mapping needs to be read/write (values: FUTEX_READ,
 *              FUTEX_WRITE)
 *
 * The shared part of get_futex_key(), kept out of line as in 6.1. For
 * shared mappings the key is:
 *
 *   ( inode->i_sequence, page->index, offset_within_page )
 *
 * [ also see get_object_id() ]
 *
 * and for a private mapping of a PROCESS_SHARED futex:
 *
 *   ( mm->futex_unique_id, address, offset_within_page )
 *
 * This allows (cross process, where applicable) identification of the futex
 * without keeping the page pinned for the duration of the FUTEX_WAIT.
 *
 * lock_page() might sleep, the caller should not hold a spinlock.
 *
 * Return: the kind of key made, FUT_OFF_INODE or FUT_OFF_MMSHARED, for
 * get_futex_key() to put into the offset (see futex_key_kind()); or a
 * negative error code.
 */
int get_futex_key_shared(unsigned long address, union futex_key *key,
			 enum futex_access rw)
{
	struct mm_struct *mm = current->mm;
	struct page *page, *tail;
	struct address_space *mapping;
	int err, ro = 0;

	/*
	 * get_futex_key() has checked the alignment, so the futex (and a node
	 * word) lies within this page and checking the page is checking the
	 * futex: TASK_SIZE_MAX is page aligned. Here, not inline in each
	 * caller, as 6.1 made this check inside get_futex_key(): inline, the
	 * shared calls paid for it in registers saved around this call.
	 */
	if (unlikely(!access_ok((void __user *)address, PAGE_SIZE)))
		return -EFAULT;

again:
	/* Ignore any VERIFY_READ mapping (futex common case) */
	if (unlikely(should_fail_futex(true)))
		return -EFAULT;

	err = get_user_pages_fast(address, 1, FOLL_WRITE, &page);
	/*
	 * If write access is not required (eg. FUTEX_WAIT), try
	 * and get read-only access.
	 */
	if (err == -EFAULT && rw == FUTEX_READ) {
		err = get_user_pages_fast(address, 1, 0, &page);
		ro = 1;
	}
	if (err < 0)
		return err;
	else
		err = 0;

	/*
	 * The treatment of mapping from this point on is critical. The page
	 * lock protects many things but in this context the page lock
	 * stabilizes mapping, prevents inode freeing in the shared
	 * file-backed region case and guards against movement to swap cache.
	 *
	 * Strictly speaking the page lock is not needed in all cases being
	 * considered here and page lock forces unnecessarily serialization
	 * From this point on, mapping will be re-verified if necessary and
	 * page lock will be acquired only if it is unavoidable
	 *
	 * Mapping checks require the head page for any compound page so the
	 * head page and mapping is looked up now. For anonymous pages, it
	 * does not matter if the page splits in the future as the key is
	 * based on the address. For filesystem-backed pages, the tail is
	 * required as the index of the page determines the key. For
	 * base pages, there is no tail page and tail == page.
	 */
	tail = page;
	page = compound_head(page);
	mapping = READ_ONCE(page->mapping);

	/*
	 * If page->mapping is NULL, then it cannot be a PageAnon
	 * page; but it might be the ZERO_PAGE or in the gate area or
	 * in a special mapping (all cases which we are happy to fail);
	 * or it may have been a good file page when get_user_pages_fast
	 * found it, but truncated or holepunched or subjected to
	 * invalidate_complete_page2 before we got the page lock (also
	 * cases which we are happy to fail).  And we hold a reference,
	 * so refcount care in invalidate_inode_page's remove_mapping
	 * prevents drop_caches from setting mapping to NULL beneath us.
	 *
	 * The case we do have to guard against is when memory pressure made
	 * shmem_writepage move it from filecache to swapcache beneath us:
	 * an unlikely race, but we do need to retry for page->mapping.
	 */
	if (unlikely(!mapping)) {
		int shmem_swizzled;

		/*
		 * Page lock is required to identify which special case above
		 * applies. If this is really a shmem page then the page lock
		 * will prevent unexpected transitions.
		 */
		lock_page(page);
		shmem_swizzled = PageSwapCache(page) || page->mapping;
		unlock_page(page);
		put_page(page);

		if (shmem_swizzled)
			goto again;

		return -EFAULT;
	}

	/*
	 * Private mappings are handled in a simple way.
	 *
	 * If the futex key is stored on an anonymous page, then the associated
	 * object is the mm which is implicitly pinned by the calling process.
	 *
	 * NOTE: When userspace waits on a MAP_SHARED mapping, even if
	 * it's a read-only handle, it's expected that futexes attach to
	 * the object not the particular process.
	 */
	if (PageAnon(page)) {
		/*
		 * A RO anonymous page will never change and thus doesn't make
		 * sense for futex operations.
		 */
		if (unlikely(should_fail_futex(true)) || ro) {
			err = -EFAULT;
			goto out;
		}

		err = FUT_OFF_MMSHARED;
		key->private.mm_seq = get_object_id(&mm->futex_unique_id);
		key->private.address = address;

	} else {
		struct inode *inode;

		/*
		 * The associated futex object in this case is the inode and
		 * the page->mapping must be traversed. Ordinarily this should
		 * be stabilised under page lock but it's not strictly
		 * necessary in this case as we just want to pin the inode, not
		 * update the radix tree or anything like that.
		 *
		 * The RCU read lock is taken as the inode is finally freed
		 * under RCU. If the mapping still matches expectations then the
		 * mapping->host can be safely accessed as being a valid inode.
		 */
		rcu_read_lock();

		if (READ_ONCE(page->mapping) != mapping) {
			rcu_read_unlock();
			put_page(page);

			goto again;
		}

		inode = READ_ONCE(mapping->host);
		if (!inode) {
			rcu_read_unlock();
			put_page(page);

			goto again;
		}

		err = FUT_OFF_INODE; /* inode-based key */
		/*
		 * This relies on the fact that a well formed program will not
		 * unmap the file while it has a (shared) futex waiting on it.
		 * This mapping will have a file reference which pins the mount
		 * and inode.
		 *
		 * If for some reason an inode gets evicted and read back in
		 * again, it will get a new sequence number and will _NOT_ match,
		 * even though it is the exact same file.
		 *
		 * It is important that futex_match() will never have a
		 * false-positive, esp. for PI futexes that can mess up the state.
		 * The above argues that false-negatives are only possible for
		 * malformed programs.
		 */
		key->shared.i_seq = get_object_id(&inode->i_sequence);
		key->shared.pgoff = page_to_pgoff(tail);
		rcu_read_unlock();
	}

out:
	put_page(page);
	return err;
}

/**
 * fault_in_user_writeable() - Fault in user address and verify RW access
 * @uaddr:	pointer to faulting user space address
 *
 * Slow path to fixup the fault we just took in the atomic write
 * access to @uaddr.
 *
 * We have no generic implementation of a non-destructive write to the
 * user address. We know that we faulted in the atomic pagefault
 * disabled section so we can as well avoid the #PF overhead by
 * calling get_user_pages() right away.
 */
int fault_in_user_writeable(u32 __user *uaddr)
{
	struct mm_struct *mm = current->mm;
	int ret;

	mmap_read_lock(mm);
	ret = fixup_user_fault(mm, (unsigned long)uaddr,
			       FAULT_FLAG_WRITE, NULL);
	mmap_read_unlock(mm);

	return ret < 0 ? ret : 0;
}

/**
 * futex_top_waiter() - Return the highest priority waiter on a futex
 * @hb:		the hash bucket the futex_q's reside in
 * @key:	the futex key (to distinguish it from other futex futex_q's)
 *
 * Must be called with the hb lock held.
 */
struct futex_q *futex_top_waiter(struct futex_hash_bucket *hb, union futex_key *key)
{
	struct futex_q *this;

	plist_for_each_entry(this, &hb->chain, list) {
		if (futex_match(&this->key, key))
			return this;
	}
	return NULL;
}

int futex_cmpxchg_value_locked(u32 *curval, u32 __user *uaddr, u32 uval, u32 newval)
{
	int ret;

	pagefault_disable();
	ret = futex_atomic_cmpxchg_inatomic(curval, uaddr, uval, newval);
	pagefault_enable();

	return ret;
}

/**
 * wait_for_owner_exiting - Block until the owner has exited
 * @ret: owner's current futex lock status
 * @exiting:	Pointer to the exiting task
 *
 * Caller must hold a refcount on @exiting.
 */
void wait_for_owner_exiting(int ret, struct task_struct *exiting)
{
	if (ret != -EBUSY) {
		WARN_ON_ONCE(exiting);
		return;
	}

	if (WARN_ON_ONCE(ret == -EBUSY && !exiting))
		return;

	mutex_lock(&exiting->futex_exit_mutex);
	/*
	 * No point in doing state checking here. If the waiter got here
	 * while the task was in exec()->exec_futex_release() then it can
	 * have any FUTEX_STATE_* value when the waiter has acquired the
	 * mutex. OK, if running, EXITING or DEAD if it reached exit()
	 * already. Highly unlikely and not a problem. Just one more round
	 * through the futex maze.
	 */
	mutex_unlock(&exiting->futex_exit_mutex);

	put_task_struct(exiting);
}

/**
 * __futex_unqueue() - Remove the futex_q from its futex_hash_bucket
 * @q:	The futex_q to unqueue
 *
 * The q->lock_ptr must not be NULL and must be held by the caller.
 */
void __futex_unqueue(struct futex_q *q)
{
	struct futex_hash_bucket *hb;

	if (WARN_ON_SMP(!q->lock_ptr) || WARN_ON(plist_node_empty(&q->list)))
		return;
	lockdep_assert_held(q->lock_ptr);

	hb = container_of(q->lock_ptr, struct futex_hash_bucket, lock);
	plist_del(&q->list, &hb->chain);
	futex_hb_waiters_dec(hb);
}

static __always_inline struct futex_hash_bucket *
__futex_q_lock(struct futex_q *q, struct futex_hash_bucket *hb)
	__acquires(&hb->lock)
{
	/*
	 * Increment the counter before taking the lock so that
	 * a potential waker won't miss a to-be-slept task that is
	 * waiting for the spinlock. This is safe as all futex_q_lock()
	 * users end up calling futex_queue(). Similarly, for housekeeping,
	 * decrement the counter at futex_q_unlock() when some error has
	 * occurred and we don't end up adding the task to the list.
	 */
	futex_hb_waiters_inc(hb); /* implies smp_mb(); (A) */

	q->lock_ptr = &hb->lock;

	spin_lock(&hb->lock);
	return hb;
}

/**
 * futex_q_lock_flags() - futex_q_lock() for flags known only at run time
 * @q:		the futex_q; the key must be already stored in q->key
 * @flags:	the futex flags the key was made with
 *
 * Return: the hash bucket (futex_hash_flags()), locked.
 */
struct futex_hash_bucket *futex_q_lock_flags(struct futex_q *q,
					     unsigned int flags)
{
	return __futex_q_lock(q, futex_hash_flags(&q->key, flags));
}

/**
 * futex_q_lock_plain() - futex_q_lock() of a key made without a node flag
 * @q:		the futex_q; the key must be already stored in q->key
 *
 * Return: the hash bucket (futex_hash_plain()), locked.
 */
struct futex_hash_bucket *futex_q_lock_plain(struct futex_q *q)
{
	return __futex_q_lock(q, futex_hash_plain(&q->key));
}

/**
 * futex_q_lock_numa() - futex_q_lock() of a key made with FLAGS_NUMA
 * @q:		the futex_q; the key must be already stored in q->key
 *
 * Return: the hash bucket (futex_hash_numa()), locked.
 */
struct futex_hash_bucket *futex_q_lock_numa(struct futex_q *q)
{
	return __futex_q_lock(q, futex_hash_numa(&q->key));
}

void futex_q_unlock(struct futex_hash_bucket *hb)
	__releases(&hb->lock)
{
	spin_unlock(&hb->lock);
	futex_hb_waiters_dec(hb);
}

void __futex_queue(struct futex_q *q, struct futex_hash_bucket *hb)
{
	int prio;

	/*
	 * The priority used to register this element is
	 * - either the real thread-priority for the real-time threads
	 * (i.e. threads with a priority lower than MAX_RT_PRIO)
	 * - or MAX_RT_PRIO for non-RT threads.
	 * Thus, all RT-threads are woken first in priority order, and
	 * the others are woken last, in FIFO order.
	 */
	prio = min(current->normal_prio, MAX_RT_PRIO);

	plist_node_init(&q->list, prio);
	plist_add(&q->list, &hb->chain);
	q->task = current;
}

/**
 * futex_unqueue() - Remove the futex_q from its futex_hash_bucket
 * @q:	The futex_q to unqueue
 *
 * The q->lock_ptr must not be held by the caller. A call to futex_unqueue() must
 * be paired with exactly one earlier call to futex_queue().
 *
 * Return:
 *  - 1 - if the futex_q was still queued (and we removed unqueued it);
 *  - 0 - if the futex_q was already removed by the waking thread
 */
int futex_unqueue(struct futex_q *q)
{
	spinlock_t *lock_ptr;
	int ret = 0;

	/* In the common case we don't take the spinlock, which is nice. */
retry:
	/*
	 * q->lock_ptr can change between this read and the following spin_lock.
	 * Use READ_ONCE to forbid the compiler from reloading q->lock_ptr and
	 * optimizing lock_ptr out of the logic below.
	 */
	lock_ptr = READ_ONCE(q->lock_ptr);
	if (lock_ptr != NULL) {
		spin_lock(lock_ptr);
		/*
		 * q->lock_ptr can change between reading it and
		 * spin_lock(), causing us to take the wrong lock.  This
		 * corrects the race condition.
		 *
		 * Reasoning goes like this: if we have the wrong lock,
		 * q->lock_ptr must have changed (maybe several times)
		 * between reading it and the spin_lock().  It can
		 * change again after the spin_lock() but only if it was
		 * already changed before the spin_lock().  It cannot,
		 * however, change back to the original value.  Therefore
		 * we can detect whether we acquired the correct lock.
		 */
		if (unlikely(lock_ptr != q->lock_ptr)) {
			spin_unlock(lock_ptr);
			goto retry;
		}
		__futex_unqueue(q);

		BUG_ON(q->pi_state);

		spin_unlock(lock_ptr);
		ret = 1;
	}

	return ret;
}

/*
 * PI futexes can not be requeued and must remove themselves from the
 * hash bucket. The hash bucket lock (i.e. lock_ptr) is held.
 */
void futex_unqueue_pi(struct futex_q *q)
{
	__futex_unqueue(q);

	BUG_ON(!q->pi_state);
	put_pi_state(q->pi_state);
	q->pi_state = NULL;
}

/* Constants for the pending_op argument of handle_futex_death */
#define HANDLE_DEATH_PENDING	true
#define HANDLE_DEATH_LIST	false

/*
 * Process a futex-list entry, check whether it's owned by the
 * dying task, and do notification if so:
 */
static int handle_futex_death(u32 __user *uaddr, struct task_struct *curr,
			      bool pi, bool pending_op)
{
	/*
	 * Robust futexes are 32-bit and, as the list may be walked for a
	 * futex shared with other processes, always looked up as shared:
	 * the waiters queued on them with legacy futex() are.
	 */
	const unsigned int wake_flags = FLAGS_SIZE_32 | FLAGS_SHARED;
	u32 uval, nval, mval;
	pid_t owner;
	int err;

	/* Futex address must be 32bit aligned */
	if ((((unsigned long)uaddr) % sizeof(*uaddr)) != 0)
		return -1;

retry:
	if (get_user(uval, uaddr))
		return -1;

	/*
	 * Special case for regular (non PI) futexes. Ordinarily, we do
	 * not perform any processing here unless the current thread was
	 * the owner of the futex (by the TID check below).
	 *
	 * However, the unlock path has three race scenarios:
	 *
	 * 1. The unlock path releases the user space futex value and
	 *    before it can execute the futex() syscall to wake up
	 *    waiters it is killed.
	 *
	 * 2. A woken up waiter is killed before it can acquire the
	 *    futex in user space.
	 *
	 * 3. A woken up waiter is killed in user space after another
	 *    thread has acquired the futex, but before it can set
	 *    FUTEX_WAITERS.
	 *
	 * Note that, if userspace uses the FUTEX_ROBUST_UNLOCK flag, we
	 * will not see case 1 here.
	 *
	 * In the second and third case, the wake up notification could
	 * be generated from any of:
	 *
	 *    i.   An ordinary futex wakeup after unlock (with or
	 *         without FUTEX_ROBUST_UNLOCK)
	 *    ii.  A robust wakeup from another thread's death
	 *    iii. A previous round through this special case
	 *
	 * As a result, the futex world will be in one of four states:
	 *
	 *    A. The futex word is 0 (unlocked)
	 *    B. The futex word is owned by another thread
	 *       (FUTEX_WAITERS is not set)
	 *    C. The futex word is owned by another thread
	 *       (FUTEX_WAITERS set)
	 *    D. The futex's owner died and OWNER_DIED is set
	 *       (the owner part of the word is 0)
	 *
	 * The key issue is that the kernel usually (at least from
	 * sources ii. and iii. or when so requested by userspace from
	 * source i.) only ever wakes *one* waiter at a time. If this
	 * waiter dies before acquiring the futex (or setting the
	 * FUTEX_WAITERS bit), the kernel *must* still wake the next
	 * waiter down the line to uphold the futex invariants and
	 * avoid lost wakeups. Note we do not need to handle state C,
	 * as it does not matter to us whether *we* successfully set
	 * the bit or a third thread did so in the meantime.
	 *
	 * Therefore, in these cases we must issue an additional
	 * futex_wake(). Note however that we *must not* set OWNER_DIED
	 * here. Our thread is *not* the owner of the futex.
	 *
	 * Thus to summarize, the conditions for needing the additional
	 * futex_wake() are:
	 *
	 *	1) @pending_op == true (the thread has not finished the
	 *	   mutex operation)
	 *	2) The futex word is in one of the states A, B or D
	 *	3) Regular futex: @pi == false
	 *
	 * Note in particular that in all of the states A-D the owner
	 * portion of the futex word differs from our thread's TID
	 * (unless the actual owner has the same TID in another PID
	 * namespace, but we cannot currently distinguish that
	 * scenario), so this can be a special-case wakeup in the bail
	 * path of the ordinary TID check.
	 */
	owner = uval & FUTEX_TID_MASK;

	if (owner != task_pid_vnr(curr)) {
		if (pending_op && !pi && (!owner || !(uval & FUTEX_WAITERS)))
			futex_wake(uaddr, wake_flags, 1, FUTEX_BITSET_MATCH_ANY);
		return 0;
	}

	/*
	 * Ok, this dying thread is truly holding a futex
	 * of interest. Set the OWNER_DIED bit atomically
	 * via cmpxchg, and if the value had FUTEX_WAITERS
	 * set, wake up a waiter (if any). (We have to do a
	 * futex_wake() even if OWNER_DIED is already set -
	 * to handle the rare but possible case of recursive
	 * thread-death.) The rest of the cleanup is done in
	 * userspace.
	 */
	mval = (uval & FUTEX_WAITERS) | FUTEX_OWNER_DIED;

	/*
	 * We are not holding a lock here, but we want to have
	 * the pagefault_disable/enable() protection because
	 * we want to handle the fault gracefully. If the
	 * access fails we try to fault in the futex with R/W
	 * verification via get_user_pages. get_user() above
	 * does not guarantee R/W access. If that fails we
	 * give up and leave the futex locked.
	 */
	if ((err = futex_cmpxchg_value_locked(&nval, uaddr, uval, mval))) {
		switch (err) {
		case -EFAULT:
			if (fault_in_user_writeable(uaddr))
				return -1;
			goto retry;

		case -EAGAIN:
			cond_resched();
			goto retry;

		default:
			WARN_ON_ONCE(1);
			return err;
		}
	}

	if (nval != uval)
		goto retry;

	/*
	 * Wake robust non-PI futexes here. The wakeup of
	 * PI futexes happens in exit_pi_state():
	 */
	if (!pi && (uval & FUTEX_WAITERS))
		futex_wake(uaddr, wake_flags, 1, FUTEX_BITSET_MATCH_ANY);

	return 0;
}

/*
 * Fetch a robust-list pointer. Bit 0 signals PI futexes:
 */
static inline int fetch_robust_entry(struct robust_list __user **entry,
				     struct robust_list __user * __user *head,
				     unsigned int *pi)
{
	unsigned long uentry;

	if (get_user(uentry, (unsigned long __user *)head))
		return -EFAULT;

	*entry = (void __user *)(uentry & ~1UL);
	*pi = uentry & 1;

	return 0;
}

/*
 * Walk curr->robust_list (very carefully, it's a userspace list!)
 * and mark any locks found there dead, and notify any waiters.
 *
 * We silently return on any sign of list-walking problem.
 */
static void exit_robust_list(struct task_struct *curr)
{
	struct robust_list_head __user *head = curr->robust_list;
	struct robust_list __user *entry, *next_entry, *pending;
	unsigned int limit = ROBUST_LIST_LIMIT, pi, pip;
	unsigned int next_pi;
	unsigned long futex_offset;
	int rc;

	/*
	 * Fetch the list head (which was registered earlier, via
	 * sys_set_robust_list()):
	 */
	if (fetch_robust_entry(&entry, &head->list.next, &pi))
		return;
	/*
	 * Fetch the relative futex offset:
	 */
	if (get_user(futex_offset, &head->futex_offset))
		return;
	/*
	 * Fetch any possibly pending lock-add first, and handle it
	 * if it exists:
	 */
	if (fetch_robust_entry(&pending, &head->list_op_pending, &pip))
		return;

	next_entry = NULL;	/* avoid warning with gcc */
	while (entry != &head->list) {
		/*
		 * Fetch the next entry in the list before calling
		 * handle_futex_death:
		 */
		rc = fetch_robust_entry(&next_entry, &entry->next, &next_pi);
		/*
		 * A pending lock might already be on the list, so
		 * don't process it twice:
		 */
		if (entry != pending) {
			if (handle_futex_death((void __user *)entry + futex_offset,
						curr, pi, HANDLE_DEATH_LIST))
				return;
		}
		if (rc)
			return;
		entry = next_entry;
		pi = next_pi;
		/*
		 * Avoid excessively long or circular lists:
		 */
		if (!--limit)
			break;

		cond_resched();
	}

	if (pending) {
		handle_futex_death((void __user *)pending + futex_offset,
				   curr, pip, HANDLE_DEATH_PENDING);
	}
}

#ifdef CONFIG_COMPAT
static void __user *futex_uaddr(struct robust_list __user *entry,
				compat_long_t futex_offset)
{
	compat_uptr_t base = ptr_to_compat(entry);
	void __user *uaddr = compat_ptr(base + futex_offset);

	return uaddr;
}

/*
 * Fetch a robust-list pointer. Bit 0 signals PI futexes:
 */
static inline int
compat_fetch_robust_entry(compat_uptr_t *uentry, struct robust_list __user **entry,
		   compat_uptr_t __user *head, unsigned int *pi)
{
	if (get_user(*uentry, head))
		return -EFAULT;

	*entry = compat_ptr((*uentry) & ~1);
	*pi = (unsigned int)(*uentry) & 1;

	return 0;
}

/*
 * Walk curr->robust_list (very carefully, it's a userspace list!)
 * and mark any locks found there dead, and notify any waiters.
 *
 * We silently return on any sign of list-walking problem.
 */
static void compat_exit_robust_list(struct task_struct *curr)
{
	struct compat_robust_list_head __user *head = curr->compat_robust_list;
	struct robust_list __user *entry, *next_entry, *pending;
	unsigned int limit = ROBUST_LIST_LIMIT, pi, pip;
	unsigned int next_pi;
	compat_uptr_t uentry, next_uentry, upending;
	compat_long_t futex_offset;
	int rc;

	/*
	 * Fetch the list head (which was registered earlier, via
	 * sys_set_robust_list()):
	 */
	if (compat_fetch_robust_entry(&uentry, &entry, &head->list.next, &pi))
		return;
	/*
	 * Fetch the relative futex offset:
	 */
	if (get_user(futex_offset, &head->futex_offset))
		return;
	/*
	 * Fetch any possibly pending lock-add first, and handle it
	 * if it exists:
	 */
	if (compat_fetch_robust_entry(&upending, &pending,
			       &head->list_op_pending, &pip))
		return;

	next_entry = NULL;	/* avoid warning with gcc */
	while (entry != (struct robust_list __user *) &head->list) {
		/*
		 * Fetch the next entry in the list before calling
		 * handle_futex_death:
		 */
		rc = compat_fetch_robust_entry(&next_uentry, &next_entry,
			(compat_uptr_t __user *)&entry->next, &next_pi);
		/*
		 * A pending lock might already be on the list, so
		 * dont process it twice:
		 */
		if (entry != pending) {
			void __user *uaddr = futex_uaddr(entry, futex_offset);

			if (handle_futex_death(uaddr, curr, pi,
					       HANDLE_DEATH_LIST))
				return;
		}
		if (rc)
			return;
		uentry = next_uentry;
		entry = next_entry;
		pi = next_pi;
		/*
		 * Avoid excessively long or circular lists:
		 */
		if (!--limit)
			break;

		cond_resched();
	}
	if (pending) {
		void __user *uaddr = futex_uaddr(pending, futex_offset);

		handle_futex_death(uaddr, curr, pip, HANDLE_DEATH_PENDING);
	}
}
#endif

#ifdef CONFIG_FUTEX_PI

/*
 * This task is holding PI mutexes at exit time => bad.
 * Kernel cleans up PI-state, but userspace is likely hosed.
 * (Robust-futex cleanup is separate and might save the day for userspace.)
 */
static void exit_pi_state_list(struct task_struct *curr)
{
	struct list_head *next, *head = &curr->pi_state_list;
	struct futex_pi_state *pi_state;
	struct futex_hash_bucket *hb;
	union futex_key key = FUTEX_KEY_INIT;

	/*
	 * We are a ZOMBIE and nobody can enqueue itself on
	 * pi_state_list anymore, but we have to be careful
	 * versus waiters unqueueing themselves:
	 */
	raw_spin_lock_irq(&curr->pi_lock);
	while (!list_empty(head)) {
		next = head->next;
		pi_state = list_entry(next, struct futex_pi_state, list);
		key = pi_state->key;
		hb = futex_hash(&key);

		/*
		 * We can race against put_pi_state() removing itself from the
		 * list (a waiter going away). put_pi_state() will first
		 * decrement the reference count and then modify the list, so
		 * its possible to see the list entry but fail this reference
		 * acquire.
		 *
		 * In that case; drop the locks to let put_pi_state() make
		 * progress and retry the loop.
		 */
		if (!refcount_inc_not_zero(&pi_state->refcount)) {
			raw_spin_unlock_irq(&curr->pi_lock);
			cpu_relax();
			raw_spin_lock_irq(&curr->pi_lock);
			continue;
		}
		raw_spin_unlock_irq(&curr->pi_lock);

		spin_lock(&hb->lock);
		raw_spin_lock_irq(&pi_state->pi_mutex.wait_lock);
		raw_spin_lock(&curr->pi_lock);
		/*
		 * We dropped the pi-lock, so re-check whether this
		 * task still owns the PI-state:
		 */
		if (head->next != next) {
			/* retain curr->pi_lock for the loop invariant */
			raw_spin_unlock(&pi_state->pi_mutex.wait_lock);
			spin_unlock(&hb->lock);
			put_pi_state(pi_state);
			continue;
		}

		WARN_ON(pi_state->owner != curr);
		WARN_ON(list_empty(&pi_state->list));
		list_del_init(&pi_state->list);
		pi_state->owner = NULL;

		raw_spin_unlock(&curr->pi_lock);
		raw_spin_unlock_irq(&pi_state->pi_mutex.wait_lock);
		spin_unlock(&hb->lock);

		rt_mutex_futex_unlock(&pi_state->pi_mutex);
		put_pi_state(pi_state);

		raw_spin_lock_irq(&curr->pi_lock);
	}
	raw_spin_unlock_irq(&curr->pi_lock);
}
#else
static inline void exit_pi_state_list(struct task_struct *curr) { }
#endif

static void futex_cleanup(struct task_struct *tsk)
{
	if (unlikely(tsk->robust_list)) {
		exit_robust_list(tsk);
		tsk->robust_list = NULL;
	}

#ifdef CONFIG_COMPAT
	if (unlikely(tsk->compat_robust_list)) {
		compat_exit_robust_list(tsk);
		tsk->compat_robust_list = NULL;
	}
#endif

	if (unlikely(!list_empty(&tsk->pi_state_list)))
		exit_pi_state_list(tsk);
}

/**
 * futex_exit_recursive - Set the tasks futex state to FUTEX_STATE_DEAD
 * @tsk:	task to set the state on
 *
 * Set the futex exit state of the task lockless. The futex waiter code
 * observes that state when a task is exiting and loops until the task has
 * actually finished the futex cleanup. The worst case for this is that the
 * waiter runs through the wait loop until the state becomes visible.
 *
 * This is called from the recursive fault handling path in make_task_dead().
 *
 * This is best effort. Either the futex exit code has run already or
 * not. If the OWNER_DIED bit has been set on the futex then the waiter can
 * take it over. If not, the problem is pushed back to user space. If the
 * futex exit code did not run yet, then an already queued waiter might
 * block forever, but there is nothing which can be done about that.
 */
void futex_exit_recursive(struct task_struct *tsk)
{
	/* If the state is FUTEX_STATE_EXITING then futex_exit_mutex is held */
	if (tsk->futex_state == FUTEX_STATE_EXITING)
		mutex_unlock(&tsk->futex_exit_mutex);
	tsk->futex_state = FUTEX_STATE_DEAD;
}

static void futex_cleanup_begin(struct task_struct *tsk)
{
	/*
	 * Prevent various race issues against a concurrent incoming waiter
	 * including live locks by forcing the waiter to block on
	 * tsk->futex_exit_mutex when it observes FUTEX_STATE_EXITING in
	 * attach_to_pi_owner().
	 */
	mutex_lock(&tsk->futex_exit_mutex);

	/*
	 * Switch the state to FUTEX_STATE_EXITING under tsk->pi_lock.
	 *
	 * This ensures that all subsequent checks of tsk->futex_state in
	 * attach_to_pi_owner() must observe FUTEX_STATE_EXITING with
	 * tsk->pi_lock held.
	 *
	 * It guarantees also that a pi_state which was queued right before
	 * the state change under tsk->pi_lock by a concurrent waiter must
	 * be observed in exit_pi_state_list().
	 */
	raw_spin_lock_irq(&tsk->pi_lock);
	tsk->futex_state = FUTEX_STATE_EXITING;
	raw_spin_unlock_irq(&tsk->pi_lock);
}

static void futex_cleanup_end(struct task_struct *tsk, int state)
{
	/*
	 * Lockless store. The only side effect is that an observer might
	 * take another loop until it becomes visible.
	 */
	tsk->futex_state = state;
	/*
	 * Drop the exit protection. This unblocks waiters which observed
	 * FUTEX_STATE_EXITING to reevaluate the state.
	 */
	mutex_unlock(&tsk->futex_exit_mutex);
}

void futex_exec_release(struct task_struct *tsk)
{
	/*
	 * The state handling is done for consistency, but in the case of
	 * exec() there is no way to prevent further damage as the PID stays
	 * the same. But for the unlikely and arguably buggy case that a
	 * futex is held on exec(), this provides at least as much state
	 * consistency protection which is possible.
	 */
	futex_cleanup_begin(tsk);
	futex_cleanup(tsk);
	/*
	 * Reset the state to FUTEX_STATE_OK. The task is alive and about
	 * exec a new binary.
	 */
	futex_cleanup_end(tsk, FUTEX_STATE_OK);
}

void futex_exit_release(struct task_struct *tsk)
{
	futex_cleanup_begin(tsk);
	futex_cleanup(tsk);
	futex_cleanup_end(tsk, FUTEX_STATE_DEAD);
}

/**
 * futex_hash_size() - Number of buckets in each node's hash table
 * @cpus:	number of possible CPUs
 * @nodes:	number of possible nodes
 *
 * 256 buckets per CPU, spread over the nodes' tables, rounded up to a power
 * of two, and never fewer than 4 per node however many nodes share however
 * few CPUs (memory-only nodes: 256 * @cpus / @nodes can be 0).
 */
FUTEX_KUNIT_VISIBLE
unsigned long futex_hash_size(unsigned int cpus, unsigned int nodes)
{
	unsigned long size;

	if (CONFIG_BASE_SMALL)
		return 16;

	size = 256UL * cpus / max(nodes, 1U);
	return roundup_pow_of_two(max(4UL, size));
}

static int __init futex_init(void)
{
	unsigned int order, n, k, nodes = num_possible_nodes();
	unsigned long size, i;

	futex_hashmask = futex_hash_size(num_possible_cpus(), nodes) - 1;
	size = sizeof(struct futex_hash_bucket) * futex_hashsize;
	order = get_order(size);

	for_each_node(n) {
		struct futex_hash_bucket *table;

		/*
		 * MAX_ORDER is exclusive in 6.1: orders 0..MAX_ORDER-1 come
		 * from the page allocator, anything larger needs vmalloc.
		 */
		if (order >= MAX_ORDER)
			table = vmalloc_huge_node(size, GFP_KERNEL, n);
		else
			table = alloc_pages_exact_nid(n, size, GFP_KERNEL);

		if (!table)
			panic("futex: cannot allocate the hash table of node %u\n", n);

		for (i = 0; i < futex_hashsize; i++) {
			atomic_set(&table[i].waiters, 0);
			spin_lock_init(&table[i].lock);
			plist_head_init(&table[i].chain);
		}

		futex_queues[n] = table;
	}

	/* The k-th of the possible nodes gets the k-th share of the map. */
	k = 0;
	for_each_node(n) {
		for (i = k * FUTEX_NODE_MAP_SIZE / nodes;
		     i < (k + 1) * FUTEX_NODE_MAP_SIZE / nodes; i++)
			futex_node_map[i] = futex_queues[n];
		k++;
	}
	/* Possible nodes 0..nr_node_ids-1: one compare checks a node word. */
	if (nodes == nr_node_ids)
		futex_dense_nodes = nr_node_ids;

	pr_info("futex hash table, %u nodes, %lu entries (order: %u, %lu bytes)\n",
		nodes, futex_hashsize, order, size);

	return 0;
}
core_initcall(futex_init);
