import Foundation
import ToolRunner
import XCTest
@testable import EndpointGenKit

/// `endpointgen init`: what it writes works with the rest of the tool, and it never replaces anything.
final class InitTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-init-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every path below the folder with its contents (nil for folders), to prove nothing changed.
    private func snapshot() throws -> [String: Data?] {
        var entries: [String: Data?] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
            entries[path] = isDirectory.boolValue ? nil : FileManager.default.contents(atPath: folder + "/" + path)
        }
        return entries
    }

    private func runCLI(_ arguments: [String]) throws -> CLITests.Run {
        try CLITests.runCLI(arguments, in: folder)
    }

    private func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ToolRunner.runOnOnePipe(URL(fileURLWithPath: "/usr/bin/env"),
                                    ["make", "--no-print-directory", "-f", "endpointgen.mk", "ENDPOINTGEN=\(CLITests.binary.path)"] + arguments,
                                    in: folder)
    }

    func testWritesTheStarterFilesAndFolders() throws {
        let result = ProjectInitializer.run(in: folder)
        XCTAssertTrue(result.succeeded)
        XCTAssertEqual(result.written, [folder + "/endpointgen.yml", folder + "/specs/example.yaml", folder + "/endpointgen.mk"])
        XCTAssertEqual(result.createdDirectories, [folder + "/specs", folder + "/Generated"])
        XCTAssertEqual(read("specs/example.yaml"), ProjectInitializer.starterSpec)
        XCTAssertEqual(read("endpointgen.mk"), ProjectInitializer.makefileSnippet)
        XCTAssertEqual(read("endpointgen.yml"), ProjectInitializer.configurationFile)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Generated"), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["Generated", "endpointgen.mk", "endpointgen.yml", "specs"])
    }

    /// The configuration init writes names every key with its default: loading it changes nothing.
    func testStarterConfigurationHoldsEveryKeyWithItsDefault() throws {
        XCTAssertTrue(ProjectInitializer.run(in: folder).succeeded)
        let loaded = ProjectConfiguration.load(folder + "/endpointgen.yml")
        XCTAssertEqual(loaded.diagnostics.map(\.rendered), [])
        let settings = try XCTUnwrap(loaded.configuration?.settings)
        XCTAssertEqual(settings, GenerationSettings(
            specs: folder + "/specs", output: folder + "/Generated", accessLevel: .public,
            completionHandlers: false, mutableModels: false, fakes: false, storageClasses: false))
        for key in ProjectConfiguration.keys {
            XCTAssertTrue(ProjectInitializer.configurationFile.contains("\n\(key): "), "the starter configuration lacks '\(key)'")
        }
    }

    func testCreatesAMissingProjectFolderAndKeepsExistingFolders() throws {
        try FileManager.default.createDirectory(atPath: folder + "/app/specs", withIntermediateDirectories: true)
        try "service: Other\nendpoints: {}\n".write(toFile: folder + "/app/specs/other.yaml", atomically: true, encoding: .utf8)
        let existing = ProjectInitializer.run(in: folder + "/app")
        XCTAssertTrue(existing.succeeded)
        XCTAssertEqual(existing.createdDirectories, [folder + "/app/Generated"])
        XCTAssertEqual(read("app/specs/other.yaml"), "service: Other\nendpoints: {}\n")

        let nested = ProjectInitializer.run(in: folder + "/new/project")
        XCTAssertTrue(nested.succeeded)
        XCTAssertEqual(read("new/project/specs/example.yaml"), ProjectInitializer.starterSpec)
    }

    func testStarterSpecLintsCleanAndGenerates() throws {
        XCTAssertTrue(ProjectInitializer.run(in: folder).succeeded)
        let options = PipelineOptions(specsDirectory: folder + "/specs", outputDirectory: folder + "/Generated")
        let lint = Pipeline.run(options, diagnosticsOnly: true)
        XCTAssertEqual(lint.diagnostics.map(\.rendered), [], "the starter spec must have neither errors nor warnings")
        let result = Pipeline.run(options)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        XCTAssertEqual(result.files.map(\.name), ["ExampleModels.swift", "ExampleRouter.swift", "ExampleService.swift"])
        let service = try XCTUnwrap(result.files.first { $0.name == "ExampleService.swift" }?.contents)
        for method in ["func listItems(page: Int = 1, tag: String? = nil)", "func getItem(id: Int)", "func createItem(body: NewItem)", "func deleteItem(id: Int)"] {
            XCTAssertTrue(service.contains(method), "ExampleService lacks \(method)")
        }
    }

    /// The snippet's targets run the CLI on the layout init wrote: generate, check current, check stale, lint.
    func testMakefileSnippetTargetsWork() throws {
        XCTAssertTrue(ProjectInitializer.run(in: folder).succeeded)
        let generate = try make(["endpoints-generate"])
        XCTAssertEqual(generate.status, 0, generate.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Generated").sorted(), ["ExampleModels.swift", "ExampleRouter.swift", "ExampleService.swift"])
        let current = try make(["endpoints-check"])
        XCTAssertEqual(current.status, 0, current.output)
        XCTAssertTrue(current.output.contains("Generated is up to date (3 files from 1 spec)."), current.output)

        let spec = try XCTUnwrap(read("specs/example.yaml"))
        try spec.replacingOccurrences(of: "summary: Adds an item.", with: "summary: Adds one item.")
            .write(toFile: folder + "/specs/example.yaml", atomically: true, encoding: .utf8)
        let stale = try make(["endpoints-check"])
        XCTAssertNotEqual(stale.status, 0)
        XCTAssertTrue(stale.output.contains("+    /// Adds one item."), stale.output)

        try "service: Broken\nendpoints:\n  ping:\n    metod: GET\n".write(toFile: folder + "/specs/broken.yaml", atomically: true, encoding: .utf8)
        let lint = try make(["endpoints-lint"])
        XCTAssertNotEqual(lint.status, 0)
        XCTAssertTrue(lint.output.contains("specs/broken.yaml:4:5: error: unknown key 'metod'"), lint.output)
    }

    func testRefusesToReplaceAnExistingFileAndWritesNothing() throws {
        try "# my own\n".write(toFile: folder + "/endpointgen.mk", atomically: true, encoding: .utf8)
        let before = try snapshot()
        let result = ProjectInitializer.run(in: folder)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.conflicts.map { "\($0.path): \($0.message)" }, [folder + "/endpointgen.mk: file already exists"])
        XCTAssertEqual(try snapshot(), before, "no folder created, no file written")
    }

    func testCLIReportsEveryConflictAndLeavesEverythingAsItWas() throws {
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: false)
        try "service: Mine\n".write(toFile: folder + "/specs/example.yaml", atomically: true, encoding: .utf8)
        try "all:\n".write(toFile: folder + "/endpointgen.mk", atomically: true, encoding: .utf8)
        try "not a folder\n".write(toFile: folder + "/Generated", atomically: true, encoding: .utf8)
        let before = try snapshot()

        let run = try runCLI(["init"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, """
        Generated: error: already exists and is not a folder
        specs/example.yaml: error: file already exists
        endpointgen.mk: error: file already exists

        """)
        XCTAssertEqual(run.stdout, "Nothing written: endpointgen init never replaces an existing file or folder.\n")
        XCTAssertEqual(try snapshot(), before)
    }

    func testADirectoryWhereAFileGoesIsAConflictToo() throws {
        try FileManager.default.createDirectory(atPath: folder + "/endpointgen.mk", withIntermediateDirectories: false)
        let before = try snapshot()
        let run = try runCLI(["init", "--directory", "."])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "endpointgen.mk: error: file already exists\n")
        XCTAssertEqual(try snapshot(), before)
    }

    /// The example package includes the snippet and the configuration as init writes them, so CI runs both; the
    /// configuration with one value changed, `fakes: true`, as an app whose tests use the generated fake would.
    func testExamplePackageUsesTheSnippetInitWrites() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let snippet = try String(contentsOf: root.appendingPathComponent("Examples/Movies/endpointgen.mk"), encoding: .utf8)
        XCTAssertEqual(snippet, ProjectInitializer.makefileSnippet)
        let configuration = try String(contentsOf: root.appendingPathComponent("Examples/Movies/endpointgen.yml"), encoding: .utf8)
        let withFakes = ProjectInitializer.configurationFile.replacingOccurrences(of: "\nfakes: false ", with: "\nfakes: true  ")
        XCTAssertNotEqual(withFakes, ProjectInitializer.configurationFile)
        XCTAssertEqual(configuration, withFakes)
    }

    func testCLIInitThenGenerateThenCheck() throws {
        let initRun = try runCLI(["init", "--directory", "api"])
        XCTAssertEqual(initRun.status, 0, initRun.stderr)
        XCTAssertTrue(initRun.stdout.hasPrefix("Created api/specs/, api/Generated/, api/endpointgen.yml, api/specs/example.yaml, api/endpointgen.mk.\n"), initRun.stdout)
        // The configuration's folders are relative to it.
        XCTAssertEqual(try runCLI(["generate", "--config", "api/endpointgen.yml"]).status, 0)
        let check = try runCLI(["check", "--config", "api/endpointgen.yml"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stdout, "api/Generated is up to date (3 files from 1 spec).\n")
        // A second init in the same place refuses.
        let again = try runCLI(["init", "--directory", "api"])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "api/endpointgen.yml: error: file already exists\napi/specs/example.yaml: error: file already exists\napi/endpointgen.mk: error: file already exists\n")
    }
}
