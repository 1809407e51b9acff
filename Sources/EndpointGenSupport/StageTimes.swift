#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock times of the pipeline's stages, printed to standard error when the environment
/// variable `ENDPOINTGEN_TIMINGS` is set (for profiling and `Benchmarks/NOTES.md`, not for
/// users' logs).
public enum StageTimes {
    private static let enabled: Bool = getenv("ENDPOINTGEN_TIMINGS") != nil
    nonisolated(unsafe) private static var last = ContinuousClock.now

    /// Prints the time since the previous mark (or since the first call) under `stage`.
    /// Called from the main thread between stages only.
    public static func mark(_ stage: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let text = "time: \(stage) \((milliseconds * 10).rounded() / 10) ms\n"
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }
}
