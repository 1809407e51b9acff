import EndpointGenSupport
import EndpointGenYAML

/// Why a file a `$ref` names could not be read (`No such file or directory`, …).
public struct OpenAPIReadFailure: Error, Sendable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// Reads a file an OpenAPI document refers to, by the path the importer shows in messages
/// (the document's own path joined with the `$ref`'s relative path, normalized).
public typealias OpenAPIFileReader = (String) -> Result<[UInt8], OpenAPIReadFailure>

/// The `$ref`s of an OpenAPI document that spans several files: which file each node is in,
/// what a reference names (a JSON pointer in the same file, or a relative file and a pointer in
/// it, resolved from the folder of the file that holds the `$ref`), and the names schemas of other
/// files get as components.
///
/// Hostile input: only files within the root document's folder tree are read (no absolute paths,
/// no URLs, no `..` above that folder); each file is read and parsed once; all files together
/// stay within the loader's size and node limits, and at most `maxFiles` of them are read; a
/// chain of references is followed at most `maxHops` steps and a cycle is reported with each step.
final class References {
    /// A reference's target: its node and `file#pointer`, the same for every spelling of it.
    struct Target {
        var node: YAMLNode
        var key: String
    }

    /// Why a reference leads nowhere, and the notes that show the way (each step of a cycle).
    struct Problem: Error {
        var message: String
        var notes: [Diagnostic] = []
        /// The `$ref` that leads nowhere, when it is not the one the caller followed (a later step).
        var location: SourceLocation?
    }

    static let maxFiles = 1000
    static let maxHops = 32

    let rootPath: String
    let root: YAMLNode
    private let readFile: OpenAPIFileReader?
    private let options: YAMLLoadOptions
    /// The root document's folder, as path components (`..` allowed at the start).
    private let rootFolder: [String]
    private let absolute: Bool
    /// Loaded files by path; nil for a file that failed to load (reported once).
    private var files: [String: YAMLNode?] = [:]
    private var fileByStream: [ObjectIdentifier: String] = [:]
    private var bytesUsed: Int
    private var nodesUsed: Int
    /// Errors of files that do not load (their YAML), each at its place in that file.
    private(set) var loadDiagnostics: [Diagnostic] = []

    /// Schema components by name: the root document's `components.schemas`, and the schemas of
    /// other files (or other places) references name, under the names they were given.
    private(set) var componentNodes: [String: YAMLNode] = [:]
    private var nameByTarget: [String: String] = [:]
    private var usedNames: Set<String> = []
    /// Schemas named by references that are not the root's components, in the order first
    /// named; the reader reads them after the root's components.
    private(set) var added: [(name: String, node: YAMLNode)] = []

    init(root: YAMLNode, path: String, bytes: Int, options: YAMLLoadOptions, readFile: OpenAPIFileReader?) {
        self.root = root
        self.rootPath = path
        self.readFile = readFile
        self.options = options
        absolute = path.hasPrefix("/")
        rootFolder = Self.normalized(Array(Self.components(path).dropLast()))
        bytesUsed = bytes
        nodesUsed = root.streamNodeCount
        fileByStream[root.streamID] = path
        files[Self.joined(Self.components(path), absolute: absolute)] = root
    }

    /// The path of the file `node` is in, as messages show it.
    func file(of node: YAMLNode) -> String {
        fileByStream[node.streamID] ?? rootPath
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        node.mark.location(in: file(of: node))
    }

    // MARK: - Following

