// The generator as the EndpointGenPlugin build-tool plugin runs it.
//
// A build-tool plugin must name every output file before the build starts, but the names
// `endpointgen generate` chooses depend on what the specs say (`service:`, whether there are
// models). So this tool runs the same pipeline and writes exactly one file per spec,
// `<spec file name>.swift` (e.g. `movies.yaml.swift`), holding that spec's router, service and
// models; a spec that produces nothing still gets the file, with the header only.
//
// Usage: EndpointGenBuildTool --output <folder> [--config <endpointgen.yml>] [--access-level public|package|internal]
//            [--completion-handlers] [--mutable-models] [--fakes] <spec>...
// The generation options come from the target's endpointgen.yml (the plugin passes it with
// --config), read by the same code as the CLI's (`RunOptions.resolve`); flags override it, and its
// `specs` and `output` folders do not apply (the plugin chose the specs, the build folder is the output).
// Diagnostics go to standard error as `path:line:column: error: message` with the spec paths
// as given (the plugin passes absolute ones), which `swift build` and Xcode show as issues.

import EndpointGenCodegen
import EndpointGenKit
import EndpointGenSpec
import EndpointGenSupport
import Foundation

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

var output: String?
var configuration: String?
var flags = GenerationSettings()
var specPaths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output":
        guard let value = arguments.popFirst() else { fail("--output needs a folder", status: 64) }
        output = value
    case "--config":
        guard let value = arguments.popFirst() else { fail("--config needs a file", status: 64) }
        configuration = value
    case "--access-level":
        guard let value = arguments.popFirst(), let level = AccessLevel(rawValue: value) else {
            fail("--access-level needs public, package or internal", status: 64)
        }
        flags.accessLevel = level
    case "--completion-handlers":
        flags.completionHandlers = true
    case "--mutable-models":
        flags.mutableModels = true
    case "--fakes":
        flags.fakes = true
    case "--storage-classes":
        flags.storageClasses = true
    default:
        guard !argument.hasPrefix("--") else { fail("unknown option '\(argument)'", status: 64) }
        specPaths.append(argument)
    }
}
guard let output else { fail("missing --output <folder>", status: 64) }

let console = Console(color: .never, quiet: true)
// Without --config, no file: the plugin looks for the target's own and passes it.
let resolved = RunOptions.resolve(flags, configuration: configuration, search: false)
console.report(resolved.diagnostics)
guard let run = resolved.options else { exit(1) }

var sources: [SourceFile] = []
for path in specPaths {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read '\(path)'", status: 2) }
    sources.append(SourceFile(path: path, bytes: [UInt8](data)))
}

let loaded = SpecLoader.load(sources)
var diagnostics = loaded.diagnostics
var generated: [GeneratedFile] = []
if let module = loaded.module, !loaded.diagnostics.contains(where: { $0.severity == .error }) {
    let result = CodeGenerator.generate(module, options: run.codegen)
    diagnostics += result.diagnostics
    generated = result.files
}
console.report(diagnostics)
if diagnostics.contains(where: { $0.severity == .error }) { exit(1) }

/// One file per spec: the spec's generated files (recognised by their header, which names the
/// spec) under a single header, import block and contract line (a second `RuntimeContract`
/// would be a redeclaration), in file-name order.
func bundle(for path: String, from generated: [GeneratedFile]) -> GeneratedFile {
    let header = "\(CodeGenerator.headerPrefix)\(path). DO NOT EDIT."
    let once = Set(CodeGenerator.toolOptOuts + CodeGenerator.imports + GeneratedCodeContract.contractLines)
    var bodies: [String] = []
    for file in generated where file.contents.hasPrefix(header + "\n") {
        var lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        while let line = lines.first, line.isEmpty || once.contains(String(line)) {
            lines.removeFirst()
        }
        bodies.append("// MARK: - \(file.name)\n\n" + lines.joined(separator: "\n"))
    }
    var text = header + "\n" + CodeGenerator.toolOptOuts.joined(separator: "\n") + "\n"
    if !bodies.isEmpty {
        text += "\n" + CodeGenerator.imports.joined(separator: "\n") + "\n"
        text += "\n" + GeneratedCodeContract.contractLines.joined(separator: "\n") + "\n"
    }
    for body in bodies { text += "\n" + body }
    return GeneratedFile(name: (path as NSString).lastPathComponent + ".swift", contents: text)
}

do {
    // Unchanged files keep their modification time, so the compiler does not redo them.
    // A build killed while writing is completed (or its temporary files removed) first.
    let lock = OutputWriter.lock(output, exclusive: true)
    defer { withExtendedLifetime(lock) {} }
    _ = try OutputWriter.repair(output)
    try OutputWriter.apply(OutputWriter.plan(specPaths.map { bundle(for: $0, from: generated) }, in: output))
} catch {
    fail(error.description, status: 2)
}
