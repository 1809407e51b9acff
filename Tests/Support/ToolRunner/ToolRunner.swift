import Foundation

/// The executables SwiftPM builds beside the test bundle (`endpointgen`, `runtime-memory-probe`),
/// run as users and CI run them: the CLI tests of KitTests and VerifyTests and the runtime's
/// probes share this one runner.
public enum ToolRunner {
    /// What a finished run printed, and its exit status.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The built executable `name`, in the build folder beside the test bundle.
    public static func executable(_ name: String) -> URL {
        var url = Bundle.main.bundleURL
        if url.pathExtension != "xctest" {
            url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        } else {
            url = url.deletingLastPathComponent()
        }
        return url.appendingPathComponent(name)
    }

    /// The environment of a run: this process's without color (`NO_COLOR=1`) and without the
    /// variables whose names start with one of `removing`, then `extra`.
    public static func environment(removing prefixes: [String] = [], extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { variable in
            !prefixes.contains { variable.key.hasPrefix($0) }
        }
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `executable` with `arguments` in `folder`, its two output streams read apart.
    public static func run(_ executable: URL, _ arguments: [String], in folder: String,
                           environment: [String: String] = ToolRunner.environment()) throws -> Run {
        let process = process(executable, arguments, in: folder, environment: environment)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on another thread: a run that fills one pipe while the other is
        // read would otherwise wait forever.
        let errors = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let stderr = errors.data
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `executable` with standard output and standard error on one pipe, as CI logs have them.
    public static func runOnOnePipe(_ executable: URL, _ arguments: [String], in folder: String,
                                    environment: [String: String] = ToolRunner.environment()) throws -> (status: Int32, output: String) {
        let process = process(executable, arguments, in: folder, environment: environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// A process of `executable` with `arguments`, in `folder`, with `environment`, not started.
    private static func process(_ executable: URL, _ arguments: [String], in folder: String,
                                environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = environment
        return process
    }

    /// Bytes one thread reads and another takes after `DispatchGroup.wait()`.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
