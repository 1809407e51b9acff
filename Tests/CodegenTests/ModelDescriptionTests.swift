import EndpointRuntime
import Foundation
import GoldenFeatures
import GoldenHostile
import GoldenHostileMutable
import XCTest

/// `print`, `String(describing:)`, `String(reflecting:)` and `dump` (what `po` and test failure
/// messages show) render a generated model exactly as they render a plain struct that stores
/// the same fields: models whose fields sit in a storage class, an `Indirect` box or a private
/// `_name` conform to `CustomReflectable` (`ModelRenderer+Mirror`). Each model is compared with
/// a twin declared below; the module and namespace prefixes that qualified names carry are
/// removed from both renderings.
final class ModelDescriptionTests: XCTestCase {
    /// The four renderings of `value`, unqualified.
    private func renderings(_ value: Any) -> [String] {
        var printed = ""
        print(value, to: &printed)
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), printed, dumped].map { text in
            var text = text
            for prefix in ["CodegenTests.Twin.Root.", "CodegenTests.Twin.", "GoldenHostileMutable.", "GoldenHostile.", "GoldenFeatures."] {
                text = text.replacingOccurrences(of: prefix, with: "")
            }
            return text
        }
    }

    private func assertRendersLikeTwin(_ model: Any, _ twin: Any, file: StaticString = #filePath, line: UInt = #line) {
        let (got, expected) = (renderings(model), renderings(twin))
        XCTAssertEqual(got, expected, file: file, line: line)
        XCTAssertFalse(got.joined().contains("_storage"), got[0], file: file, line: line)
        XCTAssertFalse(got.joined().contains("Indirect"), got[0], file: file, line: line)
    }

    func testAModelWithStorageShowsItsFieldsWithOptionalsDatesAndEnums() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        assertRendersLikeTwin(
            GoldenFeatures.Question(index: 1, title: "Heat", myAnswer: nil, createdAt: date, state: .open),
            Twin.Question(index: 1, title: "Heat", myAnswer: nil, createdAt: date, state: .open))
        assertRendersLikeTwin(
            GoldenFeatures.Question(index: 2, title: "Ran", myAnswer: "yes", createdAt: date, state: .unknown("later")),
            Twin.Question(index: 2, title: "Ran", myAnswer: "yes", createdAt: date, state: .unknown("later")))
        XCTAssertEqual(
            "\(GoldenFeatures.Question(index: 1, title: "Heat", createdAt: date, state: .closed))",
            #"Question(index: 1, title: "Heat", myAnswer: nil, createdAt: 2023-11-14 22:13:20 +0000, state: GoldenFeatures.QuestionState.closed)"#)
    }

    func testKeywordNamedFieldsArraysAndANestedEnumOfModels() {
        let shape = GoldenHostile.Shape.tagged(GoldenHostile.Tagged(type: "t", note: nil))
        assertRendersLikeTwin(
            GoldenHostile.Extension(init_: "a", self_: 1, func: ["f", "g"], _2fa: true, protocol: "p", fieldsEqual: 3, hashValue: 7, shape: shape),
            Twin.Extension(init_: "a", self_: 1, func: ["f", "g"], _2fa: true, protocol: "p", container: nil, decoder: nil, lhs: nil,
                           fieldsEqual: 3, hashValue: 7, shape: shape))
    }

    func testRecursiveModelsInStorageAndInBoxes() {
        let root = Twin.Root.TreeNode(name: "root", depth: 0, parent: nil, children: nil, next: nil)
        let twin = Twin.TreeNode(name: "leaf", depth: 1, parent: root, children: [root], next: Twin.TreeLink(label: "up", target: root))
        // TreeNode keeps its fields in a storage class; TreeLink boxes its target in `Indirect`.
        let immutableRoot = GoldenHostile.TreeNode(name: "root")
        assertRendersLikeTwin(
            GoldenHostile.TreeNode(name: "leaf", depth: 1, parent: immutableRoot, children: [immutableRoot],
                                   next: GoldenHostile.TreeLink(label: "up", target: immutableRoot)),
            twin)
        // --mutable-models: fields inline, the ones that close a cycle boxed in `Indirect`.
        let mutableRoot = GoldenHostileMutable.TreeNode(name: "root")
        var leaf = GoldenHostileMutable.TreeNode(name: "leaf", depth: 1, children: [mutableRoot])
        leaf.parent = mutableRoot
        leaf.next = GoldenHostileMutable.TreeLink(label: "up", target: mutableRoot)
        assertRendersLikeTwin(leaf, twin)
        XCTAssertEqual(
            String(describing: GoldenHostile.TreeLink(label: nil, target: immutableRoot)),
            #"TreeLink(label: nil, target: GoldenHostile.TreeNode(name: "root", depth: 0, parent: nil, children: nil, next: nil))"#)
    }

    func testADeprecatedFieldIsShownUnderItsName() {
        assertRendersLikeTwin(GoldenHostile.Bookmark(url: "https://x.example.com", title: "X"), Twin.Bookmark(url: "https://x.example.com", title: "X"))
        var bookmark = GoldenHostileMutable.Bookmark(url: "u")
        bookmark.url = "v"
        assertRendersLikeTwin(bookmark, Twin.Bookmark(url: "v", title: nil))
    }

    func testModelsWithTheirFieldsInlineAreUnchanged() {
        assertRendersLikeTwin(GoldenHostile.Tagged(type: "t", note: "n"), Twin.Tagged(type: "t", note: "n"))
        // With --mutable-models a wide model keeps its fields inline and needs no mirror.
        assertRendersLikeTwin(
            GoldenHostileMutable.Extension(init_: "a", self_: 1, func: [], _2fa: false),
            Twin.Extension(init_: "a", self_: 1, func: [], _2fa: false, protocol: nil, container: nil, decoder: nil, lhs: nil,
                           fieldsEqual: nil, hashValue: 0, shape: nil))
        XCTAssertFalse((GoldenHostileMutable.Extension(init_: "a", self_: 1, func: [], _2fa: false) as Any) is any CustomReflectable)
    }

    func testAFailedEqualityAssertionNamesTheFields() {
        let date = Date(timeIntervalSince1970: 0)
        let question = GoldenFeatures.Question(index: 1, title: "Heat", createdAt: date, state: .open)
        // XCTAssertEqual's message is built from String(describing:) of both sides.
        XCTAssertTrue(String(describing: question).hasPrefix(#"Question(index: 1, title: "Heat", myAnswer: nil"#))
    }
}

/// Plain structs with the stored properties of the generated models, printed as Swift prints any
/// struct. Nested in `Twin` so that their names match the models' once the prefixes are removed.
enum Twin {
    struct Question {
        let index: Int
        let title: String
        let myAnswer: String?
        let createdAt: Date
        let state: GoldenFeatures.QuestionState
    }

    struct Extension {
        let init_: String
        let self_: Int
        let `func`: [String]
        let _2fa: Bool
        let `protocol`: String?
        let container: String?
        let decoder: Int?
        let lhs: Bool?
        let fieldsEqual: Int?
        let hashValue: Int
        let shape: GoldenHostile.Shape?
    }

    struct Tagged {
        let type: String?
        let note: String?
    }

    struct Bookmark {
        let url: String
        let title: String?
    }

    /// A struct cannot contain itself: the leaf's parent is a twin of its own (a `TreeNode` with
    /// no parent), whose empty references are `Never?`, printed `nil` as a `TreeNode?` is.
    enum Root {
        struct TreeNode {
            let name: String
            let depth: Int
            let parent: Never?
            let children: [Never]?
            let next: Never?
        }
    }

    struct TreeNode {
        let name: String
        let depth: Int
        let parent: Root.TreeNode?
        let children: [Root.TreeNode]?
        let next: TreeLink?
    }

    struct TreeLink {
        let label: String?
        let target: Root.TreeNode
    }
}
