import EndpointGenCodegen
import Foundation
import XCTest
@testable import EndpointGenKit

final class OutputWriterTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func generated(_ name: String, _ body: String = "struct A {}") -> GeneratedFile {
        GeneratedFile(name: name, contents: "\(CodeGenerator.headerPrefix)specs/a.yaml. DO NOT EDIT.\n\n\(body)\n")
    }

    private func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    private func write(_ files: [GeneratedFile], to directory: String? = nil) throws {
        try OutputWriter.apply(OutputWriter.plan(files, in: directory ?? folder))
    }

    private func modificationDate(_ name: String) throws -> Date {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date)
    }

    func testWritesNewFilesAndCreatesTheFolder() throws {
        let output = folder + "/Generated"
        try write([generated("A.swift")], to: output)
        XCTAssertEqual(FileManager.default.contents(atPath: output + "/A.swift").map { String(decoding: $0, as: UTF8.self) }, generated("A.swift").contents)
        // No temporary files are left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), ["A.swift"])
    }

    func testNewFolderAppearsWholeAndLeavesNothingBesideIt() throws {
        // A missing output folder is written as a hidden folder beside it and renamed into place.
        let output = folder + "/Generated"
        let mask = umask(0o022)
        defer { umask(mask) }
        try write([generated("A.swift", String(repeating: "let x = 1 // 한글\n", count: 20_000)), generated("B.swift")], to: output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["Generated"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output).sorted(), ["A.swift", "B.swift"])
        XCTAssertEqual(read("Generated/B.swift"), generated("B.swift").contents)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: output + "/A.swift")[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o644)
        let folderMode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int)
        XCTAssertEqual(folderMode, 0o755)
    }

    func testNewFolderStepsAroundAHiddenFolderLeftByAKilledRun() throws {
        // Process ids repeat (in a container, every run may have the same one).
        let leftover = folder + "/.Generated.endpointgen-\(getpid())"
        try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: false)
        try "half a file".write(toFile: leftover + "/A.swift", atomically: false, encoding: .utf8)
        try write([generated("A.swift")], to: folder + "/Generated")
        XCTAssertEqual(read("Generated/A.swift"), generated("A.swift").contents)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), [leftover.split(separator: "/").last.map(String.init)!, "Generated"])
    }

    func testFolderMadeMeanwhileWithFilesIsLeftAsItWas() throws {
        // Planned as new, but someone filled the folder before the rename: their files stay,
        // the run fails, and the hidden folder is removed.
        let output = folder + "/Generated"
        let plan = try OutputWriter.plan([generated("A.swift")], in: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        try "theirs".write(toFile: output + "/Theirs.swift", atomically: false, encoding: .utf8)
        // The folder exists by now, so `apply` writes into it file by file; the rename path is
        // reached directly.
        XCTAssertThrowsError(try OutputWriter.writeNewFolder(plan)) { error in
            XCTAssertTrue("\(error)".contains("cannot move the new output folder into place"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["Generated"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), ["Theirs.swift"])
    }

    func testEmptyFolderMadeMeanwhileIsReplaced() throws {
        let output = folder + "/Generated"
        let plan = try OutputWriter.plan([generated("A.swift")], in: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        try OutputWriter.writeNewFolder(plan)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["Generated"])
        XCTAssertEqual(read("Generated/A.swift"), generated("A.swift").contents)
    }

    func testNewFilesHaveTheUsualPermissionsAndWholeContents() throws {
        // New files are written unnamed (O_TMPFILE) and linked into place: they must look like
        // any created file (mode 0666 less the umask) and hold every byte, also past one write.
        let big = String(repeating: "let x = 1 // 한글\n", count: 20_000)
        let mask = umask(0o022)
        defer { umask(mask) }
        try write([generated("A.swift", big), generated("B.swift")])
        XCTAssertEqual(read("A.swift"), generated("A.swift", big).contents)
        XCTAssertEqual(read("B.swift"), generated("B.swift").contents)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder + "/A.swift")[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o644)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["A.swift", "B.swift"])
    }

    func testNewFileWhoseNameIsTakenBeforeWritingIsReplaced() throws {
        // Planned as new, but another process created it meanwhile: the link fails, and the
        // rename path replaces it rather than failing or leaving a temporary file.
        let plan = try OutputWriter.plan([generated("A.swift")], in: folder)
        XCTAssertNil(plan.changes.first?.old)
        try "someone else's".write(toFile: folder + "/A.swift", atomically: false, encoding: .utf8)
        try OutputWriter.apply(plan)
        XCTAssertEqual(read("A.swift"), generated("A.swift").contents)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["A.swift"])
    }

    func testBothWritePathsGiveTheSameBytes() throws {
        let file = generated("A.swift", "struct Ä {}")
        let linked = try OutputWriter.writeNewFile(file.contents, to: folder + "/A.swift", in: folder)
        #if os(Linux)
        XCTAssertTrue(linked, "O_TMPFILE is expected to work on Linux's temporary folder")
        #else
        if !linked { try OutputWriter.writeAtomically(file.contents, to: folder + "/A.swift", in: folder) }
        #endif
        try OutputWriter.writeAtomically(file.contents, to: folder + "/B.swift", in: folder)
        XCTAssertEqual(read("A.swift"), file.contents)
        XCTAssertEqual(read("B.swift"), file.contents)
    }

    func testUnchangedFileIsNotTouched() throws {
        try write([generated("A.swift")])
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder + "/A.swift")
        let plan = try OutputWriter.plan([generated("A.swift")], in: folder)
        XCTAssertEqual(plan.unchanged, ["A.swift"])
        XCTAssertTrue(plan.isUpToDate)
        try OutputWriter.apply(plan)
        XCTAssertEqual(try modificationDate("A.swift"), past)
    }

    func testChangedFileIsReplaced() throws {
        try write([generated("A.swift", "struct Old {}")])
        try write([generated("A.swift", "struct New {}")])
        XCTAssertEqual(read("A.swift"), generated("A.swift", "struct New {}").contents)
    }

    func testStaleGeneratedFileIsRemovedAndForeignFilesAreKept() throws {
        try write([generated("A.swift"), generated("B.swift")])
        try "// my own helper\n".write(toFile: folder + "/Helpers.swift", atomically: true, encoding: .utf8)
        try "notes\n".write(toFile: folder + "/README.md", atomically: true, encoding: .utf8)
        let plan = try OutputWriter.plan([generated("A.swift")], in: folder)
        XCTAssertEqual(plan.stale.map(\.name), ["B.swift"])
        try OutputWriter.apply(plan)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["A.swift", "Helpers.swift", "README.md"])
    }

    func testUnsafeNamesAreRefusedBeforeAnythingIsWritten() throws {
        for name in ["../Escape.swift", "Sub/A.swift", ".Hidden.swift", "A.txt", "A b.swift", ".swift", "Ä.swift"] {
            XCTAssertThrowsError(try write([generated("A.swift"), generated(name)]), name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    func testDuplicateNamesAreRefused() {
        XCTAssertThrowsError(try write([generated("A.swift"), generated("A.swift")]))
    }

    func testSymlinkedOutputFolderIsRefused() throws {
        let link = folder + "/Link"
        try FileManager.default.createDirectory(atPath: folder + "/Real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/Real")
        XCTAssertThrowsError(try write([generated("A.swift")], to: link)) { error in
            XCTAssertTrue("\(error)".contains("is a symbolic link"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Real"), [])
    }

    func testSymlinkedOutputFileIsRefused() throws {
        try "target\n".write(toFile: folder + "/target.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/A.swift", withDestinationPath: folder + "/target.txt")
        XCTAssertThrowsError(try write([generated("A.swift")]))
        XCTAssertEqual(read("target.txt"), "target\n")
    }

    func testOutputFolderWhoseParentIsMissingIsRefused() throws {
        XCTAssertThrowsError(try write([generated("A.swift")], to: folder + "/missing/Generated")) { error in
            XCTAssertTrue("\(error)".hasSuffix("'\(folder!)/missing' does not exist"), "\(error)")
        }
        try "x\n".write(toFile: folder + "/file", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try write([generated("A.swift")], to: folder + "/file/Generated")) { error in
            XCTAssertTrue("\(error)".hasSuffix("'\(folder!)/file' is not a folder"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["file"])
    }
}
