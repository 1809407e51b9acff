import XCTest
@testable import EndpointGenKit

final class LineDiffTests: XCTestCase {
    func testEqualTextsHaveNoDiff() {
        XCTAssertEqual(LineDiff.unified(old: "a\nb\n", new: "a\nb\n", oldName: "a", newName: "b"), "")
    }

    func testOneChangedLineWithContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        XCTAssertEqual(LineDiff.unified(old: old, new: new, oldName: "a/x", newName: "b/x"), """
        --- a/x
        +++ b/x
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
    }

    func testDistantChangesMakeTwoHunks() {
        let old = (1...20).map { "l\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "l2\n", with: "").replacingOccurrences(of: "l19\n", with: "l19\nnew\n")
        let diff = LineDiff.unified(old: old, new: new, oldName: "a", newName: "b")
        XCTAssertEqual(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }, ["@@ -1,5 +1,4 @@", "@@ -17,4 +16,5 @@"])
        XCTAssertTrue(diff.contains("\n-l2\n"))
        XCTAssertTrue(diff.contains("\n+new\n"))
    }

    func testNewAndDeletedFiles() {
        XCTAssertEqual(LineDiff.unified(old: "", new: "a\nb\n", oldName: "/dev/null", newName: "b/x"), "--- /dev/null\n+++ b/x\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        XCTAssertEqual(LineDiff.unified(old: "a\n", new: "", oldName: "a/x", newName: "/dev/null"), "--- a/x\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a\n")
    }

    func testEditScriptIsMinimalAndReproducesBothSides() {
        let a = ["a", "b", "c", "a", "b", "b", "a"]
        let b = ["c", "b", "a", "b", "a", "c"]
        let edits = LineDiff.diff(a, b)
        var oldSide: [String] = []
        var newSide: [String] = []
        var changes = 0
        for edit in edits {
            switch edit {
            case .same(let line): oldSide.append(line); newSide.append(line)
            case .removed(let line): oldSide.append(line); changes += 1
            case .added(let line): newSide.append(line); changes += 1
            }
        }
        XCTAssertEqual(oldSide, a)
        XCTAssertEqual(newSide, b)
        XCTAssertEqual(changes, 5, "Myers' example has a shortest edit script of 5")
    }

    // MARK: - Large inputs

    func testStaleFileOf200000LinesAgainst492IsSummarised() {
        // Issue 28: 20,000 lines against 492 took 21-38 s and 6.6 GB; now the lengths alone
        // show more changes than a line diff is worked out for.
        let old = (0..<200_000).map { "let stale\($0) = \($0)" }.joined(separator: "\n") + "\n"
        let new = (0..<492).map { "let fresh\($0) = \($0)" }.joined(separator: "\n") + "\n"
        XCTAssertEqual(LineDiff.unified(old: old, new: new, oldName: "a/x", newName: "b/x"), """
        --- a/x
        +++ b/x
        differs: 200000 lines vs 492 lines (more than 3000 changed lines; no line-by-line diff)

        """)
    }

    func testManyChangesOfSimilarLengthAreSummarisedPastTheLimit() {
        // Same length, every line different: the search stops at the limit.
        let old = (0..<20_000).map { "a\($0)" }.joined(separator: "\n")
        let new = (0..<20_000).map { "b\($0)" }.joined(separator: "\n")
        XCTAssertEqual(LineDiff.diff(old.components(separatedBy: "\n"), new.components(separatedBy: "\n"), maxChanges: LineDiff.maxChanges), nil)
        XCTAssertTrue(LineDiff.unified(old: old, new: new, oldName: "a", newName: "b").hasSuffix("differs: 20000 lines vs 20000 lines (more than 3000 changed lines; no line-by-line diff)\n"))
    }

    func testLargeNewOrDeletedFileIsDiffedWhole() {
        // One side empty needs no search, whatever its size.
        let text = (0..<100_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let added = LineDiff.unified(old: "", new: text, oldName: "/dev/null", newName: "b/x")
        XCTAssertTrue(added.hasPrefix("--- /dev/null\n+++ b/x\n@@ -0,0 +1,100000 @@\n+line 0\n"))
        XCTAssertEqual(added.filter { $0 == "\n" }.count, 100_003)
        let removed = LineDiff.unified(old: text, new: "", oldName: "a/x", newName: "/dev/null")
        XCTAssertTrue(removed.hasPrefix("--- a/x\n+++ /dev/null\n@@ -1,100000 +0,0 @@\n-line 0\n"))
    }

    func testLargeFilesWithFewChangesGetTheFullDiff() {
        // 200,000 lines with changes at both ends and in the middle: common ends are set aside,
        // the search runs on what differs.
        let old = (0..<200_000).map { "line \($0)" }
        var new = old
        new[10] = "changed 10"
        new[100_000] = "changed middle"
        new.insert("inserted", at: 150_000)
        new[199_999] = "changed end"
        let edits = LineDiff.diff(old, new, maxChanges: LineDiff.maxChanges)
        XCTAssertEqual(edits?.filter { if case .same = $0 { return false } else { return true } }.count, 7)
        let diff = LineDiff.unified(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"), oldName: "a", newName: "b")
        XCTAssertEqual(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }.count, 4)
        XCTAssertTrue(diff.contains("\n-line 100000\n+changed middle\n"))
    }

    func testSearchAgreesWithTheUncappedScriptOnRandomTexts() {
        // The windowed frontiers give the same shortest scripts as before on small inputs.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            let edits = LineDiff.diff(a, b)
            var oldSide: [String] = []
            var newSide: [String] = []
            var changes = 0
            for edit in edits {
                switch edit {
                case .same(let line): oldSide.append(line); newSide.append(line)
                case .removed(let line): oldSide.append(line); changes += 1
                case .added(let line): newSide.append(line); changes += 1
                }
            }
            XCTAssertEqual(oldSide, a)
            XCTAssertEqual(newSide, b)
            XCTAssertEqual(changes, a.count + b.count - 2 * lcs(a, b), "\(a) \(b)")
        }
    }

    private func lcs(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
