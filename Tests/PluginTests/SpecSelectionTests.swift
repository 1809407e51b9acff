import Foundation
import XCTest

/// The build-tool plugin's rule for which files of a target are specs (`SpecSelection`, the file
/// the plugin compiles, linked into this target), in the SwiftPM and the Xcode variant alike.
final class SpecSelectionTests: XCTestCase {
    private func file(_ path: String, resource: Bool = false) -> SpecSelection.File {
        .init(url: URL(fileURLWithPath: path), isResource: resource)
    }

    private func names(_ urls: [URL]) -> [String] { urls.map(\.lastPathComponent) }

    func testOnlyTheYAMLOfASpecsFolderIsASpec() {
        let selection = SpecSelection([
            file("/p/Sources/App/specs/movies.yaml"),
            file("/p/Sources/App/specs/auth.yml"),
            file("/p/Sources/App/lint.yml"),  // a SwiftLint configuration: `disabled_rules` is no spec key
            file("/p/Sources/App/Resources/settings.yaml", resource: true),
            file("/p/Sources/App/specs/nested/old.yaml"),  // the CLI reads no subfolders either
            file("/p/Sources/App/specs/.hidden.yaml"),
            file("/p/Sources/App/specs/endpointgen.yml"),  // a configuration kept beside the specs
            file("/p/Sources/App/endpointgen.yml"),
            file("/p/Sources/App/specs/README.md"),
            file("/p/Sources/App/App.swift"),
        ])
        XCTAssertEqual(names(selection.specs), ["auth.yml", "movies.yaml"])
        XCTAssertEqual(names(selection.otherYAML), ["settings.yaml", "lint.yml", "old.yaml"])
        XCTAssertEqual(selection.bundled, [])
        XCTAssertTrue(selection.warnings(targetName: "App", resourceFix: "fix").isEmpty, "YAML beside the specs is no reason to warn")
    }

    func testAnXcodeGroupFolderNamedSpecsHoldsSpecsWhereverItIs() {
        let selection = SpecSelection([
            file("/Users/me/MyApp/MyApp/API/specs/movies.yaml", resource: true),
            file("/Users/me/MyApp/MyApp/Config/lint.yml", resource: true),
        ])
        XCTAssertEqual(names(selection.specs), ["movies.yaml"])
        XCTAssertEqual(names(selection.bundled), ["movies.yaml"])
        let warnings = selection.warnings(targetName: "MyApp", resourceFix: "remove it from the Copy Bundle Resources phase")
        XCTAssertEqual(warnings.map(\.message), [
            "EndpointGenPlugin: the spec 'movies.yaml' is also a resource of target 'MyApp' and is copied into its bundle; remove it from the Copy Bundle Resources phase",
        ])
        XCTAssertEqual(warnings.first?.file?.path, "/Users/me/MyApp/MyApp/API/specs/movies.yaml")
    }

    func testASpecsFolderCopiedAsAResourceIsNamed() {
        // `resources: [.copy("specs")]`: SwiftPM passes the folder as one resource, not its files.
        let selection = SpecSelection([file("/p/Sources/App/specs", resource: true), file("/p/Sources/App/App.swift")])
        XCTAssertEqual(selection.specs, [])
        XCTAssertEqual(selection.warnings(targetName: "App", resourceFix: "remove it from the resources").map(\.message), [
            "EndpointGenPlugin: the folder 'specs' of target 'App' is a resource: the whole folder is copied into the bundle (and SwiftPM passes the plugin the folder, not its specs); remove it from the resources",
            "EndpointGenPlugin: target 'App' has no specs; the plugin reads the .yaml files of a 'specs' folder in the target (e.g. App/specs/api.yaml), or remove the plugin",
        ])
    }

    func testATargetWithoutSpecsNamesTheYAMLItDidNotRead() {
        let moved = SpecSelection([file("/p/Sources/App/movies.yaml"), file("/p/Sources/App/lint.yml")])
        XCTAssertEqual(moved.specs, [])
        XCTAssertEqual(moved.warnings(targetName: "App", resourceFix: "").map(\.message), [
            "EndpointGenPlugin: target 'App' has no specs; the plugin reads the .yaml files of a 'specs' folder in the target (e.g. App/specs/api.yaml); 'lint.yml', 'movies.yaml' are not in one and not read as a spec",
        ])
        let many = SpecSelection((1...5).map { file("/p/Sources/App/\($0).yaml") })
        XCTAssertTrue(many.warnings(targetName: "App", resourceFix: "").first?.message.hasSuffix("'1.yaml', '2.yaml', '3.yaml' and 2 more are not in one and not read as a spec") ?? false)
        let none = SpecSelection([file("/p/Sources/App/App.swift")])
        XCTAssertEqual(none.warnings(targetName: "App", resourceFix: "").map(\.message), [
            "EndpointGenPlugin: target 'App' has no specs; the plugin reads the .yaml files of a 'specs' folder in the target (e.g. App/specs/api.yaml), or remove the plugin",
        ])
    }
}

/// The Xcode variant also reads `<project>/<target>/specs/` on disk: specs there need not be
/// target members, so Xcode does not copy them into the app.
final class SpecFolderTests: XCTestCase {
    func testTheSpecsFolderOnDiskIsReadAndAMemberInItCountsOnce() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("spec-folder-\(UUID().uuidString)")
        let specs = project.appendingPathComponent("MyApp/specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        for name in ["movies.yaml", "auth.yml", ".draft.yaml", "notes.txt", "endpointgen.yml"] {
            try Data("x".utf8).write(to: specs.appendingPathComponent(name))
        }
        let onDisk = SpecSelection.files(inFolder: specs)
        XCTAssertEqual(onDisk.map(\.url.lastPathComponent), ["auth.yml", "endpointgen.yml", "movies.yaml"])
        XCTAssertEqual(SpecSelection.files(inFolder: project.appendingPathComponent("Other/specs")).count, 0)
        // movies.yaml is also a member of the target, in Copy Bundle Resources.
        let member = SpecSelection.File(url: specs.appendingPathComponent("movies.yaml"), isResource: true)
        let selection = SpecSelection([member] + onDisk)
        XCTAssertEqual(selection.specs.map(\.lastPathComponent), ["auth.yml", "movies.yaml"])
        XCTAssertEqual(selection.bundled.map(\.lastPathComponent), ["movies.yaml"])
    }
}
