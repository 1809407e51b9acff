@testable import EndpointGenCodegen
import EndpointGenSpec
import GoldenSupport
import XCTest

/// Which fields are boxed: exactly those that close a cycle of direct (non-collection) fields.
final class RecursiveModelTests: XCTestCase {
    /// What `generate` reports: the spec stages' problems (the Namer's among them), else the
    /// code generator's.
    private func generate(_ yaml: String) throws -> CodegenResult {
        SpecGeneration.result(yaml)
    }

    private func models(_ yaml: String) throws -> String {
        let result = try generate(yaml)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        return result.files.first { $0.name.hasSuffix("Models.swift") }?.contents ?? ""
    }

    func testOnlyFieldsInsideACycleAreBoxed() throws {
        let text = try models("""
            models:
              A: { fields: { b: B, leaf: Leaf, list: "[A]" } }
              B: { fields: { c: "C?" } }
              C: { fields: { a: A, other: "Leaf?" } }
              Leaf: { fields: { name: String, kind: Kind } }
              Kind: { enum: [x, y] }
            """)
        XCTAssertTrue(text.contains("    public var b: B { _b.value }\n    private let _b: Indirect<B>\n"))
        XCTAssertTrue(text.contains("private let _c: Indirect<C?>"))
        XCTAssertTrue(text.contains("private let _a: Indirect<A>"))
        XCTAssertTrue(text.contains("    public let leaf: Leaf\n"), "Leaf is outside the cycle")
        XCTAssertTrue(text.contains("    public let list: [A]\n"), "arrays are stored out of line already")
        XCTAssertTrue(text.contains("    public let other: Leaf?\n"))
        XCTAssertEqual(text.components(separatedBy: "Indirect<").count - 1, 3)
    }

    func testModelsWithoutCyclesAreUnchanged() throws {
        let text = try models("""
            models:
              Outer: { fields: { inner: Inner, many: "[Outer]", byKey: "[String: Outer]?" } }
              Inner: { fields: { name: String } }
            """)
        XCTAssertFalse(text.contains("Indirect"))
        XCTAssertFalse(text.contains("private let _"), "no private storage")
        XCTAssertTrue(text.contains("try container.put(self.inner, \"inner\")"), "coding uses the properties themselves")
    }

    func testAFieldNamedLikeTheStorageIsReported() throws {
        let result = try generate("""
            models:
              Node:
                fields:
                  parent: Node?
                  raw: { type: String, name: _parent }
            """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), ["""
            specs/t.yaml:5:7: error: 'raw' in 'Node' becomes '_parent', the name of the storage of the field 'parent'; give it a different 'name:'
            specs/t.yaml:4:7: note: 'parent' is here
            """])
        XCTAssertEqual(result.files, [])
    }
}