    /// One step: the node `reference` (written in `node`'s file) names.
    func target(of reference: String, from node: YAMLNode) -> Result<Target, Problem> {
        let hash = reference.firstIndex(of: "#")
        let filePart = String(reference[..<(hash ?? reference.endIndex)])
        let fragment = hash.map { String(reference[reference.index(after: $0)...]) } ?? ""
        let here = file(of: node)
        let path: String
        let fileRoot: YAMLNode
        if filePart.isEmpty {
            path = here
            guard let loaded = files[Self.joined(Self.components(here), absolute: absolute)] ?? nil else {
                return .failure(Problem(message: "'\(here)' did not load"))
            }
            fileRoot = loaded
        } else {
            if Self.isURL(filePart) {
                return .failure(Problem(message: "'$ref: \(reference)' is a URL; only files within the folder of '\(rootPath)' are read"))
            }
            let relative = Text.percentDecoded(filePart)
            if relative.hasPrefix("/") {
                return .failure(Problem(message: "'$ref: \(reference)' is an absolute path; only files within the folder of '\(rootPath)' are read"))
            }
            let folder = Array(Self.components(here).dropLast())
            let components = Self.normalized(folder + Self.components(relative))
            guard components.count > rootFolder.count, Array(components.prefix(rootFolder.count)) == rootFolder, components.last != ".." else {
                return .failure(Problem(message: "'$ref: \(reference)' leaves the folder of '\(rootPath)'; only files within it are read"))
            }
            path = Self.joined(components, absolute: absolute)
            switch load(path) {
            case .success(let node): fileRoot = node
            case .failure(let problem): return .failure(problem)
            }
        }
        let pointer = Text.percentDecoded(fragment)
        guard pointer.isEmpty || pointer.hasPrefix("/") else {
            return .failure(Problem(message: "'$ref: \(reference)': '#\(fragment)' is not a JSON pointer (it starts with '/')"))
        }
        var current = fileRoot
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = Self.unescaped(String(raw))
            if current.mapping != nil, let next = current[token] {
                current = next
            } else if let list = current.sequence, let index = Int(token), list.indices.contains(index) {
                current = list[index]
            } else {
                return .failure(Problem(message: "'$ref: \(reference)' names nothing in '\(path)': there is no '\(token)' at '#\(pointer)'"))
            }
        }
        return .success(Target(node: current, key: path + "#" + pointer))
    }

    /// `node`, or what its `$ref` names, followed until a node that is not a reference (a chain
    /// of them across files, each step from the file that holds it).
    func follow(_ node: YAMLNode) -> Result<YAMLNode, Problem> {
        var current = node
        var steps: [(key: String, at: SourceLocation, reference: String)] = []
        while let referenceNode = current["$ref"], let reference = referenceNode.text {
            let at = location(referenceNode)
            switch target(of: reference, from: current) {
            case .failure(var problem):
                if !steps.isEmpty { problem.location = at }
                return .failure(problem)
            case .success(let target):
                if let first = steps.firstIndex(where: { $0.key == target.key }) {
                    // The references written at the targets of the cycle, the one closing it last.
                    let cycle = steps[first...].map(\.key) + [target.key]
                    let written = steps[(first + 1)...].map { ($0.reference, $0.at) } + [(reference, at)]
                    return .failure(Problem(
                        message: "'$ref: \(steps.first?.reference ?? reference)' never ends: the references form a cycle (\(cycle.joined(separator: " → ")))",
                        notes: written.map { .note("'$ref: \($0.0)'", at: $0.1) }))
                }
                if steps.count >= Self.maxHops {
                    return .failure(Problem(message: "'$ref: \(steps.first?.reference ?? reference)' leads through more than \(Self.maxHops) references; not followed"))
                }
                steps.append((target.key, at, reference))
                current = target.node
            }
        }
        return .success(current)
    }

    // MARK: - Schemas

    /// Registers the root document's component schemas; one written as a reference to another
    /// file (`Pet: { $ref: 'models/pet.yaml' }`) stands for that file's schema under its own name.
    func registerComponents() -> [(name: String, node: YAMLNode)] {
        var result: [(name: String, node: YAMLNode)] = []
        let pairs = root["components"]?["schemas"]?.mapping ?? YAMLMapping()
        for pair in pairs {
            guard let name = pair.key.text else { continue }
            usedNames.insert(name)
        }
        for pair in pairs {
            guard let name = pair.key.text else { continue }
            var node = pair.value
            if let reference = pair.value["$ref"]?.text, Self.rootComponentName(reference) == nil,
               case .success(let target) = target(of: reference, from: pair.value), nameByTarget[target.key] == nil {
                nameByTarget[target.key] = name
                node = target.node
            }
            componentNodes[name] = node
            result.append((name, node))
        }
        return result
    }

    /// The component name a schema reference stands for: `#/components/schemas/Name` of the root
    /// document is `Name` (whether or not it is defined, which the builder reports); any other
    /// target (a schema in another file, or elsewhere in one) gets a name of its own the first time
    /// it is named: its pointer's last part, else its file's name, numbered when taken.
    func schemaName(_ reference: String, from node: YAMLNode) -> Result<String, Problem> {
        if file(of: node) == rootPath, let name = Self.rootComponentName(reference) {
            return .success(name)
        }
        let target: Target
        switch self.target(of: reference, from: node) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): target = found
        }
        // Another file naming a component of the root document.
        if target.node.streamID == root.streamID, let name = Self.rootComponentName(String(target.key.drop { $0 != "#" })) {
            return .success(name)
        }
        if let name = nameByTarget[target.key] { return .success(name) }
        let pointer = target.key[target.key.index(after: target.key.firstIndex(of: "#")!)...]
        var base = pointer.split(separator: "/").last.map { Self.unescaped(String($0)) } ?? ""
        if base.isEmpty || Int(base) != nil {
            let fileName = Self.components(String(target.key[..<target.key.firstIndex(of: "#")!])).last ?? "Schema"
            base = fileName.split(separator: ".").first.map(String.init) ?? fileName
        }
        var name = base
        var number = 2
        while usedNames.contains(name) {
            name = base + String(number)
            number += 1
        }
        usedNames.insert(name)
        nameByTarget[target.key] = name
        componentNodes[name] = target.node
        added.append((name, target.node))
        return .success(name)
    }

    /// `Name` of `#/components/schemas/Name` (unescaped), nil for any other reference.
    static func rootComponentName(_ reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        let rest = reference.dropFirst(prefix.count)
        return rest.isEmpty || rest.contains("/") ? nil : OpenAPIReader.unescapePointer(String(rest))
    }

    // MARK: - Files

    private func load(_ path: String) -> Result<YAMLNode, Problem> {
        if let cached = files[path] {
            return cached.map { .success($0) } ?? .failure(Problem(message: "'\(path)' does not load (see its errors)"))
        }
        guard let readFile else {
            return .failure(Problem(message: "'\(path)' is another file, which is not read here"))
        }
        guard files.count < Self.maxFiles else {
            return .failure(Problem(message: "'\(path)' would be file \(Self.maxFiles + 1) the document refers to; at most \(Self.maxFiles) are read"))
        }
        let bytes: [UInt8]
        switch readFile(path) {
        case .failure(let failure):
            files[path] = .some(nil)
            return .failure(Problem(message: "cannot read '\(path)': \(failure.reason)"))
        case .success(let read):
            bytes = read
        }
        var options = self.options
        options.maxFileSize = self.options.maxFileSize - bytesUsed
        options.maxNodes = self.options.maxNodes - nodesUsed
        guard bytes.count <= options.maxFileSize else {
            files[path] = .some(nil)
            return .failure(Problem(message: "'\(path)' makes the document and its files larger than the limit of \(self.options.maxFileSize) bytes together"))
        }
        bytesUsed += bytes.count
        let loaded = YAMLLoader.load(bytes, file: path, options: options)
        guard !loaded.hasErrors, let node = loaded.documents.first else {
            files[path] = .some(nil)
            loadDiagnostics.append(contentsOf: loaded.diagnostics)
            return .failure(Problem(message: loaded.hasErrors ? "'\(path)' does not load (see its errors)" : "'\(path)' is empty"))
        }
        nodesUsed += node.streamNodeCount
        files[path] = node
        fileByStream[node.streamID] = path
        return .success(node)
    }

    /// `http://…`, `file:…`, `//host/…`: a scheme or an authority.
    private static func isURL(_ text: String) -> Bool {
        if text.hasPrefix("//") { return true }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    /// `.` and `..` applied; a `..` that climbs above the start is kept (only leading ones).
    private static func normalized(_ components: [String]) -> [String] {
        var result: [String] = []
        for component in components {
            switch component {
            case ".", "": continue
            case "..":
                if let last = result.last, last != ".." { result.removeLast() } else { result.append("..") }
            default: result.append(component)
            }
        }
        return result
    }

    private static func joined(_ components: [String], absolute: Bool) -> String {
        (absolute ? "/" : "") + normalized(components).joined(separator: "/")
    }

    /// A JSON pointer token: `~1` is `/`, `~0` is `~`.
    private static func unescaped(_ token: String) -> String {
        Text.replacing("~0", with: "~", in: Text.replacing("~1", with: "/", in: token))
    }
}
