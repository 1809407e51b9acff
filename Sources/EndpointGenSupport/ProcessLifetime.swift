/// Lets a short-lived command-line run skip freeing its large intermediate structures.
///
/// Tearing down the YAML trees, the decoded syntax and the resolved spec of a large module is
/// a visible part of a run (hundreds of thousands of small objects released one by one), and the
/// operating system reclaims all of it at exit anyway. Compilers do the same (`clang
/// -disable-free`). Off by default, so tests and library users free memory as usual; the CLI
/// turns it on.
public enum ProcessLifetime {
    // Written once by the CLI before any work starts, then only read; stages run on one thread.
    nonisolated(unsafe) private static var enabled = false
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps values given to `keepUntilExit` alive until the process ends.
    public static func enableKeepingUntilExit() {
        enabled = true
    }

    /// Keeps `value` alive until exit when enabled; otherwise does nothing and `value` is freed
    /// as usual when its last reference goes.
    public static func keepUntilExit(_ value: Any) {
        guard enabled else { return }
        kept.append(value)
    }
}
