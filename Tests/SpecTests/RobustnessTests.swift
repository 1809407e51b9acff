import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Damaged variants of the complete example: none may crash, every rejection must say where,
/// and a module is returned exactly when there is no error.
final class RobustnessTests: XCTestCase {
    private func check(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = loadSpec(text, path: "specs/auth.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(result.module == nil, !errors.isEmpty, "\(what):\n\(render(result))", file: file, line: line)
        for diagnostic in result.diagnostics {
            XCTAssertNotNil(diagnostic.location, "\(what): \(diagnostic.rendered)", file: file, line: line)
        }
    }

    func testEveryLineRemoved() {
        let lines = completeExample.split(separator: "\n", omittingEmptySubsequences: false)
        for index in lines.indices {
            var damaged = lines
            damaged.remove(at: index)
            check(damaged.joined(separator: "\n"), "without line \(index + 1)")
        }
    }

    func testEveryValueReplacedByOtherKinds() {
        let lines = completeExample.split(separator: "\n", omittingEmptySubsequences: false)
        for index in lines.indices {
            guard let colon = lines[index].firstIndex(of: ":") else { continue }
            let key = lines[index][..<colon]
            for replacement in ["", " []", " {}", " [a, b]", " { x: y }", " 0", " true", " \"\"", " ~"] {
                var damaged = lines
                damaged[index] = key + ":" + replacement
                check(damaged.joined(separator: "\n"), "line \(index + 1) as '\(damaged[index])'")
            }
        }
    }

    /// Misspelling any keyword of the format is an error; names chosen by the spec author
    /// (keys under `endpoints`, `fields`, `query`, …) are only checked for consistency.
    func testEveryKeyMisspelt() {
        let lines = completeExample.split(separator: "\n", omittingEmptySubsequences: false)
        let userNamed: Set<Substring> = ["endpoints", "models", "fields", "params", "query", "multipart", "sample", "headers"]
        func indent(_ line: Substring) -> Int { line.prefix(while: { $0 == " " }).count }
        func key(_ line: Substring) -> Substring? {
            guard let colon = line.firstIndex(of: ":"), line.contains(where: { $0 != " " && $0 != "#" }) else { return nil }
            let name = line[..<colon].drop(while: { $0 == " " })
            return name.isEmpty || name.hasPrefix("#") ? nil : name
        }
        var rejected = 0
        for index in lines.indices {
            let line = lines[index]
            guard key(line) != nil else { continue }
            let parent = lines[..<index].last { key($0) != nil && indent($0) < indent(line) }.flatMap(key)
            var damaged = lines
            damaged[index] = line.prefix(indent(line)) + "x" + line.dropFirst(indent(line))
            let text = damaged.joined(separator: "\n")
            check(text, "line \(index + 1) as '\(damaged[index])'")
            if parent.map({ !userNamed.contains($0) }) ?? true {
                XCTAssertNil(loadSpec(text).module, "line \(index + 1) as '\(damaged[index])' was accepted")
                rejected += 1
            }
        }
        XCTAssertGreaterThan(rejected, 30)
    }
}
