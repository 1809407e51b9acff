import EndpointGenSupport
import XCTest
@testable import EndpointGenYAML

final class LoaderTests: XCTestCase {
    private func load(_ text: String, options: YAMLLoadOptions = .spec) -> YAMLLoadResult {
        YAMLLoader.load(Array(text.utf8), file: "specs/t.yaml", options: options)
    }

    private func rendered(_ result: YAMLLoadResult) -> String {
        result.diagnostics.map(\.rendered).joined(separator: "\n")
    }

    private func root(_ text: String) throws -> YAMLNode {
        let result = load(text)
        XCTAssertFalse(result.hasErrors, rendered(result))
        return try XCTUnwrap(result.documents.first)
    }

    func testMappingKeepsSourceOrderStylesAndMarks() throws {
        let node = try root("""
        zeta: plain
        alpha: 'single'
        mid: "double"
        lit: |
          line
        fold: >
          folded
        """)
        let pairs = try XCTUnwrap(node.mapping)
        XCTAssertEqual(pairs.map { $0.key.scalar?.value }, ["zeta", "alpha", "mid", "lit", "fold"])
        XCTAssertEqual(pairs.map { $0.value.scalar?.style }, [.plain, .singleQuoted, .doubleQuoted, .literal, .folded])
        XCTAssertEqual(pairs[3].value.scalar?.value, "line\n")
        XCTAssertEqual(pairs[1].key.mark, Mark(line: 2, column: 1))
        XCTAssertEqual(pairs[1].value.mark, Mark(line: 2, column: 8))
        XCTAssertEqual(node.mark, Mark(line: 1, column: 1))
    }

    func testScalarsStayText() throws {
        let node = try root("a: NO\nb: 0777\nc: ~\nd: 1e3\ne: yes")
        XCTAssertEqual(node.mapping?.map { $0.value.scalar?.value }, ["NO", "0777", "~", "1e3", "yes"])
        XCTAssertTrue(node.mapping?[2].value.scalar?.isPlainNull ?? false)
    }

    func testSequencesAndFlowCollectionsCarryMarks() throws {
        let node = try root("tags: [a, b]\nmap: {k: v}\nlist:\n  - x\n  - y")
        let pairs = try XCTUnwrap(node.mapping)
        let flow = try XCTUnwrap(pairs[0].value.sequence)
        XCTAssertEqual(flow.map(\.mark), [Mark(line: 1, column: 8), Mark(line: 1, column: 11)])
        XCTAssertEqual(pairs[1].value.mapping?.first?.value.mark, Mark(line: 2, column: 10))
        XCTAssertEqual(pairs[2].value.sequence?.map { $0.scalar?.value }, ["x", "y"])
        XCTAssertEqual(pairs[2].value.sequence?.last?.mark, Mark(line: 5, column: 5))
    }

    func testColumnsCountUTF8BytesAfterMultibyteCharacters() throws {
        // '한글' is 6 bytes: the value starts at byte column 9, not character column 5.
        let node = try root("한글: 값\nb: [가, x]\r\nc: 1")
        let pairs = try XCTUnwrap(node.mapping)
        XCTAssertEqual(pairs[0].value.mark, Mark(line: 1, column: 9))
        XCTAssertEqual(pairs[1].value.sequence?.map(\.mark), [Mark(line: 2, column: 5), Mark(line: 2, column: 10)])
        XCTAssertEqual(pairs[2].key.mark, Mark(line: 3, column: 1))
        XCTAssertEqual(pairs[2].value.mark, Mark(line: 3, column: 4))
    }

