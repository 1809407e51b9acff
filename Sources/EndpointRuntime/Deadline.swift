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
    /// when the wait ends early, and its late result is dropped.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        if hasPassed { throw APIError.transport(.timedOut) }
        let gate = OnceGate<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let work = Task {
                    do {
                        gate.resolve(.success(try await operation()))
                    } catch {
                        gate.resolve(.failure(error))
                    }
                }
                let instant = self.instant
                let timer = Task {
                    try? await Task.sleep(until: instant, clock: .continuous)
                    if !Task.isCancelled { gate.resolve(.failure(APIError.transport(.timedOut))) }
                }
                gate.install(continuation) {
                    work.cancel()
                    timer.cancel()
                }
            }
        } onCancel: {
            gate.resolve(.failure(CancellationError()))
        }
    }
}

/// Resumes a continuation exactly once with the first result offered, whether it arrives before
/// or after the continuation is installed.
private final class OnceGate<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var result: Result<T, any Error>?
    private var resumed = false
    private var cleanup: (@Sendable () -> Void)?

    func install(_ continuation: CheckedContinuation<T, any Error>, cleanup: @escaping @Sendable () -> Void) {
        lock.lock()
        if let result, !resumed {
            resumed = true
            lock.unlock()
            cleanup()
            continuation.resume(with: result)
            return
        }
        self.continuation = continuation
        self.cleanup = cleanup
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
        let cleanup = self.cleanup
        self.cleanup = nil
        lock.unlock()
        cleanup?()
        continuation.resume(with: outcome)
    }
}
