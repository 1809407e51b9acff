import XCTest
@testable import EndpointGenCodegen

/// Renderers hand declarations to the layout, which alone decides files, and the printer, which
/// alone decides text: these pin how a declaration prints and how a type too long for one file
/// is placed (its head, and its parts in extensions in other files).
final class DeclarationLayoutTests: XCTestCase {
    private func text(_ declarations: [Declaration], typesAreCut: Bool = false) -> String {
        CodePrinter.texts(of: [declarations], depth: 0, typesAreCut: typesAreCut)[0]
    }

    func testADeclarationPrintsItsDocAttributesAccessAndBody() {
        let method = Declaration(
            doc: ["Says hello.", nil, ""], attributes: ["@discardableResult"], access: .written("public "), "func hello() -> String",
            body: .statements { p in p.line("\"hello\"") })
        let type = Declaration(
            doc: ["A greeter."], access: .written("public nonisolated "), "struct Greeter", body: .members([
                Declaration(access: .written("public "), "let name: String"),
                Declaration(access: .typePrivate, "let secret: Int", tight: true),
                method,
            ]))
        XCTAssertEqual(text([type]), """
            /// A greeter.
            public nonisolated struct Greeter {
                public let name: String
                private let secret: Int

                /// Says hello.
                @discardableResult
                public func hello() -> String {
                    "hello"
                }
            }

            """)
        XCTAssertTrue(text([type], typesAreCut: true).contains("\n    let secret: Int\n"), "internal once the type's members are in other files")
    }

    func testTwoTopLevelDeclarationsHaveOneBlankLineBetweenThem() {
        let first = Declaration("enum A", body: .members([]))
        let second = Declaration("enum B", body: .members([Declaration("case b")]))
        XCTAssertEqual(text([first, second]), "enum A {\n}\n\nenum B {\n    case b\n}\n")
    }

    /// A type with a part per endpoint, and an extension whose members are all parts.
    private func bigType(parts: Int, linesEach: Int, extensionMembers: Bool = true) -> [Declaration] {
        var members = [Declaration("case head")]
        var overloads: [Declaration] = []
        for index in 0..<parts {
            let name = "member\(index)"
            members.append(Declaration(access: .written("public "), "func \(name)()", body: .statements { p in
                for line in 0..<linesEach { p.line("print(\(line))") }
            }, part: name))
            if extensionMembers, index % 2 == 0 {
                overloads.append(Declaration("func \(name)(x: Int)", body: .statements { p in p.line("\(name)()") }, part: name))
            }
        }
        members.append(Declaration(access: .typePrivate, "func helper()", body: .statements { _ in }))
        return [
            Declaration("extension P", body: .members(overloads), extensionSignature: "extension P", isExtension: true),
            Declaration(access: .written("public "), "final class Big", body: .members(members), extensionSignature: "extension Big"),
        ]
    }

    func testATypeThatFitsStaysOneFileAndAnEmptyExtensionIsLeftOut() {
        let layout = FileLayout(specPath: "big.yaml")
        let files = layout.endpointFiles(base: "Big", bigType(parts: 3, linesEach: 2, extensionMembers: false))
        XCTAssertEqual(files.map(\.name), ["Big.swift"])
        let contents = files[0].contents
        XCTAssertTrue(contents.hasPrefix(layout.header), "every file starts with the header")
        XCTAssertFalse(contents.contains("extension P"), "an extension without members is not written")
        XCTAssertTrue(contents.contains("    private func helper() {"))
        XCTAssertEqual(FileLayout.lineCount(layout.header), layout.headerLines)
    }

    func testATypePastTheLimitKeepsItsHeadAndMovesEachPartToAnExtension() throws {
        let layout = FileLayout(specPath: "big.yaml")
        let files = layout.endpointFiles(base: "Big", bigType(parts: 400, linesEach: 20))
        XCTAssertGreaterThan(files.count, 2)
        let head = try XCTUnwrap(files.first { $0.name == "Big.swift" }).contents
        XCTAssertTrue(head.contains("public final class Big {\n    case head\n\n    func helper() {"), head)
        XCTAssertFalse(head.contains("extension P"), "the extension's members all moved")
        XCTAssertFalse(head.contains("member"))
        var moved = 0
        for file in files where file.name != "Big.swift" {
            XCTAssertTrue(file.name.hasPrefix("Big-member"), file.name)
            XCTAssertTrue(file.contents.hasPrefix(layout.header))
            XCTAssertLessThanOrEqual(FileLayout.lineCount(file.contents), ModelFiles.endpoints.fileLimit, file.name)
            XCTAssertTrue(file.contents.contains("\nextension Big {\n"), file.name)
            moved += file.contents.components(separatedBy: "    public func member").count - 1
            // Each part's overload sits in `extension P`, in the same file as its method.
            for line in file.contents.split(separator: "\n") where line.hasPrefix("    func member") {
                let name = line.dropFirst("    func ".count).prefix { $0 != "(" }
                XCTAssertTrue(file.contents.contains("    public func \(name)() {"), "\(name) in \(file.name)")
            }
        }
        XCTAssertEqual(moved, 400, "every part once")
    }
}
