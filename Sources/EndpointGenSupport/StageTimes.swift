#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock and CPU times of the pipeline's stages, printed to standard error when the
/// environment variable `ENDPOINTGEN_TIMINGS` is set (for profiling and `Benchmarks/NOTES.md`,
/// not for users' logs). CPU time is of all threads, so CPU over wall clock is how many cores a
/// stage kept busy; the first mark's CPU time includes the start of the process.
public enum StageTimes {
    private static let enabled: Bool = getenv("ENDPOINTGEN_TIMINGS") != nil
    nonisolated(unsafe) private static var last = ContinuousClock.now
    nonisolated(unsafe) private static var lastCPU: Double = 0

    /// Prints the time since the previous mark (or since the first call) under `stage`.
    /// Called from the main thread between stages only.
    public static func mark(_ stage: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        var cpu = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        let cpuMilliseconds = Double(cpu.tv_sec) * 1000 + Double(cpu.tv_nsec) / 1e6
        let cpuElapsed = cpuMilliseconds - lastCPU
        lastCPU = cpuMilliseconds
        let text = "time: \(stage) \((milliseconds * 10).rounded() / 10) ms, cpu \((cpuElapsed * 10).rounded() / 10) ms\n"
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }
}
