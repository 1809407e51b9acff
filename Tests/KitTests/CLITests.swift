import Foundation
import ToolRunner
import XCTest

/// Runs the built `endpointgen` binary the way users and CI do.
final class CLITests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The binary sits next to the test bundle in the build folder.
    static var binary: URL { ToolRunner.executable("endpointgen") }

    typealias Run = ToolRunner.Run

    private func run(_ arguments: [String]) throws -> Run {
        try Self.runCLI(arguments, in: folder)
    }

    /// Runs the built `endpointgen` in `folder` without color; shared with the other CLI tests.
    static func runCLI(_ arguments: [String], in folder: String, environment extra: [String: String] = [:]) throws -> Run {
        try ToolRunner.run(binary, arguments, in: folder, environment: ToolRunner.environment(extra: extra))
    }

    /// Runs the built `endpointgen` with standard output and standard error on one pipe, as CI
    /// logs have them.
    static func runCLIOnOnePipe(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        try ToolRunner.runOnOnePipe(binary, arguments, in: folder)
    }

    static let shopSpec = """
        service: Shop
        baseURL: https://example.com
        endpoints:
          list: { method: GET, path: /items, response: "[Item]" }
        models:
          Item: { fields: { id: Int, name: String } }
        """

    /// The everyday command lines, all read by ArgumentParser: each option takes effect.
    func testEverydayCommandLines() throws {
        try writeSpec("shop.yaml", Self.shopSpec)
        let first = try run([])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Generated 3 files (3 changed, 3 new) from 1 spec in "), first.stdout)
        XCTAssertEqual(try run(["-q"]).stdout, "")
        XCTAssertEqual(try run(["check"]).stdout, "Generated is up to date (3 files from 1 spec).\n")
        XCTAssertEqual(try run(["lint"]).stdout, "Checked 1 spec: no problems.\n")
        XCTAssertEqual(try run(["generate", "--output", "Out", "--quiet"]).status, 0)
        XCTAssertEqual(try run(["check", "--output=Out", "-q"]).status, 0)
        let options = ["--specs=specs", "--output", "Internal", "--access-level", "internal", "--completion-handlers", "--mutable-models", "--color", "never"]
        XCTAssertEqual(try run(["generate", "-q"] + options).status, 0)
        let service = try String(contentsOfFile: folder + "/Internal/ShopService.swift", encoding: .utf8)
        XCTAssertTrue(service.contains("\nnonisolated protocol ShopServiceProtocol"), service)
        XCTAssertTrue(service.contains("func list(completion: @escaping"), service)
        let models = try String(contentsOfFile: folder + "/Internal/ShopModels.swift", encoding: .utf8)
        XCTAssertTrue(models.contains("\n    var id: Int\n"), models)
        XCTAssertEqual(try run(["check", "-q"] + options).status, 0)
        XCTAssertEqual(try run(["check", "-q", "--output", "Internal"]).status, 1, "check compares with what its options generate")
        // Usage errors are ArgumentParser's: exit code 64.
        for arguments in [["--specs", "a", "--specs"], ["--access-level", "private"], ["--bogus"], ["check", "generate"],
                          ["lint", "--output", "Out"], ["lint", "--fakes"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
        }
        try writeSpec("broken.yaml", "service: Broken\nendpoints:\n  ping: { method: GET }\n")
        for arguments in [[], ["check"], ["lint", "-q"]] {
            XCTAssertEqual(try run(arguments).status, 1, "\(arguments)")
        }
    }

    /// `--fakes` reaches the code generator: `<Service>ServiceFake.swift`, and check agrees.
    func testFakesFlagWritesServiceFakes() throws {
        try writeSpec("shop.yaml", Self.shopSpec)
        XCTAssertEqual(try run(["generate", "--quiet"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated/ShopServiceFake.swift"))
        XCTAssertEqual(try run(["check", "--quiet", "--fakes"]).status, 1)
        let result = try run(["generate", "--fakes"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Generated 4 files (1 changed, 1 new) from 1 spec"), result.stdout)
        let fake = try String(contentsOfFile: folder + "/Generated/ShopServiceFake.swift", encoding: .utf8)
        XCTAssertTrue(fake.contains("ShopServiceFake"), fake)
        XCTAssertEqual(try run(["check", "--quiet", "--fakes"]).status, 0)
    }

    /// A mistyped command is not read as `generate` with a stray argument: a suggestion, exit 64.
    func testMistypedCommandGetsASuggestion() throws {
        let typo = try run(["chekc"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.stdout, "")
        XCTAssertTrue(typo.stderr.hasPrefix("Error: Unknown command 'chekc'. Did you mean 'check'?\nUsage: endpointgen <subcommand>\n"), typo.stderr)
        XCTAssertTrue(try run(["generat", "--quiet"]).stderr.hasPrefix("Error: Unknown command 'generat'. Did you mean 'generate'?\n"))
        let unknown = try run(["deploy"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown command 'deploy'. The commands are generate, check, lint, init, import-openapi, import-swift, export-openapi, verify.\n"), unknown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated"))
    }

    func testHelpForAnUnknownCommandFails() throws {
        let nope = try run(["help", "nope"])
        XCTAssertEqual(nope.status, 64)
        XCTAssertEqual(nope.stdout, "")
        XCTAssertTrue(nope.stderr.hasPrefix("Error: Unknown command 'nope'. The commands are generate, check, lint, init, import-openapi, import-swift, export-openapi, verify.\n"), nope.stderr)
        XCTAssertTrue(try run(["help", "lnit"]).stderr.hasPrefix("Error: Unknown command 'lnit'. Did you mean 'lint'?\n"))
        let known = try run(["help", "check"])
        XCTAssertEqual(known.status, 0)
        XCTAssertTrue(known.stdout.contains("USAGE: endpointgen check"), known.stdout)
        XCTAssertEqual(try run(["help"]).status, 0)
        XCTAssertEqual(try run(["help", "help"]).status, 0)
    }

    /// Each command's help lists the options it uses, in one spelling of "color".
    func testHelpListsOnlyTheOptionsACommandUses() throws {
        let generationOptions = ["--output", "--access-level", "--completion-handlers", "--mutable-models", "--fakes"]
        let lint = try run(["lint", "--help"])
        XCTAssertEqual(lint.status, 0)
        for option in generationOptions {
            XCTAssertFalse(lint.stdout.contains(option), "lint --help lists \(option):\n\(lint.stdout)")
        }
        for option in ["--specs", "--quiet", "--color"] {
            XCTAssertTrue(lint.stdout.contains(option), option)
        }
        for command in ["generate", "check"] {
            let help = try run([command, "--help"]).stdout
            for option in generationOptions + ["--specs", "--quiet", "--color"] {
                XCTAssertTrue(help.contains(option), "\(command) --help lacks \(option)")
            }
        }
        for arguments in [["--help"], ["generate", "--help"], ["check", "--help"], ["lint", "--help"], ["init", "--help"], ["import-openapi", "--help"], ["export-openapi", "--help"]] {
            let help = try run(arguments).stdout
            XCTAssertFalse(help.lowercased().contains("colour"), "\(arguments)")
        }
    }

    /// `export-openapi`: YAML by default, JSON for a `.json` name, the document alone on standard
    /// output for `-`; a spec with an error writes nothing, a folder as output is an I/O error.
    func testExportOpenAPI() throws {
        try writeSpec("shop.yaml", Self.shopSpec)
        let yaml = try run(["export-openapi", "--output", "api.yaml"])
        XCTAssertEqual(yaml.status, 0, yaml.stderr)
        XCTAssertEqual(yaml.stdout, "Wrote api.yaml.\n")
        let written = try String(contentsOfFile: folder + "/api.yaml", encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("# Generated by endpointgen export-openapi"), written)
        XCTAssertTrue(written.contains("\n    get:\n      tags:\n        - Shop\n      operationId: list\n"), written)
        let stdout = try run(["export-openapi", "--output", "-"])
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        XCTAssertEqual(stdout.stdout, written, "standard output holds the document and nothing else")
        XCTAssertEqual(try run(["export-openapi", "--output", "api.json", "-q"]).stdout, "")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/api.json"))) as? [String: Any]
        XCTAssertEqual(json?["openapi"] as? String, "3.1.0")
        XCTAssertEqual(try run(["export-openapi", "--output", "specs"]).status, 2)
        // --service keeps one service's endpoints and every model.
        try writeSpec("other.yaml", "service: Other\nendpoints:\n  list: { method: GET, path: /items }\nmodels:\n  Extra: { fields: { id: Int } }\n")
        let one = try run(["export-openapi", "--service", "Other", "--output", "-"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("operationId: list\n") && !one.stdout.contains("- Shop\n"), one.stdout)
        XCTAssertTrue(one.stdout.contains("\n    Item:\n") && one.stdout.contains("\n    Extra:\n"), one.stdout)
        let unknown = try run(["export-openapi", "--service", "Othr", "--output", "-"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "specs: error: --service 'Othr' names no service of the specs; did you mean 'Other'?\n")
        try FileManager.default.removeItem(atPath: folder + "/specs/other.yaml")
        try writeSpec("broken.yaml", "service: Broken\nendpoints:\n  ping: { method: GET }\n")
        let broken = try run(["export-openapi", "--output", "api.yaml"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("specs/broken.yaml:3:"), broken.stderr)
        XCTAssertEqual(try String(contentsOfFile: folder + "/api.yaml", encoding: .utf8), written, "a failed export leaves the file as it was")
    }

    /// The examples of the top-level help are short enough that ArgumentParser does not wrap them.
    func testTopLevelHelpExamplesDoNotWrap() throws {
        let help = try run(["--help"]).stdout
        let examples = try XCTUnwrap(help.components(separatedBy: "Examples:\n").last?.components(separatedBy: "\n\n").first)
        let lines = examples.split(separator: "\n")
        XCTAssertEqual(lines.count, 12, examples)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("  endpointgen") || line.hasPrefix("                               # "), "wrapped: \(line)")
            XCTAssertLessThanOrEqual(line.count, 72, String(line))
        }
        XCTAssertTrue(examples.contains("  endpointgen check            # fail if Generated/ is stale (CI)\n"), examples)
    }

    /// With both streams on one pipe (CI), `check`'s diff comes whole and its verdict after it.
    func testCheckVerdictFollowsTheDiffOnOnePipe() throws {
        try writeSpec("shop.yaml", Self.shopSpec)
        XCTAssertEqual(try run(["generate", "--quiet"]).status, 0)
        try writeSpec("shop.yaml", Self.shopSpec.replacingOccurrences(of: "/items", with: "/goods"))
        let (status, output) = try Self.runCLIOnOnePipe(["check"], in: folder)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.hasPrefix("--- a/Generated/ShopRouter.swift\n+++ b/Generated/ShopRouter.swift\n"), output)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "")
        let verdict = lines.dropLast().last ?? ""
        XCTAssertEqual(verdict, "error: Generated is out of date (2 changed); run 'endpointgen generate' (make generate) and commit the result")
        XCTAssertEqual(lines.filter { $0.contains("error:") }.count, 1, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("+") && $0.contains("/goods") }, output)
    }

    /// The header names the spec relative to the package root, whatever the working folder and
    /// however `--specs` is spelled: `check` agrees from anywhere, no machine path is written.
    func testHeaderPathDoesNotDependOnTheWorkingFolder() throws {
        try "// swift-tools-version:5.9\n".write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        let api = folder + "/Sources/API"
        try FileManager.default.createDirectory(atPath: api, withIntermediateDirectories: true)
        try writeSpec("shop.yaml", Self.shopSpec)
        let generate = try Self.runCLI(["generate", "-q", "--specs", "../../specs", "--output", "."], in: api)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let router = try String(contentsOfFile: api + "/ShopRouter.swift", encoding: .utf8)
        XCTAssertTrue(router.hasPrefix("// Generated by endpointgen from specs/shop.yaml. DO NOT EDIT.\n"), router)
        for (arguments, place) in [
            (["check", "--specs", "specs", "--output", "Sources/API"], folder!),
            (["check", "--specs", "specs/../specs/", "--output", "./Sources/API"], folder!),
            (["check", "--specs", "../specs", "--output", "API"], folder + "/Sources"),
            (["check", "--specs", folder + "/specs", "--output", api], NSTemporaryDirectory()),
            (["check", "--specs", ".", "--output", "../Sources/API"], folder + "/specs"),
        ] {
            let result = try Self.runCLI(arguments + ["-q"], in: place)
            XCTAssertEqual(result.status, 0, "\(arguments) in \(place): \(result.stdout)\(result.stderr)")
        }
        // Without a Package.swift above the specs: the specs folder's own name, never an absolute path.
        try FileManager.default.removeItem(atPath: folder + "/Package.swift")
        let elsewhere = try Self.runCLI(["generate", "-q", "--specs", folder + "/specs", "--output", folder + "/Out"], in: NSTemporaryDirectory())
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        let header = try String(contentsOfFile: folder + "/Out/ShopRouter.swift", encoding: .utf8).prefix { $0 != "\n" }
        XCTAssertEqual(header, "// Generated by endpointgen from specs/shop.yaml. DO NOT EDIT.")
        XCTAssertEqual(try Self.runCLI(["check", "-q", "--specs", "specs", "--output", "Out"], in: folder).status, 0)
    }

    private func writeSpec(_ name: String, _ text: String) throws {
        try text.write(toFile: folder + "/specs/" + name, atomically: true, encoding: .utf8)
    }

    static let fiveMistakes = """
    service: Shop
    baseURL: https://api.example.com
    endpoints:
      listItems:
        metod: GET
        path: /items
        response: [Item]
      getItem:
        method: Post
        path: /items/{id}
        params:
          itemId: Int
        response: Itme
    models:
      Item:
        fields:
          id: Int
          price: Decimal = cheap

    """

    func testLintReportsEveryMistakeWithItsPlace() throws {
        try writeSpec("shop.yaml", Self.fiveMistakes)
        let result = try run(["lint"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
        specs/shop.yaml:5:5: error: unknown key 'metod' in endpoint 'listItems'; did you mean 'method'?
        specs/shop.yaml:9:13: error: unknown HTTP method 'Post'; did you mean 'POST'?
        specs/shop.yaml:12:7: error: path parameter 'itemId' does not appear in path '/items/{id}'
        specs/shop.yaml:13:15: error: unknown type 'Itme'; did you mean 'Item'?
        specs/shop.yaml:18:24: error: invalid default value 'cheap' for type 'Decimal'

        """)
        XCTAssertEqual(result.stdout, "Checked 1 spec: 5 errors, 0 warnings.\n")
    }

    /// The Namer runs in the spec stages: `lint` and `generate` report its clashes and warnings
    /// alike, each once (issue 29).
    func testLintAndGenerateReportTheNamersDiagnosticsAlike() throws {
        try writeSpec("shop.yaml", """
        models:
          Item:
            fields:
              page_no: Int
              pageNo: Int
          Sign:
            enum: ["+", up]

        """)
        let expected = """
        specs/shop.yaml:5:7: error: fields 'page_no' and 'pageNo' of model 'Item' both become 'pageNo' in Swift; give one another 'name:' in the long form
        specs/shop.yaml:4:7: note: 'page_no' is here
        specs/shop.yaml:7:12: warning: value '+' of enum 'Sign' has no letters; its case is named 'plus'; name it with the long form 'values: { name: value }' to choose another

        """
        let lint = try run(["lint"])
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stderr, expected)
        XCTAssertEqual(lint.stdout, "Checked 1 spec: 1 error, 1 warning.\n")
        let generate = try run(["generate"])
        XCTAssertEqual(generate.status, 1)
        XCTAssertEqual(generate.stderr, expected)
    }

    func testLintReportsWhatOnlyTheCodeGeneratorFinds() throws {
        // The storage of a deprecated field is `_thumb`; a field named so clashes with it, which
        // only the code generator saw (now the Namer). `lint` used to pass this spec while
        // `generate` failed.
        try writeSpec("shop.yaml", """
        models:
          Item:
            fields:
              thumb: { type: "URL?", deprecated: true }
              other: { type: String, name: _thumb }

        """)
        let expected = """
        specs/shop.yaml:5:7: error: 'other' in 'Item' becomes '_thumb', the name of the storage of the field 'thumb'; give it a different 'name:'
        specs/shop.yaml:4:7: note: 'thumb' is here

        """
        let lint = try run(["lint"])
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stderr, expected)
        XCTAssertEqual(lint.stdout, "Checked 1 spec: 1 error, 0 warnings.\n")
        let generate = try run(["generate"])
        XCTAssertEqual(generate.status, 1)
        XCTAssertEqual(generate.stderr, expected)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated/ItemModels.swift"))
    }

    /// A union case the decoder used to drop for a name another case has is now named by the
    /// Namer: `lint` and `generate` report the clash alike, at the name, and nothing is written.
    func testUnionCaseNameClashFailsLintAndGenerateAlike() throws {
        try writeSpec("shop.yaml", """
        models:
          Price:
            oneOf: { cases: [Int, { type: String, name: int }] }

        """)
        let expected = """
        specs/shop.yaml:3:49: error: cases 'Int' and 'String' of 'oneOf' of model 'Price' both become the case 'int'; give one another 'name'
        specs/shop.yaml:3:22: note: 'Int' is here

        """
        for command in ["lint", "generate"] {
            let result = try run([command])
            XCTAssertEqual(result.status, 1, command)
            XCTAssertEqual(result.stderr, expected, command)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated"))
    }

    /// Output names the writer would refuse are the Namer's errors, at the spec: two services
    /// whose files differ only in letter case, and a service name that leaves its fake's file
    /// name too long (it passed `lint`, then `generate --fakes` failed with no place).
    func testOutputNamesTheWriterWouldRefuseAreReportedAtTheSpec() throws {
        try writeSpec("a.yaml", "service: FooBar\nendpoints:\n  ping: { method: GET, path: /ping }\n")
        try writeSpec("b.yaml", "service: Foobar\nendpoints:\n  pong: { method: GET, path: /pong }\n")
        let clash = try run(["generate", "--fakes"])
        XCTAssertEqual(clash.status, 1)
        XCTAssertEqual(clash.stderr, """
        specs/b.yaml:1:10: error: 'specs/a.yaml' and 'specs/b.yaml' generate 'FooBarRouter.swift' and 'FoobarRouter.swift', names that differ only in letter case (one file on macOS and Windows); rename a service or a spec file
        specs/a.yaml:1:10: note: 'FooBarRouter.swift' comes from here

        """)
        try FileManager.default.removeItem(atPath: folder + "/specs/b.yaml")
        try writeSpec("a.yaml", "service: A\(String(repeating: "b", count: 186))\nendpoints:\n  ping: { method: GET, path: /ping }\n")
        for arguments in [["lint"], ["generate", "--fakes"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(
                result.stderr,
                "specs/a.yaml:1:10: error: service name is 187 characters long; at most 183, so that '<name>ServiceFake.swift' stays within 200 bytes\n",
                "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated"))
    }

    func testFailedGenerateLeavesTheOutputFolderAsItWas() throws {
        try writeSpec("shop.yaml", Self.fiveMistakes)
        let output = folder + "/Generated"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        let existing = "// Generated by endpointgen from specs/shop.yaml. DO NOT EDIT.\n\nenum Old {}\n"
        try existing.write(toFile: output + "/ShopRouter.swift", atomically: true, encoding: .utf8)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output + "/ShopRouter.swift")

        let result = try run(["generate"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 5)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), ["ShopRouter.swift"])
        XCTAssertEqual(FileManager.default.contents(atPath: output + "/ShopRouter.swift"), Data(existing.utf8))
        let date = try FileManager.default.attributesOfItem(atPath: output + "/ShopRouter.swift")[.modificationDate] as? Date
        XCTAssertEqual(date, past)
    }

    func testMissingSpecsFolderIsAnIOErrorWithTheFix() throws {
        let result = try run(["lint", "--specs", "nowhere"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "nowhere: error: the specs folder does not exist; run 'endpointgen init' to create specs/ with a starter spec, or pass --specs <dir> (the folder of your *.yaml specs)\n")
    }

    /// Specs are read in parallel; every file that cannot be read is named, in name order, and
    /// nothing is generated.
    func testUnreadableSpecsAreEachReportedAndNothingIsWritten() throws {
        try writeSpec("a.yaml", "service: A\nbaseURL: https://example.com\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n")
        // A folder named like a spec opens but is not a file.
        try FileManager.default.createDirectory(atPath: folder + "/specs/c.yaml", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder + "/specs/b.yaml", withIntermediateDirectories: false)
        let result = try run(["generate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
        specs/b.yaml: error: cannot read the spec: it is a folder, not a regular file
        specs/c.yaml: error: cannot read the spec: it is a folder, not a regular file

        """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated"))
    }

    /// Many files keep both threads of every parallel stage busy at once, so the heap advice
    /// they share meets at its lock; under `make tsan` a lock ThreadSanitizer cannot see
    /// showed up here as a race (exit 66 and a report on standard error).
    func testManySpecsGenerateCleanlyOnAllCores() throws {
        for index in 0..<64 {
            try writeSpec("s\(index).yaml", "service: S\(index)\nbaseURL: https://example.com\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n")
        }
        let result = try run(["generate", "--quiet"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Generated").count, 128)
    }

    func testEmptySpecsFolderIsReported() throws {
        let result = try run(["generate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "specs: error: the specs folder holds no *.yaml files; add a spec (docs/spec-format.md), or run 'endpointgen init' for a starter one\n")
    }

    func testQuietLintOfAValidSpecPrintsNothing() throws {
        try writeSpec("ping.yaml", "service: Ping\nbaseURL: https://example.com\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n")
        let loud = try run(["lint"])
        XCTAssertEqual(loud.status, 0)
        XCTAssertEqual(loud.stdout, "Checked 1 spec: no problems.\n")
        let quiet = try run(["lint", "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout + quiet.stderr, "")
    }

    func testMutableModelsFlagMakesModelPropertiesSettable() throws {
        try writeSpec("ping.yaml", "models:\n  Ping:\n    fields: { id: Int, note: String? }\n")
        XCTAssertEqual(try run(["generate", "--quiet"]).status, 0)
        let models = try String(contentsOfFile: folder + "/Generated/PingModels.swift", encoding: .utf8)
        XCTAssertTrue(models.contains("    public let id: Int\n    public let note: String?\n"), models)
        // check compares with what these options generate.
        XCTAssertEqual(try run(["check", "--quiet", "--mutable-models"]).status, 1)
        XCTAssertEqual(try run(["generate", "--quiet", "--mutable-models"]).status, 0)
        let mutable = try String(contentsOfFile: folder + "/Generated/PingModels.swift", encoding: .utf8)
        XCTAssertTrue(mutable.contains("    public var id: Int\n    public var note: String?\n"), mutable)
        XCTAssertEqual(try run(["check", "--quiet", "--mutable-models"]).status, 0)
    }

    /// `import-openapi` exit codes: 0 written (then `generate` takes the specs), 1 an existing
    /// file (nothing written) or a document with errors, 2 a document that cannot be read.
    func testImportOpenAPIExitCodes() throws {
        let document = "openapi: 3.0.3\ninfo: { title: Ping, version: '1' }\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses: { '204': { description: pong } }\n"
        try document.write(toFile: folder + "/openapi.yaml", atomically: true, encoding: .utf8)
        let first = try run(["import-openapi", "openapi.yaml", "--output", "imported"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "Wrote imported/ping.yaml. Next: review them, then 'endpointgen generate'.\n")
        XCTAssertEqual(try run(["generate", "--quiet", "--specs", "imported"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/Generated/PingRouter.swift"))
        let again = try run(["import-openapi", "openapi.yaml", "--output", "imported"])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "imported/ping.yaml: error: file already exists\n")
        try "swagger: '2.0'\n".write(toFile: folder + "/old.yaml", atomically: true, encoding: .utf8)
        let old = try run(["import-openapi", "old.yaml", "--output", "old"])
        XCTAssertEqual(old.status, 1)
        XCTAssertTrue(old.stderr.hasPrefix("old.yaml:1:10: error: this is a Swagger 2.0 document"), old.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/old"))
        XCTAssertEqual(try run(["import-openapi", "missing.yaml"]).status, 2)
    }

    /// `import-openapi` ends with the warnings counted by kind; renames are notes that only
    /// `--verbose` prints.
    func testImportOpenAPIWarningSummaryAndVerboseRenames() throws {
        let document = """
        openapi: 3.0.3
        info: { title: Ping, version: '1' }
        paths:
          /ping:
            get:
              operationId: ping
              parameters: [ { name: sid, in: cookie, schema: { type: string } } ]
              responses: { '200': { description: pong, content: { application/json: { schema: { $ref: '#/components/schemas/pong-body' } } } } }
        components:
          schemas:
            pong-body: { type: object, properties: { ok: { type: boolean } } }
        """
        try document.write(toFile: folder + "/openapi.yaml", atomically: true, encoding: .utf8)
        let plain = try run(["import-openapi", "openapi.yaml", "--output", "plain"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stderr, "openapi.yaml:7:21: warning: cookie parameter 'sid' is skipped: cookies come from the client's cookie source ('auth: cookie')\n")
        XCTAssertTrue(plain.stdout.hasPrefix("warning summary: 1 skipped parameters\n"), plain.stdout)
        let verbose = try run(["import-openapi", "openapi.yaml", "--output", "verbose", "--verbose"])
        XCTAssertTrue(verbose.stderr.hasSuffix("openapi.yaml:11:16: note: schema 'pong-body' becomes model 'PongBody'\n"), verbose.stderr)
    }

    func testVersionAndUsageErrors() throws {
        XCTAssertEqual(try run(["--version"]).stdout, "0.1.0\n")
        XCTAssertEqual(try run(["generate", "--access-level", "open"]).status, 64)
    }
}
