import EndpointGenCodegen
import EndpointGenSupport
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
        // A new folder (written hidden, renamed whole) and an existing one (temporary files,
        // journal, renames) hold the same bytes.
        let file = generated("A.swift", "struct Ä {}")
        try write([file], to: folder + "/New")
        try FileManager.default.createDirectory(atPath: folder + "/Old", withIntermediateDirectories: false)
        try write([file], to: folder + "/Old")
        XCTAssertEqual(read("New/A.swift"), file.contents)
        XCTAssertEqual(read("Old/A.swift"), file.contents)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Old"), ["A.swift"])
    }

    // MARK: - All or nothing

    /// A small tmpfs mounted at `folder/mnt` (root only, where the system allows it); nil with
    /// a printed reason where it cannot be made.
    private func mountTmpfs(size: String, readOnly: Bool = false) throws -> String? {
        let mountPoint = folder + "/mnt"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        func run(_ arguments: [String]) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        guard getuid() == 0, run(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint]) else {
            print("skipped: cannot mount a tmpfs here (needs root and mount rights)")
            return nil
        }
        addTeardownBlock { _ = run(["umount", mountPoint]) }
        return mountPoint
    }

    private func remountReadOnly(_ mountPoint: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["mount", "-o", "remount,ro", mountPoint]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private func snapshot(_ path: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            result[name] = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
        }
        return result
    }

    func testFullDiskLeavesTheOldGenerationWhole() throws {
        guard let disk = try mountTmpfs(size: "256k") else { return }
        let output = disk + "/Generated"
        let old = (0..<20).map { generated("F\($0).swift", "struct Old\($0) {}") }
        try write(old, to: output)
        let before = try snapshot(output)
        // 20 files of 20 KB each: more than the disk holds next to the old ones.
        let new = (0..<20).map { generated("F\($0).swift", String(repeating: "// filler line of the new generation\n", count: 550)) } + [generated("G.swift")]
        XCTAssertThrowsError(try write(new, to: output)) { error in
            XCTAssertTrue("\(error)".contains("No space left on device"), "\(error)")
        }
        XCTAssertEqual(try snapshot(output), before)
        // Room again: the next run writes the whole new generation.
        try write(old, to: output)
        XCTAssertEqual(try snapshot(output), before)
    }

    func testReadOnlyFolderIsLeftAsItWas() throws {
        let output: String
        if getuid() == 0 {
            // chmod does not stop root: a read-only mount does.
            guard let disk = try mountTmpfs(size: "1m") else { return }
            output = disk + "/Generated"
            try write([generated("A.swift", "struct Old {}"), generated("B.swift")], to: output)
            guard remountReadOnly(disk) else {
                print("skipped: cannot remount the tmpfs read-only")
                return
            }
        } else {
            output = folder + "/Generated"
            try write([generated("A.swift", "struct Old {}"), generated("B.swift")], to: output)
            chmod(output, 0o555)
        }
        defer { chmod(output, 0o755) }
        let before = try snapshot(output)
        XCTAssertThrowsError(try write([generated("A.swift", "struct New {}"), generated("C.swift")], to: output)) { error in
            XCTAssertTrue("\(error)".contains("Read-only file system") || "\(error)".contains("Permission denied"), "\(error)")
        }
        XCTAssertEqual(try snapshot(output), before)
    }

    func testRepairCompletesAJournalAndSweepsTemporaryFiles() throws {
        try write([generated("A.swift", "struct Old {}"), generated("B.swift"), generated("C.swift")])
        // A run killed after its journal: A's rename made, C's not, B still to remove; and a
        // temporary file of another killed run.
        try generated("A.swift", "struct New {}").contents.write(toFile: folder + "/A.swift", atomically: false, encoding: .utf8)
        try generated("C.swift", "struct New {}").contents.write(toFile: folder + "/.endpointgen-7-C.swift.tmp", atomically: false, encoding: .utf8)
        try "x".write(toFile: folder + "/.endpointgen-8-D.swift.tmp", atomically: false, encoding: .utf8)
        try "endpointgen journal 1\nrename .endpointgen-7-A.swift.tmp A.swift\nrename .endpointgen-7-C.swift.tmp C.swift\nremove B.swift\nend\n"
            .write(toFile: folder + "/.endpointgen-journal", atomically: false, encoding: .utf8)
        let leftovers = try OutputWriter.leftovers(in: folder)
        XCTAssertEqual(leftovers.describe("G"), [
            "'G' holds an interrupted generation (.endpointgen-journal): 1 file(s) still to move into place, 1 to remove",
            "'G' holds 1 temporary file(s) of an interrupted run (.endpointgen-8-D.swift.tmp)",
        ])
        XCTAssertEqual(try OutputWriter.repair(folder), [
            "completed the interrupted generation in '\(folder!)' (1 file(s) moved into place, 1 removed)",
            "removed 1 temporary file(s) left in '\(folder!)' by an interrupted run",
        ])
        XCTAssertEqual(try snapshot(folder), ["A.swift": generated("A.swift", "struct New {}").contents, "C.swift": generated("C.swift", "struct New {}").contents])
        XCTAssertEqual(try OutputWriter.repair(folder), [])
    }

    func testDamagedJournalIsReportedAndNothingIsDone() throws {
        try write([generated("A.swift")])
        try "endpointgen journal 1\nrename ../x A.swift\nend\n".write(toFile: folder + "/.endpointgen-journal", atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try OutputWriter.repair(folder)) { error in
            XCTAssertEqual("\(error)", "'\(folder!)/.endpointgen-journal' is damaged; remove it and run generate again")
        }
        XCTAssertEqual(read("A.swift"), generated("A.swift").contents)
    }

    /// A journal that came with the repository (a pull request can carry one) is not a run's:
    /// it may name the user's own files. Nothing it says is done, and the error says why.
    func testAJournalNamingTheUsersFilesChangesNothing() throws {
        try write([generated("A.swift"), generated("B.swift")])
        try "// mine\nstruct UserCode {}\n".write(toFile: folder + "/UserCode.swift", atomically: false, encoding: .utf8)
        let planted = generated("UserCode.swift", "#error(\"PLANTED\")").contents
        let cases: [(journal: String, files: [String: String], reason: String)] = [
            // "remove UserCode.swift": a file without the generated header.
            ("remove B.swift\nremove UserCode.swift\n", [:], "'UserCode.swift' is not a generated file"),
            // A planted temporary file renamed over the user's file.
            ("rename .endpointgen-1-UserCode.swift.tmp UserCode.swift\nremove B.swift\n",
             [".endpointgen-1-UserCode.swift.tmp": planted], "'UserCode.swift' is not a generated file"),
            // A temporary file that is not generated code, renamed over a generated one.
            ("rename .endpointgen-1-A.swift.tmp A.swift\nremove B.swift\n",
             [".endpointgen-1-A.swift.tmp": "#error(\"PLANTED\")\n"], "'.endpointgen-1-A.swift.tmp' is not a generated file"),
            // A temporary file named for another place than the one it is moved to.
            ("rename .endpointgen-1-A.swift.tmp UserCode.swift\n",
             [".endpointgen-1-A.swift.tmp": planted], "'.endpointgen-1-A.swift.tmp' is not the temporary file a run writes for 'UserCode.swift'"),
            // Temporary files of two runs: one run writes a journal.
            ("rename .endpointgen-1-A.swift.tmp A.swift\nrename .endpointgen-2-B.swift.tmp B.swift\n",
             [".endpointgen-1-A.swift.tmp": generated("A.swift", "struct New {}").contents, ".endpointgen-2-B.swift.tmp": generated("B.swift", "struct New {}").contents],
             "'.endpointgen-2-B.swift.tmp' is not the temporary file a run writes for 'B.swift'"),
        ]
        for (journal, files, reason) in cases {
            for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
            try ("endpointgen journal 1\n" + journal + "end\n").write(toFile: folder + "/.endpointgen-journal", atomically: false, encoding: .utf8)
            let before = try snapshot(folder)
            let expected = "'\(folder!)/.endpointgen-journal' does not describe an interrupted generation (\(reason)); nothing was changed. Remove it (a journal never belongs in version control) and run generate again"
            XCTAssertThrowsError(try OutputWriter.repair(folder), journal) { XCTAssertEqual("\($0)", expected) }
            XCTAssertThrowsError(try OutputWriter.leftovers(in: folder), journal) { XCTAssertEqual("\($0)", expected) }
            XCTAssertEqual(try snapshot(folder), before, journal)
            for name in files.keys { unlink(folder + "/" + name) }
        }
        XCTAssertEqual(read("UserCode.swift"), "// mine\nstruct UserCode {}\n")
        // A journal that is a link is not followed.
        unlink(folder + "/.endpointgen-journal")
        try "endpointgen journal 1\nremove B.swift\nend\n".write(toFile: folder + "/elsewhere", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("elsewhere", folder + "/.endpointgen-journal"), 0)
        XCTAssertThrowsError(try OutputWriter.repair(folder)) { XCTAssertTrue("\($0)".contains("(it is not a regular file); nothing was changed"), "\($0)") }
        XCTAssertEqual(read("B.swift"), generated("B.swift").contents)
    }

    func testHugeFileUnderAGeneratedNameIsNotRead() throws {
        // A sparse 4 GB file where A.swift belongs: different, shown by its size, replaced.
        let path = folder + "/A.swift"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        XCTAssertEqual(truncate(path, 4 << 30), 0)
        let plan = try OutputWriter.plan([generated("A.swift")], in: folder)
        XCTAssertEqual(plan.changes.map(\.old), ["// (4294967296 bytes, larger than 64 MiB: not read)\n"])
        try OutputWriter.apply(plan)
        XCTAssertEqual(read("A.swift"), generated("A.swift").contents)
    }

    func testHeaderTestReadsOnlyTheHeaderOfAForeignFile() throws {
        // A sparse 4 GB foreign file: telling it is not generated reads a few bytes.
        let path = folder + "/Big.swift"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("// mine\n".utf8)))
        XCTAssertEqual(truncate(path, 4 << 30), 0)
        let plan = try OutputWriter.plan([generated("A.swift")], in: folder)
        XCTAssertTrue(plan.stale.isEmpty)
        XCTAssertEqual(try FileSystem.readPrefix(of: path, count: 5), Array("// mi".utf8))
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
        XCTAssertThrowsError(try write([generated("FooBar.swift"), generated("Foobar.swift")])) { error in
            XCTAssertEqual("\(error)", "two generated files are both named 'Foobar.swift' (letter case aside)")
        }
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