    func testByteOrderMarkIsNotCounted() throws {
        let result = YAMLLoader.load([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: 2".utf8), file: "f.yaml")
        let pairs = try XCTUnwrap(result.documents.first?.mapping)
        XCTAssertEqual(pairs[0].value.mark, Mark(line: 1, column: 4))
        XCTAssertEqual(pairs[1].value.mark, Mark(line: 2, column: 4))
    }

    func testEmptyInputHasNoDocumentsAndNoError() {
        let result = load("")
        XCTAssertEqual(result.documents.count, 0)
        XCTAssertTrue(result.diagnostics.isEmpty)
        XCTAssertEqual(load("# only a comment\n").documents.count, 0)
    }

    func testAnchorsAndAliasesExpand() throws {
        let node = try root("base: &h {Accept: json}\nother: *h")
        let pairs = try XCTUnwrap(node.mapping)
        XCTAssertEqual(pairs[1].value.mapping?.first?.key.scalar?.value, "Accept")
        XCTAssertEqual(pairs[1].value.mark, Mark(line: 2, column: 8))
    }

    func testAliasOfAScalarKeepsItsTextAndTagWithItsOwnMark() throws {
        let result = load("a: &x !!str 12\nb: *x\n", options: .permissive)
        let pairs = try XCTUnwrap(result.documents.first?.mapping)
        XCTAssertEqual(pairs[1].value.scalar?.value, "12")
        XCTAssertEqual(pairs[1].value.tag, "tag:yaml.org,2002:str")
        XCTAssertEqual(pairs[1].value.mark, Mark(line: 2, column: 4))
        XCTAssertEqual(pairs[0].value.mark, Mark(line: 1, column: 4))
    }

    func testNodesOutliveTheirLoadResult() throws {
        // Nodes are handles into storage shared by the whole file; a node kept by a later
        // stage (samples are checked after decoding) must keep that storage alive.
        func nestedValue() throws -> YAMLNode {
            let result = load("outer:\n  inner: [first, second]\n")
            return try XCTUnwrap(result.documents.first?.mapping?.first?.value.mapping?.first?.value)
        }
        let node = try nestedValue()
        XCTAssertEqual(node.sequence?.map { $0.scalar?.value }, ["first", "second"])
        XCTAssertEqual(node.mark, Mark(line: 2, column: 10))
    }

    func testByteLevelScalarAccessorsAgreeWithTheScalar() throws {
        let node = try root("""
        - ""
        - ~
        - null
        - Null
        - NULL
        - nul
        - 'null'
        - nulls
        -
        - text
        - [a]
        - {a: b}
        """)
        let items = try XCTUnwrap(node.sequence)
        XCTAssertEqual(items.count, 12)
        for item in items {
            XCTAssertEqual(item.isPlainNull, item.scalar?.isPlainNull ?? false, "\(item.mark)")
            XCTAssertEqual(item.scalarStyle, item.scalar?.style, "\(item.mark)")
            XCTAssertEqual(item.withScalarBytes { Array($0) }, item.scalar.map { Array($0.value.utf8) }, "\(item.mark)")
        }
        XCTAssertEqual(items.map(\.isPlainNull), [false, true, true, true, true, false, false, false, true, false, false, false])
    }

    func testMergeKeysExplicitKeysWinAndOrderFollowsTheMerge() throws {
        let node = try root("""
        base: &base
          a: 1
          b: 2
        more: &more
          b: 20
          c: 30
        child:
          x: 0
          <<: [*base, *more]
          a: 10
        """)
        let child = try XCTUnwrap(node.mapping?[2].value.mapping)
        XCTAssertEqual(child.map { $0.key.scalar!.value }, ["x", "b", "c", "a"])
        XCTAssertEqual(child.map { $0.value.scalar!.value }, ["0", "2", "30", "10"])
    }

    func testMergeOfAScalarIsAnError() {
        XCTAssertEqual(rendered(load("a:\n  <<: text\n")), "specs/t.yaml:2:7: error: '<<' merges a mapping or a list of mappings, not a scalar")
    }

    func testQuotedMergeKeyIsAnOrdinaryKey() throws {
        let node = try root("a:\n  '<<': x\n")
        XCTAssertEqual(node.mapping?.first?.value.mapping?.first?.key.scalar?.value, "<<")
    }

    // MARK: Spec hygiene

    func testDuplicateKeyPointsAtTheSecondWithANoteAtTheFirst() {
        XCTAssertEqual(rendered(load("service: A\nsummary: x\nservice: B\n")), """
        specs/t.yaml:3:1: error: duplicate key 'service'
        specs/t.yaml:1:1: note: 'service' is first defined here
        """)
    }

    func testDuplicateKeyInALargeMapping() {
        let text = (0..<20).map { "k\($0): v" }.joined(separator: "\n") + "\nk7: again\n"
        XCTAssertEqual(rendered(load(text)), """
        specs/t.yaml:21:1: error: duplicate key 'k7'
        specs/t.yaml:8:1: note: 'k7' is first defined here
        """)
    }

    func testDuplicateKeyPastTheSizeWherePairsAreCompared() {
        // Up to 24 keys every pair is compared; larger mappings use a table. Both must find it.
        for size in [24, 25, 60] {
            let text = (0..<size).map { "k\($0): v" }.joined(separator: "\n") + "\nk3: again\n"
            XCTAssertEqual(rendered(load(text)), """
            specs/t.yaml:\(size + 1):1: error: duplicate key 'k3'
            specs/t.yaml:4:1: note: 'k3' is first defined here
            """, "\(size) keys")
        }
    }

    func testPairsAfterANonScalarKeyKeepTheirValues() throws {
        // Keys and values are paired as they arrive: a collection as a key must not shift them.
        let result = load("a: 1\n? [x, y]\n: 2\nb: 3\n", options: .permissive)
        let pairs = try XCTUnwrap(result.documents.first?.mapping)
        XCTAssertEqual(pairs.map { $0.key.scalar?.value ?? "<\($0.key.kindDescription)>" }, ["a", "<a sequence>", "b"])
        XCTAssertEqual(pairs.map { $0.value.scalar?.value }, ["1", "2", "3"])
        // With the spec rules it is reported once, and only that.
        XCTAssertEqual(rendered(load("a: 1\n? [x, y]\n: 2\nb: 3\n")), "specs/t.yaml:2:3: error: mapping keys must be plain text, not a sequence")
    }

    func testDuplicateKeysAreAllowedWhenPermissive() {
        XCTAssertFalse(load("a: 1\na: 2\n", options: .permissive).hasErrors)
    }

    func testNonScalarKeyIsAnError() {
        XCTAssertEqual(rendered(load("? [a, b]\n: value\n")), "specs/t.yaml:1:3: error: mapping keys must be plain text, not a sequence")
    }

    func testExplicitTagIsAnError() {
        XCTAssertEqual(
            rendered(load("a: !!str 12\n")),
            "specs/t.yaml:1:4: error: explicit tags such as '!!str' are not supported in spec files; write the value as plain text"
        )
        XCTAssertEqual(load("a: !!str 12\n", options: .permissive).documents.first?.mapping?.first?.value.tag, "tag:yaml.org,2002:str")
    }

    func testSecondDocumentIsAnError() {
        XCTAssertEqual(rendered(load("a: 1\n---\nb: 2\n")), "specs/t.yaml:2:1: error: a spec file holds one YAML document; a second one starts here")
        XCTAssertEqual(load("a: 1\n---\nb: 2\n", options: .permissive).documents.count, 2)
    }

    func testAliasBombFailsFastWithAnError() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(refs)]")
        }
        let start = ContinuousClock.now
        let result = load(lines.joined(separator: "\n"))
        let elapsed = ContinuousClock.now - start
        XCTAssertTrue(result.hasErrors)
        XCTAssertTrue(rendered(result).hasPrefix("specs/t.yaml:7:"), rendered(result))
        XCTAssertTrue(rendered(result).contains("alias(es) expand to more than 1000000 nodes"), rendered(result))
        XCTAssertTrue(result.documents.isEmpty)
        print("alias bomb rejected in \(elapsed)")
    }

    /// Each node is charged once: a closed collection's subtree was charged again at every level
    /// above it (nodes × depth), which refused a 330,000-node document 20 levels deep as more than
    /// 2,000,000 nodes.
    func testDeepDocumentWithoutAliasesLoadsWithinTheNodeBudget() {
        let item = String(repeating: "{k: ", count: 20) + "1" + String(repeating: "}", count: 20)
        let text = "[" + Array(repeating: item, count: 8_000).joined(separator: ", ") + "]\n"
        let result = YAMLLoader.load(Array(text.utf8), file: "big.json")
        XCTAssertEqual(rendered(result), "")
        XCTAssertEqual(result.documents.first?.streamNodeCount, 1 + 8_000 * 41)
        // The written nodes have a budget of their own, reported without talking of aliases.
        var options = YAMLLoadOptions.spec
        options.maxNodes = 300_000
        let refused = rendered(YAMLLoader.load(Array(text.utf8), file: "big.json", options: options))
        XCTAssertTrue(refused.contains("error: the document has more than 300000 nodes, the loader's limit"), refused)
        XCTAssertFalse(refused.contains("alias"), refused)
    }

    func testDeepNestingFailsFastWithAnError() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let start = ContinuousClock.now
        let result = load(text)
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(rendered(result), "specs/t.yaml:1:129: error: nesting is deeper than the limit of 128 levels")
        print("100k-deep nesting rejected in \(elapsed)")
    }

    func testNestingAtTheLimitLoads() {
        let text = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        XCTAssertFalse(load(text).hasErrors)
    }

    /// Each anchor wraps the previous alias in one more level: 200 short lines would build a
    /// tree 200 levels deep (a stack risk for recursive walkers) within the node budget.
    func testChainedAliasesCountAgainstTheDepthLimit() {
        var lines = ["l0: &a0 [1]"]
        for level in 1..<200 { lines.append("l\(level): &a\(level) [*a\(level - 1)]") }
        XCTAssertEqual(
            rendered(load(lines.joined(separator: "\n") + "\n")),
            "specs/t.yaml:128:14: error: alias '*a126' nests the document deeper than the limit of 128 levels")
    }

    func testAliasOfAShallowAnchorLoads() {
        let result = load("base: &b {x: [1, 2]}\nuse: [*b, *b]\n")
        XCTAssertFalse(result.hasErrors, rendered(result))
        XCTAssertEqual(result.documents.first?.mapping?[1].value.sequence?.count, 2)
    }

    func testInvalidUTF8IsReportedAtItsLineAndColumn() {
        let bytes = Array("a: 1\nb: ".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        let result = YAMLLoader.load(bytes, file: "specs/t.yaml")
        XCTAssertEqual(
            result.diagnostics.map(\.rendered),
            ["specs/t.yaml:2:4: error: invalid leading UTF-8 octet (byte 0xFF); spec files must be UTF-8 text"]
        )
    }

    func testControlCharacterIsReportedAtItsPlace() {
        let result = load("x:\n  - a\n  - \u{01}b\n")
        XCTAssertEqual(rendered(result), "specs/t.yaml:3:5: error: control characters are not allowed (U+0001); spec files must be UTF-8 text")
    }

    func testOversizeFileIsRejectedBeforeParsing() {
        var options = YAMLLoadOptions.spec
        options.maxFileSize = 16
        let result = YAMLLoader.load(Array("key: a value that is too long\n".utf8), file: "specs/t.yaml", options: options)
        XCTAssertEqual(rendered(result), "specs/t.yaml:1:1: error: file is 30 bytes, larger than the limit of 16 bytes")
    }

    func testSyntaxErrorCarriesLibyamlContextAsANote() {
        XCTAssertEqual(rendered(load("a: [1, 2\nb: 3\n")), """
        specs/t.yaml:2:2: error: did not find expected ',' or ']'
        specs/t.yaml:1:4: note: while parsing a flow sequence
        """)
    }

    func testSyntaxErrorPositionAfterMultibyteText() {
        XCTAssertEqual(rendered(load("요약: a\n  b: c\n")), "specs/t.yaml:2:4: error: mapping values are not allowed in this context")
    }

    func testUTF16IsRejected() {
        let result = YAMLLoader.load([0xFF, 0xFE, 0x61, 0x00], file: "specs/t.yaml")
        XCTAssertEqual(rendered(result), "specs/t.yaml:1:1: error: the file is UTF-16 text; spec files must be UTF-8")
    }

    func testAllProblemsOfAFileAreReported() {
        let result = load("a: 1\na: 2\nb: !t x\n")
        XCTAssertEqual(result.diagnostics.count, 2)
    }
}
