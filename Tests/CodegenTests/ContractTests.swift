import EndpointGenSupport
import Foundation
import XCTest

/// `GeneratedCodeContract` against both sides: every name in it is a public declaration of
/// EndpointRuntime, and every public runtime name the committed outputs use (Generated/, the
/// goldens) is in it. A renamed runtime type, or a generator that starts using a new one, fails here.
final class ContractTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func texts(in folder: String) throws -> [String] {
        let url = Self.repository.appendingPathComponent(folder)
        let names = try FileManager.default.subpathsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8) }
    }

    /// Names declared `public` at the top level of the runtime (types, protocols, functions).
    private func runtimePublicNames() throws -> Set<String> {
        let declaration = try NSRegularExpression(
            pattern: #"^(?:nonisolated )?public (?:final class|class|struct|enum|protocol|typealias|actor|func) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.anchorsMatchLines])
        var names: Set<String> = []
        for text in try texts(in: "Sources/EndpointRuntime") {
            let range = NSRange(text.startIndex..., in: text)
            for match in declaration.matches(in: text, range: range) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    func testEveryContractNameIsPublicInTheRuntime() throws {
        let public_ = try runtimePublicNames()
        for name in GeneratedCodeContract.runtimeTypes + GeneratedCodeContract.runtimeFunctions {
            XCTAssertTrue(public_.contains(name), "\(name) is in the contract but not a public declaration of EndpointRuntime")
        }
    }

    func testEveryRuntimeNameTheOutputsUseIsInTheContract() throws {
        let contract = Set(GeneratedCodeContract.runtimeTypes + GeneratedCodeContract.runtimeFunctions)
        let runtime = try runtimePublicNames()
        let identifier = try NSRegularExpression(pattern: #"\b[A-Za-z_][A-Za-z0-9_]*\b"#)
        var used: Set<String> = []
        for folder in ["Generated", "Tests/Goldens"] {
            for text in try texts(in: folder) {
                // Comments and string literals may name anything.
                let code = text.split(separator: "\n").map { line in
                    line.contains("//") ? String(line[..<line.range(of: "//")!.lowerBound]) : String(line)
                }.joined(separator: "\n").replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
                let range = NSRange(code.startIndex..., in: code)
                for match in identifier.matches(in: code, range: range) {
                    let name = String(code[Range(match.range, in: code)!])
                    if runtime.contains(name) { used.insert(name) }
                }
            }
        }
        // A generated model may share a runtime name only where the runtime's is not used; the
        // spec stage reserves every contract name, so none of those are models.
        XCTAssertEqual(used.subtracting(contract).sorted(), [], "names the outputs use that are not in GeneratedCodeContract")
    }
}
