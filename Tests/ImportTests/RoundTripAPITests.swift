import EndpointGenCodegen
import EndpointGenExport
import EndpointGenImport
import EndpointGenKit
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import XCTest

/// spec → export-openapi → import-openapi → generate, compared with generating the spec itself:
/// the public Swift API (types, cases, methods, parameters, their types and defaults) and the
/// samples the routers return must be the same, but for the differences `ExpectedAPIDifferences`
/// lists, each with its reason.
final class RoundTripAPITests: XCTestCase {
    func testThePublicSwiftAPIAndSamplesSurviveTheRoundTrip() throws {
        for folder in OpenAPIExportTests.specFolders {
            let loaded = SpecLoader.load(try OpenAPIExportTests.sources(folder))
            let original = try XCTUnwrap(loaded.module, loaded.diagnostics.map(\.rendered).joined(separator: "\n"))
            let export = OpenAPIExporter.export(original)
            let imported = OpenAPIImporter.run(Array(export.yaml.utf8), path: "openapi.yaml", outputDirectory: "reimported")
            XCTAssertFalse(imported.hasErrors, "\(folder): " + imported.diagnostics.map(\.rendered).joined(separator: "\n"))
            let reloaded = SpecLoader.load(imported.files.map { $0.readBack(from: "reimported") })
            let reimported = try XCTUnwrap(reloaded.module, reloaded.diagnostics.map(\.rendered).joined(separator: "\n"))
            // `paths` groups operations by path: a service's endpoints come back in the order of
            // their paths' first appearance, so the members of routers and services are compared
            // in name order, on both sides.
            let expected = PublicAPI.endpointsByName(ExpectedAPIDifferences.applied(to: original))
            let actual = PublicAPI.endpointsByName(PublicAPI(CodeGenerator.generate(reimported).files).text)
            // The comparison sees what it is meant to: samples, enum cases, methods with parameters.
            for part in ["    sample case .", "    case ", "    public func ", "(body: "] {
                XCTAssertTrue(expected.contains(part), "\(folder): no '\(part)' in the API text")
            }
            if expected != actual {
                XCTFail("\(folder): the generated API differs after the round trip:\n"
                        + LineDiff.unified(old: expected, new: actual, oldName: "a/\(folder) (generated from the spec)", newName: "b/\(folder) (after the round trip)"))
            }
        }
    }
}

/// What the round trip is expected to change in the generated API, each with its reason (the
/// list in docs/openapi-export.md, "What has no faithful form"). Applied to the original side:
/// the spec's endpoints reordered, then the generated API's text rewritten.
enum ExpectedAPIDifferences {
    static func applied(to original: SpecModule) -> String {
        let rules = OpenAPIExportTests.Expected(module: original, apply: true)
        var text = PublicAPI(CodeGenerator.generate(original).files).text
        // `Int32` and `Float` are exported with their formats, and import reads them as `Int` and
        // `Double`, as it does for any document.
        text = replacingWord("Int32", with: "Int", in: text)
        text = replacingWord("Float", with: "Double", in: text)
        for file in original.files {
            for model in file.models {
                if rules.isKeptAsJSON(model.name) {
                    // A union that contains itself: its cases' JSON shapes cannot be told, so it
                    // comes back as JSON.
                    text = PublicAPI.removingGroup(named: model.name, from: text)
                    text = replacingWord(model.name, with: "JSONValue", in: text)
                } else if rules.modelName(model.name) != model.name {
                    // A model named like a Foundation or SwiftUI type (a warning in specs) is
                    // renamed as the importer renames a reserved name.
                    text = replacingWord(model.name, with: rules.modelName(model.name), in: text)
                }
            }
        }
        return text
    }

    /// `word` replaced where it stands alone (not inside a longer identifier).
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        let pattern = "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: word) + "(?![A-Za-z0-9_])"
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
    }
}

/// The public declarations of generated files, by top-level declaration (sorted by name, since the
/// importer files models differently), members in their order, and each router's samples.
struct PublicAPI {
    var text: String

    init(_ files: [GeneratedFile]) {
        var groups: [(key: String, lines: [String])] = []
        for file in files {
            var inSamples = false
            // The indentation of the innermost declaration a member line belongs to.
            var typeIndent = 0
            for raw in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = String(raw)
                let indent = line.prefix(while: { $0 == " " }).count
                let trimmed = String(line.dropFirst(indent))
                if inSamples {
                    // One line per endpoint: `sample .name: <its lines joined>`.
                    if indent == 4 && trimmed == "}" { inSamples = false; continue }
                    if trimmed.hasPrefix("switch ") || trimmed == "}" { continue }
                    if indent == 8 && (trimmed.hasPrefix("case ") || trimmed.hasPrefix("default:")) {
                        groups[groups.count - 1].lines.append("    sample " + trimmed)
                    } else {
                        groups[groups.count - 1].lines[groups[groups.count - 1].lines.count - 1] += " " + trimmed
                    }
                    continue
                }
                if indent == 0 && (trimmed.hasPrefix("public ") || trimmed.hasPrefix("extension ")) {
                    groups.append((Self.signature(trimmed), []))
                    typeIndent = 0
                    continue
                }
                guard !groups.isEmpty else { continue }
                if trimmed.hasPrefix("public var sampleData: Data") { inSamples = true; continue }
                if trimmed.hasPrefix("public ") {
                    groups[groups.count - 1].lines.append(String(repeating: " ", count: indent) + Self.signature(trimmed))
                    if Self.declaresType(trimmed) { typeIndent = indent }
                } else if trimmed.hasPrefix("case "), indent == typeIndent + 4, !trimmed.hasSuffix(":") {
                    groups[groups.count - 1].lines.append(String(repeating: " ", count: indent) + trimmed)
                }
            }
        }
        text = groups.sorted { $0.key < $1.key }.map { ([$0.key] + $0.lines).joined(separator: "\n") }.joined(separator: "\n") + "\n"
    }

    /// The text with the member lines of each router, service, service protocol and fake in name
    /// order (a method's lines stay together: its name comes first after the keywords).
    static func endpointsByName(_ text: String) -> String {
        var result: [String] = []
        var members: [String] = []
        var sorting = false
        func flush() {
            result += members.sorted()
            members = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if !line.hasPrefix(" ") {
                flush()
                let name = line.split(separator: " ").first { $0.first?.isUppercase == true }.map { String($0.split(separator: ":")[0]) } ?? ""
                sorting = ["Router", "Service", "ServiceProtocol", "ServiceFake"].contains { name.hasSuffix($0) }
                result.append(line)
            } else if sorting {
                members.append(line)
            } else {
                result.append(line)
            }
        }
        flush()
        return result.joined(separator: "\n")
    }

    /// The text without the top-level declaration of type `name` and its members.
    static func removingGroup(named name: String, from text: String) -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { skipping = line.split(separator: " ").contains { $0 == name || $0 == name + ":" } }
            if !skipping { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    static func declaresType(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return words.contains { ["enum", "struct", "class", "protocol", "extension"].contains($0) }
    }

    /// A declaration without its body.
    static func signature(_ line: String) -> String {
        var depth = 0
        var result = ""
        for character in line {
            if character == "(" || character == "[" || character == "<" { depth += 1 }
            if character == ")" || character == "]" || character == ">" { depth -= 1 }
            if character == "{" && depth <= 0 { break }
            result.append(character)
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
