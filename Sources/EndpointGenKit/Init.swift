import EndpointGenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `endpointgen init` did, or why it did nothing.
public struct InitResult: Sendable {
    /// The project folder as shown in messages (`.` for the working directory).
    public var directory: String
    /// Display paths of the files written, in `ProjectInitializer.files` order.
    public var written: [String] = []
    /// Display paths of the folders created (folders that existed are not listed).
    public var createdDirectories: [String] = []
    /// `(display path, message)` for every existing path that stops the run; nothing was written when non-empty.
    public var conflicts: [(path: String, message: String)] = []
    /// A problem met while writing (after the checks passed); files written by this run were removed again.
    public var failure: String?

    public var succeeded: Bool { conflicts.isEmpty && failure == nil }

    public init(directory: String) {
        self.directory = directory
    }
}

/// Writes the starting layout of a project that uses EndpointGen: the configuration
/// (`endpointgen.yml`), a commented spec that lints clean and generates, a Makefile snippet, and
/// the specs and output folders.
///
/// It never replaces anything: every path is checked first, and one existing file (or a file
/// where a folder belongs) means nothing at all is written.
public enum ProjectInitializer {
    /// The folders of the layout; `Generated` is where `endpoints-generate` writes.
    public static let directories = ["specs", "Generated"]

    /// The files of the layout, in writing order.
    public static let files: [GeneratedFile] = [
        GeneratedFile(name: ProjectConfiguration.fileName, contents: configurationFile),
        GeneratedFile(name: "specs/example.yaml", contents: starterSpec),
        GeneratedFile(name: "endpointgen.mk", contents: makefileSnippet),
    ]

    /// Checks every path below `directory` (created when missing), then creates the folders
    /// and writes the files. Paths in the result are shown the way `directory` was given.
    public static func run(in directory: String) -> InitResult {
        let base = Pipeline.displayPath(directory)
        var result = InitResult(directory: base)
        func display(_ relative: String) -> String { SourceFile.shownPath(relative, in: base) }
        func absolute(_ relative: String) -> String { relative.isEmpty ? directory : directory + "/" + relative }

        switch OutputWriter.kind(of: directory) {
        case .missing, .directory:
            break
        case .symlink where isDirectory(following: directory):
            break
        default:
            result.conflicts.append((base, "already exists and is not a folder"))
            return result
        }
        for folder in directories {
            switch OutputWriter.kind(of: absolute(folder)) {
            case .missing, .directory:
                continue
            case .symlink where isDirectory(following: absolute(folder)):
                continue
            default:
                result.conflicts.append((display(folder), "already exists and is not a folder"))
            }
        }
        for file in files where OutputWriter.kind(of: absolute(file.name)) != .missing {
            result.conflicts.append((display(file.name), "file already exists"))
        }
        guard result.conflicts.isEmpty else { return result }

        var createdFolders: [String] = []
        func undo() {
            for path in createdFolders.reversed() { rmdir(path) }
        }
        for folder in [""] + directories where OutputWriter.kind(of: absolute(folder)) == .missing {
            do throws(FileSystem.Failure) {
                try FileSystem.createDirectory(absolute(folder), intermediates: folder.isEmpty)
            } catch {
                undo()
                result.failure = "cannot create folder '\(folder.isEmpty ? base : display(folder))': \(error.reason)"
                return result
            }
            createdFolders.append(absolute(folder))
            if !folder.isEmpty { result.createdDirectories.append(display(folder)) }
        }
        if let failure = createAll(files.map { (absolute($0.name), $0.contents) }) {
            undo()
            result.createdDirectories = []
            let index = files.firstIndex { absolute($0.name) == failure.path }!
            result.failure = "cannot write '\(display(files[index].name))': \(failure.reason)"
            return result
        }
        result.written = files.map { display($0.name) }
        return result
    }

    /// Creates every file, none replacing anything; on the first failure the files created so far
    /// are removed again and the failing path and reason returned.
    static func createAll(_ files: [(path: String, contents: String)]) -> (path: String, reason: String)? {
        for (index, file) in files.enumerated() {
            if let reason = createExclusively(file.path, contents: file.contents) {
                for written in files[..<index].reversed() { unlink(written.path) }
                return (file.path, reason)
            }
        }
        return nil
    }

    private static func isDirectory(following path: String) -> Bool {
        FileSystem.isDirectory(path)
    }

