import Foundation

/// The moment an attempt must be over: token, credentials, every redirect hop and a token
/// refresh all count against it, not only the transport.
struct Deadline: Sendable {
    let instant: ContinuousClock.Instant

    /// `seconds` from now (bounded as `TransportContext.boundedTimeout` bounds them).
    init(seconds: TimeInterval) {
        let bounded = seconds.isFinite ? min(max(seconds, 0.001), TransportContext.longestTimeout) : TransportContext.longestTimeout
        instant = .now + .milliseconds(Int64((bounded * 1000).rounded(.up)))
    }

    /// Seconds left, never negative.
    var remaining: TimeInterval {
        let left = ContinuousClock.now.duration(to: instant)
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        return max(0, seconds)
    }

    var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Waits for `operation` until the deadline or cancellation, whichever comes first.
    ///
    /// App code (a token provider, a credentials closure) may never return, nor honour
    /// cancellation; the caller must not wait for it then. It runs in its own task, cancelled
    /// when the wait ends early, and its late result is dropped. That task starts on the
    /// caller's thread (`Task.immediate`), so a closure that answers without suspending (a
    /// stored token) is done before the caller waits: no timer, no hop to another thread. Only
    /// one that suspends gets the timer that ends the wait at the deadline. (One that blocks its
    /// thread without ever suspending, which no async code may do, holds its caller with it.)
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        if hasPassed { throw APIError.transport(.timedOut) }
        let gate = OnceGate<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let work = Self.start {
                    do {
                        gate.resolve(.success(try await operation()))
                    } catch {
                        gate.resolve(.failure(error))
                    }
                }
                if gate.install(continuation, cleanup: { work.cancel() }) { return }
                let instant = self.instant
                let timer = Task {
                    try? await Task.sleep(until: instant, clock: .continuous)
                    if !Task.isCancelled { gate.resolve(.failure(APIError.transport(.timedOut))) }
                }
                gate.addCleanup { timer.cancel() }
            }
        } onCancel: {
            gate.resolve(.failure(CancellationError()))
        }
    }

    /// A task running `body`: started on the current thread until it first suspends where the
    /// runtime can (Swift 6.2), else enqueued as usual.
    private static func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: body)
        }
        #endif
        return Task(operation: body)
    }
}

/// Resumes a continuation exactly once with the first result offered, whether it arrives before
/// or after the continuation is installed; then runs the cleanups (cancelling the work and the
/// timer), including one added after the result came.
private final class OnceGate<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var result: Result<T, any Error>?
    private var resumed = false
    private var cleanups: [@Sendable () -> Void] = []

    /// Installs the continuation; resumes it at once when a result is already there, and then
    /// returns true (nothing more to wait for).
    func install(_ continuation: CheckedContinuation<T, any Error>, cleanup: @escaping @Sendable () -> Void) -> Bool {
        lock.lock()
        if let result, !resumed {
            resumed = true
            lock.unlock()
            cleanup()
            continuation.resume(with: result)
            return true
        }
        self.continuation = continuation
        cleanups.append(cleanup)
        lock.unlock()
        return false
    }

    /// Adds a cleanup; runs it at once when the continuation was already resumed.
    func addCleanup(_ cleanup: @escaping @Sendable () -> Void) {
        lock.lock()
        if resumed {
            lock.unlock()
            cleanup()
            return
        }
        cleanups.append(cleanup)
        lock.unlock()
    }

    func resolve(_ outcome: Result<T, any Error>) {
        lock.lock()
        guard result == nil, !resumed else {
            lock.unlock()
            return
        }
        result = outcome
        guard let continuation else {
            lock.unlock()
            return
        }
        resumed = true
        self.continuation = nil
        let cleanups = self.cleanups
        self.cleanups = []
        lock.unlock()
        for cleanup in cleanups { cleanup() }
        continuation.resume(with: outcome)
    }
}
