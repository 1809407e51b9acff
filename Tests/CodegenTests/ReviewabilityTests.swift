@testable import EndpointGenCodegen
import EndpointGenSpec
import GoldenSupport
import XCTest

/// The output is committed and reviewed as a diff: a one-line spec edit must read as one change in
/// the generated code, touching only the lines of what changed. Each test makes one kind of edit
/// to a small API and counts the lines the generated diff adds and removes, file by file.
final class ReviewabilityTests: XCTestCase {
    private static let base = """
        service: Shelf
        baseURL: https://api.example.com
        endpoints:
          getBooks:
            method: GET
            path: /books
            query:
              genre: Genre
            response: "[Book]"
          addFavorite:
            method: POST
            path: /favorites
            body: Favorite
        models:
          Genre:
            enum: [fiction, poetry]
          Book:
            fields:
              id: String
              title: String
              pages: Int
              genre: Genre
              published: Date
          Favorite:
            fields:
              bookId: String
              note: String?
              createdAt: Date

        """

    /// Each file's lines, by file name.
    private func generate(_ yaml: String, options: CodegenOptions = CodegenOptions()) throws -> [String: [Substring]] {
        let files = SpecGeneration.files(yaml, path: "specs/shelf.yaml", options: options)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents.split(separator: "\n", omittingEmptySubsequences: false)) })
    }

    /// The lines the edit adds and removes, per file (files without changes left out).
    private func diff(_ edit: (String) -> String, options: CodegenOptions = CodegenOptions()) throws -> [String: (added: [Substring], removed: [Substring])] {
        let before = try generate(Self.base, options: options)
        let after = try generate(edit(Self.base), options: options)
        XCTAssertEqual(Set(before.keys), Set(after.keys), "no file comes or goes")
        var changes: [String: (added: [Substring], removed: [Substring])] = [:]
        for (name, lines) in after {
            var added: [Substring] = []
            var removed: [Substring] = []
            for change in lines.difference(from: before[name] ?? []) {
                switch change {
                case .insert(_, let line, _): added.append(line)
                case .remove(_, let line, _): removed.append(line)
                }
            }
            if !added.isEmpty || !removed.isEmpty { changes[name] = (added, removed) }
        }
        return changes
    }

    private func replacing(_ old: String, with new: String) -> (String) -> String {
        { text in
            XCTAssertTrue(text.contains(old), "the edit applies")
            return text.replacingOccurrences(of: old, with: new)
        }
    }

    private func count(_ changes: [String: (added: [Substring], removed: [Substring])]) -> Int {
        changes.values.reduce(0) { $0 + $1.added.count + $1.removed.count }
    }

    func testAddingAnOptionalFieldToAThreeFieldModelChangesThatFieldsLines() throws {
        let changes = try diff(replacing("      createdAt: Date\n", with: "      createdAt: Date\n      rating: Int?\n"))
        XCTAssertEqual(Array(changes.keys), ["ShelfModels.swift"])
        // The property, the initializer's parameter list and its assignment, decoding, encoding, equality.
        XCTAssertLessThanOrEqual(count(changes), 8, "\(changes)")
        XCTAssertEqual(changes["ShelfModels.swift"]?.removed.count, 1, "only the initializer's signature is rewritten")
        XCTAssertTrue(changes["ShelfModels.swift"]!.added.allSatisfy { $0.contains("rating") }, "\(changes)")
    }

    func testAddingARequiredFieldChangesThatFieldsLines() throws {
        let changes = try diff(replacing("      published: Date\n", with: "      published: Date\n      isbn: String\n"))
        XCTAssertEqual(Array(changes.keys), ["ShelfModels.swift"])
        XCTAssertLessThanOrEqual(count(changes), 8, "\(changes)")
        XCTAssertTrue(changes["ShelfModels.swift"]!.added.allSatisfy { $0.contains("isbn") }, "\(changes)")
    }

    func testRetypingAFieldChangesThatFieldsLines() throws {
        let changes = try diff(replacing("      pages: Int\n", with: "      pages: Int64\n"))
        XCTAssertEqual(Array(changes.keys), ["ShelfModels.swift"])
        // The property, the initializer's signature, decoding.
        XCTAssertLessThanOrEqual(count(changes), 6, "\(changes)")
        XCTAssertTrue(changes["ShelfModels.swift"]!.added.allSatisfy { $0.contains("Int64") }, "\(changes)")
    }

    func testAddingAnEnumValueAddsItsCaseLines() throws {
        let changes = try diff(replacing("enum: [fiction, poetry]", with: "enum: [fiction, poetry, drama]"))
        XCTAssertEqual(Array(changes.keys), ["ShelfModels.swift"])
        // The case, and its line in each direction of the raw value.
        XCTAssertEqual(changes["ShelfModels.swift"]?.removed, [])
        XCTAssertEqual(changes["ShelfModels.swift"]?.added.count, 3, "\(changes)")
    }

    func testAddingAnEndpointAddsItsLinesAndExtendsOnlyTheCaseListsThatGainIt() throws {
        let changes = try diff(replacing("    body: Favorite\n", with: """
                body: Favorite
              removeFavorite:
                method: DELETE
                path: /favorites/{bookId}

            """))
        XCTAssertEqual(Set(changes.keys), ["ShelfRouter.swift", "ShelfService.swift"])
        XCTAssertEqual(changes["ShelfService.swift"]?.removed, [], "the service gains lines, it loses none")
        // A Router property whose cases share a value lists the new case beside the others: that
        // line is rewritten; every other line is new.
        let router = try XCTUnwrap(changes["ShelfRouter.swift"])
        XCTAssertLessThanOrEqual(router.removed.count, 4, "\(router)")
        for line in router.removed {
            XCTAssertTrue(router.added.contains { $0.contains(".removeFavorite") && $0.replacingOccurrences(of: ", .removeFavorite", with: "") == line },
                          "a rewritten line only gains the new case: \(line)")
        }
    }

    /// With `storageClasses`, the layout for very large APIs, a field's edit rewrites more of a
    /// wide model (the class, its initializer and decoding, hashing): the reason it is not the default.
    func testWithStorageClassesAFieldOfAWideModelTouchesMoreLines() throws {
        let edit = replacing("      published: Date\n", with: "      published: Date\n      isbn: String\n")
        let plain = count(try diff(edit))
        let storage = count(try diff(edit, options: CodegenOptions(storageClasses: true)))
        XCTAssertGreaterThan(storage, plain)
    }
}