    /// Creates a new file; fails (instead of replacing) when anything appeared at `path` since the check.
    /// Returns the reason on failure.
    private static func createExclusively(_ path: String, contents: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return FileSystem.lastError() }
        defer { close(descriptor) }
        var bytes = Array(contents.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = FileSystem.lastError()
                unlink(path)
                return reason
            }
            offset += count
        }
        return nil
    }

    /// The starter spec: every comment teaches one rule of the format, and the spec itself
    /// lints clean and generates (InitTests keep it so).
    public static let starterSpec = """
    # A starter spec for endpointgen: rename the service and replace the endpoints with yours.
    #
    # One file describes one service (an API group). Every *.yaml file of this folder goes into one
    # generated Swift module, so a model defined in one file can be used by the others.
    # The format, key by key: docs/spec-format.md in the EndpointGen repository.
    # After an edit: `make endpoints-generate` (see endpointgen.mk), then commit specs/ and Generated/.

    service: Example                      # → ExampleRouter (one case per endpoint) and ExampleService
    summary: A starter API of to-do items.
    baseURL: https://api.example.com/v1   # the default; ExampleService(client:baseURL:) takes another
    headers:                              # sent with every request of this service
      Accept: application/json
    auth: none                            # default of the endpoints: none | bearer | cookie | basic | apiKey(Header) | apiKeyQuery(name)
    errorBody:                            # how a non-2xx body is read into APIError.server
      message: message
      model: ErrorResponse

    endpoints:
      listItems:                          # → case listItems(...) and func listItems(...)
        method: GET
        path: /items
        summary: One page of items, newest first.
        query:
          page: Int = 1                   # a default value: the argument can be left out
          tag: String?                    # optional: left out of the URL when nil
        response: "[Item]"
        sample:                           # what StubTransport answers, so previews and tests run offline
          - { id: 1, title: Buy milk, created_at: "2024-05-01T09:00:00Z", tags: [home] }
          - { id: 2, title: Write the spec, created_at: "2024-05-02T10:30:00Z", tags: [], status: archived }

      getItem:
        method: GET
        path: /items/{id}                 # {id} is a path parameter
        params:
          id: Int                         # its type (String when not listed)
        response: Item
        sample: { id: 1, title: Buy milk, created_at: "2024-05-01T09:00:00Z", tags: [home] }

      createItem:
        method: POST
        path: /items
        summary: Adds an item.
        auth: bearer                      # the token comes from the APIClient's token provider
        body: NewItem                     # a JSON body
        response: Item

      deleteItem:
        method: DELETE
        path: /items/{id}
        auth: bearer
        params:
          id: Int
        response: empty                   # no body is read; the method returns nothing

    models:
      Item:
        summary: One to-do item.
        fields:
          id: Int
          title: String
          created_at: Date                # Swift name createdAt, JSON key created_at, ISO 8601 text
          tags: "[String]"
          status: ItemStatus = active     # the default is also used when the key is absent
      ItemStatus:
        enum: [active, archived]          # an unknown value decodes to .unknown("…") instead of failing
      NewItem:
        fields:
          title: String
          tags: "[String]"
      ErrorResponse:
        fields:
          message: String

    """

    /// The configuration: every key with its default, each explained, so that a project changes
    /// an option in one place that the CLI, the plugins and the Makefile snippet all read.
    public static let configurationFile = """
    # endpointgen.yml, written by `endpointgen init`: where the specs are, where the generated code
    # goes and how it is generated. Read by `endpointgen generate|check|lint` (from this folder or
    # any folder below it), the generate-endpoints command plugin, the EndpointGenPlugin build-tool
    # plugin (from a target's own folder) and endpointgen.mk. Command-line flags override it.
    # Folders are relative to this file.

    specs: specs                # the folder of *.yaml specs
    output: Generated           # the folder of generated Swift files (commit it)
    accessLevel: public         # of generated declarations: public | package | internal
    completionHandlers: false   # also Result-callback variants of service methods (UIKit code)
    mutableModels: false        # model properties are var instead of let
    fakes: false                # also <Service>ServiceFake, a test double of each service protocol
    storageClasses: false       # wide models keep their fields in one class (very large APIs' release size)

    """

    /// The Makefile snippet. Its targets are prefixed so that including it never takes over a
    /// project's own `generate`, `check` or `lint`; folders and options come from
    /// `endpointgen.yml`, so the snippet passes only what a make variable sets.
    public static let makefileSnippet = """
    # endpointgen.mk, written by `endpointgen init`. Add one line to your Makefile:
    #
    #     include endpointgen.mk
    #
    # make endpoints-generate   write the output folder from the specs (only changed files)
    # make endpoints-check      fail with a diff when the output folder is stale (run it in CI)
    # make endpoints-lint       validate the specs; problems are reported as file:line:column
    #
    # The folders and generation options are in endpointgen.yml, which the CLI and the SwiftPM
    # plugins read too. ENDPOINTGEN runs the CLI; the default builds it from the package's
    # EndpointGen dependency. ENDPOINTGEN_FLAGS adds command-line flags, which override the file
    # (e.g. ENDPOINTGEN_FLAGS=--fakes).

    ENDPOINTGEN ?= swift run endpointgen
    ENDPOINTGEN_FLAGS ?=

    .PHONY: endpoints-generate endpoints-check endpoints-lint

    endpoints-generate:
    \t$(ENDPOINTGEN) generate $(ENDPOINTGEN_FLAGS)

    endpoints-check:
    \t$(ENDPOINTGEN) check $(ENDPOINTGEN_FLAGS)

    endpoints-lint:
    \t$(ENDPOINTGEN) lint

    """
}
