@testable import EndpointGenCodegen
import EndpointGenSpec
import GoldenSupport
import XCTest

/// Which models keep their fields in a storage class with `storageClasses` (issue 31: release
/// text size), and the names that storage takes; without it (the default), none does. Their
/// behaviour (coding, equality, hashing, cycles) is checked on the compiled goldens (the hostile
/// fixture is generated with storage classes), in `GeneratedBehaviourTests`.
final class ModelStorageTests: XCTestCase {
    private func models(_ yaml: String, options: CodegenOptions = CodegenOptions(storageClasses: true)) throws -> String {
        SpecGeneration.files(yaml, options: options).first { $0.name.hasSuffix("Models.swift") }?.contents ?? ""
    }

    func testModelsFromFourFieldsUpKeepThemInAStorageClass() throws {
        let text = try models("""
            models:
              Wide: { fields: { a: String, b: "Int?", c: "[String]", d: { type: Bool, default: true } } }
              Narrow: { fields: { a: String, b: "Int?", c: "[String]" } }
            """)
        XCTAssertTrue(text.contains("""
                public var a: String { _storage.a }
                public var b: Int? { _storage.b }
                public var c: [String] { _storage.c }
                public var d: Bool { _storage.d }
                /// The fields, in one reference: a copy of the model retains it once.
                private let _storage: _Storage

                public init(a: String, b: Int? = nil, c: [String], d: Bool = true) {
                    _storage = _Storage(a: a, b: b, c: c, d: d)
                }

                public init(from decoder: any Decoder) throws {
                    _storage = try _Storage(from: decoder)
                }
            """), text)
        XCTAssertTrue(text.contains("        if _storage === rhs._storage { return true }\n"))
        XCTAssertTrue(text.contains("        hasher.combine(_storage.d)\n"), "hashing written out: the struct's one stored property is the class")
        XCTAssertTrue(text.contains("""
                private nonisolated final class _Storage: Sendable {
                    let a: String
                    let b: Int?
                    let c: [String]
                    let d: Bool

                    init(a: String, b: Int?, c: [String], d: Bool) {
            """), "the class's initializer has no defaults: the struct's has them")
        XCTAssertTrue(text.contains("            self.d = try container.optional(Bool.self, \"d\") ?? true\n"))
        XCTAssertEqual(text.components(separatedBy: "final class").count - 1, 1, "Narrow keeps its fields inline")
        XCTAssertTrue(text.contains("    public let a: String\n"))
    }

    func testByDefaultEveryModelKeepsItsFieldsInline() throws {
        let text = try models("""
            models:
              Wide: { fields: { a: String, b: "Int?", c: "[String]", d: Bool, e: Int, f: String } }
            """, options: CodegenOptions())
        XCTAssertFalse(text.contains("_storage"))
        XCTAssertFalse(text.contains("class"))
        XCTAssertTrue(text.contains("    public let a: String\n    public let b: Int?\n"), text)
    }

    func testMutableModelsKeepTheirFieldsInline() throws {
        var options = CodegenOptions(storageClasses: true)
        options.mutableModels = true
        let text = try models("""
            models:
              Wide: { fields: { a: String, b: "Int?", c: "[String]", d: Bool } }
            """, options: options)
        XCTAssertFalse(text.contains("_storage"))
        XCTAssertTrue(text.contains("    public var a: String\n"))
    }

    func testTheStoragePropertyStepsAsideForAFieldOfTheSameName() throws {
        let text = try models("""
            models:
              Wide:
                fields:
                  storage: String
                  raw: { type: String, name: _storage }
                  other: { type: String, name: _storage_ }
                  d: Bool
            """)
        XCTAssertTrue(text.contains("    public var _storage: String { _storage__._storage }\n"), text)
        XCTAssertTrue(text.contains("    public var _storage_: String { _storage__._storage_ }\n"))
        XCTAssertTrue(text.contains("    private let _storage__: _Storage\n"))
        XCTAssertTrue(text.contains("        if _storage__ === rhs._storage__ { return true }\n"))
    }

    func testCyclesAndDeprecatedFieldsNeedNoPrivatePropertiesInStorage() throws {
        let text = try models("""
            models:
              Node:
                fields:
                  name: String
                  parent: Node?
                  next: Node?
                  old: { type: String, deprecated: use name }
            """)
        XCTAssertFalse(text.contains("Indirect"), "the class already stores the model out of line")
        XCTAssertTrue(text.contains("""
                @available(*, deprecated, message: "use name")
                public var old: String { _storage.old }
            """), text)
        XCTAssertTrue(text.contains("try container.put(_storage.old, \"old\")"), "read without a deprecation warning")
    }

    /// A model whose stored properties are not its fields shows the fields to `print` and `dump`
    /// (`ModelDescriptionTests` compares the compiled goldens with plain structs): one line for a
    /// model with storage, its fields listed for one with private `_name` properties, nothing for
    /// one that stores its fields as they are, and nothing where a field takes the name.
    func testCustomMirrorOnlyWhereTheStoredPropertiesAreNotTheFields() throws {
        let text = try models("""
            models:
              Wide: { fields: { a: String, b: "Int?", c: "[String]", d: Bool } }
              Node: { fields: { name: String, next: Node? } }
              Plain: { fields: { a: String, b: "Int?" } }
              Clash: { fields: { customMirror: String, b: Int, c: Int, d: Int } }
              Looped: { fields: { customMirror: String, next: Looped? } }
            """)
        XCTAssertTrue(text.contains("""
            public nonisolated struct Wide: Codable, Hashable, Sendable, Swift.CustomReflectable {
            """), text)
        XCTAssertTrue(text.contains("""
                public var customMirror: Swift.Mirror { Swift.Mirror(self, children: Swift.Mirror(reflecting: _storage).children, displayStyle: .struct) }
            """))
        XCTAssertTrue(text.contains("""
                public var customMirror: Swift.Mirror {
                    Swift.Mirror(
                        self,
                        children: [
                            "name": self.name,
                            "next": self.next as Any,
                        ],
                        displayStyle: .struct
                    )
                }
            """), "an optional is converted with `as Any` (no warning)")
        XCTAssertTrue(text.contains("public nonisolated struct Plain: Codable, Hashable, Sendable {\n"))
        XCTAssertTrue(text.contains("public nonisolated struct Clash: Codable, Hashable, Sendable {\n"))
        XCTAssertTrue(text.contains("public nonisolated struct Looped: Codable, Hashable, Sendable {\n"))
        XCTAssertEqual(text.components(separatedBy: "var customMirror: Swift.Mirror").count - 1, 2, "Wide and Node only")
    }
}
