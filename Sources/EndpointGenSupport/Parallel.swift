import Dispatch

/// Runs independent per-file work (YAML loading, decoding, code generation) on all cores.
/// Results keep the input order, so output never depends on scheduling.
public enum Parallel {
    /// `items.map(transform)`, with the calls spread over the machine's cores.
    /// `transform` must not touch shared mutable state.
    public static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each iteration writes only its own slot.
        nonisolated(unsafe) let slots = results
        nonisolated(unsafe) let inputs = items
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                AllocatorTuning.adviseCurrentThreadHeap()
                slots[index] = work(inputs[index])
            }
        }
        return results.map { $0! }
    }
}
