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
}
