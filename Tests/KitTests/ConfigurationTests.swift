import Foundation
import ToolRunner
import XCTest
@testable import EndpointGenKit

/// `endpointgen.yml`: read by the CLI and the build tool, flags over the file over the defaults,
/// every problem at its place.
final class ConfigurationTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try write("specs/shop.yaml", CLITests.shopSpec)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = folder + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    private func files(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + relative)) ?? []).sorted()
    }

    private func run(_ arguments: [String], in subfolder: String = "") throws -> CLITests.Run {
        try CLITests.runCLI(arguments, in: subfolder.isEmpty ? folder : folder + "/" + subfolder)
    }

    /// A value given on the command line wins over the file's, the file's over the default.
    func testFlagsOverrideTheFileWhichOverridesTheDefaults() throws {
        try write("endpointgen.yml", "output: Out\naccessLevel: internal\nfakes: true\n")
        let fromFile = try run(["generate", "-q"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertEqual(files("Out"), ["ShopModels.swift", "ShopRouter.swift", "ShopService.swift", "ShopServiceFake.swift"])
        XCTAssertTrue(try XCTUnwrap(read("Out/ShopService.swift")).contains("\nnonisolated final class ShopService"), "accessLevel: internal")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated"))
        XCTAssertEqual(try run(["check", "-q"]).status, 0, "check reads the same file")

        let flags = try run(["generate", "-q", "--output", "Flags", "--no-fakes", "--access-level", "public", "--mutable-models"])
        XCTAssertEqual(flags.status, 0, flags.stderr)
        XCTAssertEqual(files("Flags"), ["ShopModels.swift", "ShopRouter.swift", "ShopService.swift"])
        XCTAssertTrue(try XCTUnwrap(read("Flags/ShopService.swift")).contains("\npublic nonisolated final class ShopService"))
        XCTAssertTrue(try XCTUnwrap(read("Flags/ShopModels.swift")).contains("\n    public var id: Int\n"))
        XCTAssertEqual(try run(["check", "-q", "--output", "Flags"]).status, 1, "without the flags, the file's options apply")

        try FileManager.default.removeItem(atPath: folder + "/endpointgen.yml")
        XCTAssertEqual(try run(["generate", "-q"]).status, 0)
        XCTAssertEqual(files("Generated"), ["ShopModels.swift", "ShopRouter.swift", "ShopService.swift"], "the defaults")
        XCTAssertTrue(try XCTUnwrap(read("Generated/ShopModels.swift")).contains("\n    public let id: Int\n"))
    }

    /// `storageClasses` (very large APIs) from the file, and `--no-storage-classes` over it.
    func testStorageClassesFromTheFileAndTheFlag() throws {
        try write("specs/shop.yaml", CLITests.shopSpec.replacingOccurrences(
            of: "{ id: Int, name: String }", with: "{ id: Int, name: String, price: Int, stock: Int }"))
        try write("endpointgen.yml", "storageClasses: true\n")
        XCTAssertEqual(try run(["generate", "-q"]).status, 0)
        XCTAssertTrue(try XCTUnwrap(read("Generated/ShopModels.swift")).contains("\n    private let _storage: _Storage\n"))
        XCTAssertEqual(try run(["generate", "-q", "--no-storage-classes"]).status, 0)
        XCTAssertTrue(try XCTUnwrap(read("Generated/ShopModels.swift")).contains("\n    public let price: Int\n"))
        try FileManager.default.removeItem(atPath: folder + "/endpointgen.yml")
        XCTAssertEqual(try run(["generate", "-q", "--storage-classes"]).status, 0)
        XCTAssertTrue(try XCTUnwrap(read("Generated/ShopModels.swift")).contains("_Storage"))
    }

    func testResolveDecidesEachValueByPrecedence() throws {
        try write("app.yml", "specs: api\nmutableModels: true\ncompletionHandlers: true\n")
        let resolved = RunOptions.resolve(GenerationSettings(output: "Mine", completionHandlers: false), configuration: folder + "/app.yml")
        XCTAssertEqual(resolved.diagnostics, [])
        let options = try XCTUnwrap(resolved.options)
        XCTAssertEqual(options.specs, folder + "/api", "the file's folders are relative to it")
        XCTAssertEqual(options.output, "Mine", "flag over file")
        XCTAssertEqual(options.accessLevel, .public, "default")
        XCTAssertTrue(options.mutableModels, "file over default")
        XCTAssertFalse(options.completionHandlers, "flag over file")
        XCTAssertFalse(options.fakes)
    }

    /// Every unknown key and bad value at its line and column, with a suggestion; nothing generated.
    func testProblemsAreReportedAtTheirPlaceAllInOneRun() throws {
        try write("endpointgen.yml", """
            specs: specs
            ouptut: Out
            accessLevel: pubic
            fakes: yes
            mutableModels: "true"
            output: [a, b]
            colour: always

            """)
        for command in [["generate"], ["check"], ["lint"]] {
            let result = try run(command)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertEqual(result.stderr, """
                endpointgen.yml:2:1: error: unknown key 'ouptut' in the configuration; did you mean 'output'?
                endpointgen.yml:3:14: error: 'accessLevel' must be one of public, package, internal, found 'pubic'; did you mean 'public'?
                endpointgen.yml:4:8: error: 'fakes' must be true or false, found 'yes'
                endpointgen.yml:5:16: error: 'mutableModels' must be true or false, found 'true'
                endpointgen.yml:6:9: error: 'output' must be a folder path, found a sequence
                endpointgen.yml:7:1: error: unknown key 'colour' in the configuration; the keys are specs, output, accessLevel, completionHandlers, mutableModels, fakes, storageClasses

                """, "\(command)")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(files(""), ["endpointgen.yml", "specs"], "nothing written")

        try write("endpointgen.yml", "- specs\n")
        XCTAssertEqual(try run(["lint"]).stderr, "endpointgen.yml:1:1: error: the configuration must be a mapping of keys (specs, output, accessLevel, completionHandlers, mutableModels, fakes, storageClasses), found a sequence\n")
        try write("endpointgen.yml", "specs: a\nspecs: b\n")
        XCTAssertTrue(try run(["lint"]).stderr.hasPrefix("endpointgen.yml:2:1: error: duplicate key 'specs'"), "the YAML loader's own checks")
        let missing = try run(["lint", "--config", "nowhere.yml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("nowhere.yml: error: cannot read the configuration: "), missing.stderr)
    }

    /// The file is found from a subfolder of the package, and its folders are relative to it, so
    /// `check` answers the same there; outside a package only the working folder is looked at.
    func testCheckFromAnotherFolderGivesTheSameAnswer() throws {
        try write("Package.swift", "// swift-tools-version:6.1\n")
        try write("endpointgen.yml", "output: Sources/API\nfakes: true\n")
        try write("Sources/App/main.swift", "")
        XCTAssertEqual(try run(["generate", "-q"]).status, 0)
        let atRoot = try run(["check"])
        let inSubfolder = try run(["check"], in: "Sources/App")
        XCTAssertEqual(atRoot.status, 0, atRoot.stderr)
        XCTAssertEqual(inSubfolder.status, 0, inSubfolder.stderr)
        XCTAssertEqual(atRoot.stdout, "Sources/API is up to date (4 files from 1 spec).\n")
        XCTAssertEqual(inSubfolder.stdout, "../../Sources/API is up to date (4 files from 1 spec).\n")
        XCTAssertTrue(try XCTUnwrap(read("Sources/API/ShopService.swift")).hasPrefix("// Generated by endpointgen from specs/shop.yaml."))

        try write("specs/shop.yaml", CLITests.shopSpec.replacingOccurrences(of: "name: String", with: "name: String?"))
        XCTAssertEqual(try run(["check", "-q"]).status, 1)
        XCTAssertEqual(try run(["check", "-q"], in: "Sources/App").status, 1)

        // Above the package root, the file is not looked for.
        try FileManager.default.createDirectory(atPath: folder + "/Other", withIntermediateDirectories: true)
        try write("Other/Package.swift", "")
        let other = try run(["lint"], in: "Other")
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.hasPrefix("specs: error: the specs folder does not exist"), other.stderr)
    }

    /// A configuration in the specs folder itself (`specs: .`) is not read as a spec.
    func testTheConfigurationIsNeverReadAsASpec() throws {
        try write("specs/endpointgen.yml", "specs: .\noutput: ../Out\n")
        let result = try run(["generate"], in: "specs")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Generated 3 files (3 changed, 3 new) from 1 spec"), result.stdout)
    }

    /// The build-tool plugin's executable reads the same file (the plugin passes the target's).
    func testBuildToolReadsTheConfiguration() throws {
        let tool = CLITests.binary.deletingLastPathComponent().appendingPathComponent("EndpointGenBuildTool")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool.path), "EndpointGenBuildTool is not built")
        try write("endpointgen.yml", "fakes: true\naccessLevel: package\n")
        func build(_ extra: [String]) throws -> (Int32, String) {
            // From the test's own folder, as the plugin runs it: paths stay as given.
            let run = try ToolRunner.run(tool, ["--output", folder + "/out"] + extra + [folder + "/specs/shop.yaml"],
                                         in: FileManager.default.currentDirectoryPath)
            return (run.status, run.stderr)
        }
        XCTAssertEqual(try build(["--config", folder + "/endpointgen.yml"]).0, 0)
        let bundled = try XCTUnwrap(read("out/shop.yaml.swift"))
        XCTAssertTrue(bundled.contains("ShopServiceFake"), "fakes: true")
        // One import block and one contract line for the spec's files (a second typealias would
        // not compile: the example's build once failed so).
        XCTAssertEqual(bundled.components(separatedBy: "private typealias RuntimeContract").count - 1, 1, bundled)
        XCTAssertEqual(bundled.components(separatedBy: "@_spi(Generated) import EndpointRuntime\n").count - 1, 1, bundled)
        XCTAssertTrue(bundled.contains("\npackage nonisolated final class ShopService"), "accessLevel: package")

        try write("endpointgen.yml", "fake: true\n")
        let (status, errors) = try build(["--config", folder + "/endpointgen.yml"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(errors, "\(folder!)/endpointgen.yml:1:1: error: unknown key 'fake' in the configuration; did you mean 'fakes'?\n")
    }
}
