import EndpointGenCodegen

/// The options of `generate`, `check` and `lint`, as plain values; the defaults here are the
/// CLI's defaults (ArgumentParser's options take them from `defaults`).
public struct RunOptions: Sendable, Equatable {
    public static let defaults = RunOptions()

    public var specs = "specs"
    public var output = "Generated"
    public var accessLevel: AccessLevel = .public
    public var completionHandlers = false
    public var mutableModels = false
    public var fakes = false
    public var quiet = false
    public var color: ColorChoice = .auto

    public init() {}
}

/// The everyday command lines (`endpointgen`, `endpointgen check --specs api -q`, …) read
/// without ArgumentParser, whose first parse of a command scans the binary's conformance records
/// and reflects over every option: 11.8 M instructions, a quarter of a whole `generate` of a
/// 100-endpoint folder, on one core before any work starts.
///
/// Only what is certain is read here: the `generate`, `check` and `lint` commands with their
/// documented options, each at most once, as `--name value`, `--name=value` or `-q`. Anything
/// else (help, version, `init`, a repeated or unknown option, a value ArgumentParser would
/// reject or read differently) returns nil, and ArgumentParser parses the whole line, with its
/// usage messages. CLITests run every line both ways and compare.
public enum QuickArguments {
    public enum Command: String, Sendable {
        case generate, check, lint
    }

    /// The command and its options, or nil when ArgumentParser must read the line.
    public static func parse(_ arguments: [String]) -> (command: Command, options: RunOptions)? {
        var rest = arguments[...]
        var command = Command.generate
        if let first = rest.first, !first.hasPrefix("-") {
            guard let named = Command(rawValue: first) else { return nil }
            command = named
            rest = rest.dropFirst()
        }
        var options = RunOptions()
        var seen: Set<String> = []
        while let argument = rest.popFirst() {
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if name == "-q" { name = "--quiet" }
            guard seen.insert(name).inserted else { return nil }
            switch name {
            case "--completion-handlers", "--mutable-models", "--fakes", "--quiet":
                guard value == nil else { return nil }
                if name == "--quiet" { options.quiet = true }
                if name == "--completion-handlers" { options.completionHandlers = true }
                if name == "--mutable-models" { options.mutableModels = true }
                if name == "--fakes" { options.fakes = true }
            case "--specs", "--output", "--access-level", "--color":
                if value == nil { value = rest.popFirst() }
                // A value that looks like an option is left to ArgumentParser's rules.
                guard let text = value, !text.isEmpty, !text.hasPrefix("-") else { return nil }
                switch name {
                case "--specs": options.specs = text
                case "--output": options.output = text
                case "--access-level":
                    guard let level = AccessLevel(rawValue: text) else { return nil }
                    options.accessLevel = level
                default:
                    guard let color = ColorChoice(rawValue: text) else { return nil }
                    options.color = color
                }
            default:
                return nil
            }
        }
        return (command, options)
    }
}
