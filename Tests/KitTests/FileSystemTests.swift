import Foundation
import XCTest
@testable import EndpointGenKit

/// The POSIX file-system helpers of the CLI.
final class FileSystemTests: XCTestCase {
    func testPathSpelling() {
        // What NSString's deletingLastPathComponent and lastPathComponent answer for these.
        let cases: [(path: String, parent: String, last: String)] = [
            ("a/b/c", "a/b", "c"), ("/a/b", "/a", "b"), ("/a", "/", "a"), ("a", "", "a"), ("a/b/", "a", "b"),
            ("/", "/", "/"), ("a//b", "a", "b"), ("./x", ".", "x"), ("../y/z", "../y", "z"), ("/tmp/out/", "/tmp", "out"),
        ]
        for item in cases {
            XCTAssertEqual(Path.parent(item.path), item.parent, item.path)
            XCTAssertEqual(Path.lastComponent(item.path), item.last, item.path)
        }
        XCTAssertEqual(Path.join("specs", "a.yaml"), "specs/a.yaml")
        XCTAssertEqual(Path.join("specs/", "a.yaml"), "specs/a.yaml")
        XCTAssertEqual(Path.join("", "a.yaml"), "a.yaml")
    }

    func testFoldersAreListedCreatedAndReportedWithTheSystemsReason() throws {
        let base = NSTemporaryDirectory() + "fs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.createDirectory(base + "/a/b", intermediates: true)
        XCTAssertTrue(FileSystem.isDirectory(base + "/a/b"))
        try FileSystem.createDirectory(base + "/a/b", intermediates: false)  // already there: fine
        XCTAssertTrue(FileManager.default.createFile(atPath: base + "/a/file", contents: Data("x".utf8)))
        XCTAssertEqual(try FileSystem.contentsOfDirectory(base + "/a").sorted(), ["b", "file"])
        XCTAssertFalse(FileSystem.isDirectory(base + "/a/file"))
        XCTAssertTrue(FileSystem.exists(base + "/a/file"))
        XCTAssertThrowsError(try FileSystem.contentsOfDirectory(base + "/missing")) { error in
            XCTAssertEqual((error as? FileSystem.Failure)?.reason, "No such file or directory")
        }
        XCTAssertThrowsError(try FileSystem.createDirectory(base + "/a/file/c", intermediates: false)) { error in
            XCTAssertEqual((error as? FileSystem.Failure)?.reason, "Not a directory")
        }
        XCTAssertEqual(FileSystem.currentDirectory(), FileManager.default.currentDirectoryPath)
    }
}
