@testable import EndpointGenCodegen
import EndpointGenSpec
import GoldenSupport
import XCTest

/// Swift gives up checking a `switch self` of hundreds of cases with values for exhaustiveness,
/// so a union's or `oneOf`'s `encode(to:)` past `SwitchParts.limit` cases lists them in parts,
/// as the Router's properties do; `==` (which has a `default:`) and the value enums' switches
/// stay one switch. (`make corpus`'s `big-models` type-checks 700 cases.)
final class EnumSwitchPartsTests: XCTestCase {
    /// A models spec of `count` one-field structs with a union and a `oneOf` of all of them, and
    /// an enum of `count` values; all generated text.
    private func generate(_ count: Int) throws -> String {
        var yaml = "models:\n"
        for index in 0..<count {
            yaml += "  Part\(index): { fields: { field\(index): Int } }\n"
        }
        let parts = (0..<count).map { "Part\($0)" }
        yaml += "  BigUnion: { oneOf: { cases: [\(parts.joined(separator: ", "))] } }\n"
        yaml += "  BigOneOf: { oneOf: { discriminator: kind, cases: {\((0..<count).map { "kind\($0): Part\($0)" }.joined(separator: ", "))} } }\n"
        yaml += "  BigEnum: { enum: [\((0..<count).map { "value\($0)" }.joined(separator: ", "))] }\n"
        return SpecGeneration.files(yaml, path: "specs/big.yaml").map(\.contents).joined()
    }

    /// The text of the enum's member that starts with `opening`, up to its closing brace.
    private func member(_ opening: String, of type: String, in text: String) throws -> String {
        let declaration = try XCTUnwrap(text.range(of: "enum \(type):"), type)
        let start = try XCTUnwrap(text.range(of: "    " + opening, range: declaration.upperBound..<text.endIndex), opening)
        let end = try XCTUnwrap(text.range(of: "\n    }\n", range: start.upperBound..<text.endIndex), opening)
        return String(text[start.lowerBound..<end.upperBound])
    }

    /// The case names of the `case .name(` lines of `text`, in order.
    private func listedCases(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("case .") }
            .map { String($0.dropFirst("case .".count).prefix { $0 != "(" && $0 != ":" }) }
    }

    func testEncodeOfManyCasesIsInPartsListingEachCaseOnce() throws {
        let count = 2 * SwitchParts.limit + 10
        let text = try generate(count)
        for (type, cases) in [
            ("BigUnion", (0..<count).map { "part\($0)" }), ("BigOneOf", (0..<count).map { "kind\($0)" } + ["unknown"]),
        ] {
            let encode = try member("public func encode(to encoder: any Encoder) throws {", of: type, in: text)
            let parts = (cases.count + SwitchParts.limit - 1) / SwitchParts.limit
            XCTAssertEqual(encode.components(separatedBy: "switch self {").count - 1, parts, type)
            for part in 2...parts {
                XCTAssertEqual(encode.components(separatedBy: "\n        func encode\(part)() throws {\n").count - 1, 1, "\(type) part \(part)")
                XCTAssertEqual(encode.components(separatedBy: " try encode\(part)()\n").count - 1, 1, "\(type): the default before part \(part)")
            }
            XCTAssertEqual(listedCases(encode), cases, "\(type): each case once, in case order (`unknown` last)")
            XCTAssertEqual(encode.components(separatedBy: "default:").count - 1, parts, type)
            let last = try XCTUnwrap(encode.components(separatedBy: "default:\n").last)
            XCTAssertTrue(last.hasPrefix("                Swift.fatalError(\"unreachable: the switches above list every case\")\n"), last)
            // `==` has a `default:`, which spares it the check: one switch whatever the size.
            let equality = try member("public func hasEqualFields(_ rhs: \(type)) -> Bool {", of: type, in: text)
            XCTAssertEqual(equality.components(separatedBy: "switch (self, rhs) {").count - 1, 1, type)
            XCTAssertEqual(equality.components(separatedBy: "(let right)): return fieldsEqual(left, right)").count - 1, cases.count, type)
        }
        let rawValue = try member("public var rawValue: String {", of: "BigEnum", in: text)
        XCTAssertEqual(rawValue.components(separatedBy: "switch self {").count - 1, 1, "payload-free cases are cheap to check")
        XCTAssertEqual(try generate(count), text, "deterministic")
    }

    func testEncodeUpToTheLimitIsOneSwitch() throws {
        let text = try generate(SwitchParts.limit)
        let union = try member("public func encode(to encoder: any Encoder) throws {", of: "BigUnion", in: text)
        XCTAssertEqual(union.components(separatedBy: "switch self {").count - 1, 1)
        XCTAssertFalse(union.contains("default:"), "every case listed: the compiler checks the switch is exhaustive")
        // The `oneOf`'s `unknown` is its 257th case: one more than a switch lists.
        let oneOf = try member("public func encode(to encoder: any Encoder) throws {", of: "BigOneOf", in: text)
        XCTAssertEqual(oneOf.components(separatedBy: "switch self {").count - 1, 2)
        let small = try generate(SwitchParts.limit - 1)
        XCTAssertFalse(small.contains("fatalError"), "no parts at 255 cases and `unknown`")
    }
}
