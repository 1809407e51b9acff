#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// Transparent huge pages for the heap of a short command-line run.
///
/// A large run touches some 30 MB of fresh heap. On a virtual machine every first touch of a
/// 4 KiB page is a costly fault (about 10 µs measured here): at N = 2000 the 6,400 faults were a
/// third of all CPU time. With 2 MiB pages the same memory takes a few dozen faults. glibc does
/// this itself only when started with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, which a program
/// cannot set for itself, so the CLI asks the kernel directly (`madvise(MADV_HUGEPAGE)`) for the
/// heaps its threads allocate from. Linux with glibc only; elsewhere, and when the kernel
/// refuses, nothing changes but speed. Off unless the CLI turns it on.
public enum AllocatorTuning {
    #if canImport(Glibc)
    private static let hugePage = 2 << 20
    /// glibc's heaps of secondary arenas are aligned to their maximum size (HEAP_MAX_SIZE,
    /// 64 MiB on 64-bit systems).
    private static let arenaHeapSize = 64 << 20
    /// Heaps already advised, guarded by `lock`. A pthread mutex, not the standard library's
    /// `Mutex`: that one waits on a futex inside the uninstrumented runtime, so ThreadSanitizer
    /// (`make tsan`) saw no ordering between two threads that met at the lock and reported
    /// their accesses to this list as a race.
    nonisolated(unsafe) private static var advised: [Int] = []
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    #endif
    nonisolated(unsafe) private static var enabled = false

    /// Call once from the main thread before other threads start: glibc then grows heaps in
    /// large steps (so huge pages fit), never trims them, and the main thread's heap is advised.
    public static func enableForShortRun() {
        #if canImport(Glibc)
        enabled = true
        // Large top padding: one heap extension holds a run's allocations, in whole huge pages.
        mallopt(M_TOP_PAD, 32 << 20)
        mallopt(M_TRIM_THRESHOLD, 256 << 20)
        // Buffers of up to 32 MiB come from the heap (huge pages) rather than their own mmap.
        mallopt(M_MMAP_THRESHOLD, 32 << 20)
        // An allocation larger than the heap's free top makes it grow by the top padding.
        guard let block = malloc(1 << 20) else { return }
        adviseRange(from: Int(bitPattern: block), to: Int(bitPattern: sbrk(0)))
        free(block)
        #endif
    }

    /// Advises the heap the calling thread allocates from, once per heap. Called by
    /// `Parallel.map` on its worker threads; does nothing unless enabled.
    public static func adviseCurrentThreadHeap() {
        #if canImport(Glibc)
        guard enabled, let probe = malloc(16) else { return }
        let base = Int(bitPattern: probe) & ~(arenaHeapSize - 1)
        free(probe)
        pthread_mutex_lock(lock)
        let isNew = !advised.contains(base)
        if isNew { advised.append(base) }
        pthread_mutex_unlock(lock)
        if isNew {
            adviseRange(from: base, to: base + arenaHeapSize)
        }
        #endif
    }

    #if canImport(Glibc)
    /// The whole huge pages inside [start, end). A failure (a range that is not all mapped, a
    /// kernel without THP) leaves the default pages.
    private static func adviseRange(from start: Int, to end: Int) {
        let first = (start + hugePage - 1) & ~(hugePage - 1)
        let last = end & ~(hugePage - 1)
        guard last > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, last - first, MADV_HUGEPAGE)
    }
    #endif
}
