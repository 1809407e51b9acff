import EndpointGenKit
import Foundation
import XCTest

/// Compares files with the goldens in `folder`. `UPDATE_GOLDENS=1` records them and then fails,
/// so a recording run never passes by accident. `isGolden` picks the folder's files that count
/// (other files there are ignored).
public func checkGoldenFolder(_ files: [(name: String, contents: String)], in folder: URL, isGolden: (String) -> Bool = { _ in true },
                              file: StaticString = #filePath, line: UInt = #line) throws {
    let label = folder.lastPathComponent
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in files {
            try Data(item.contents.utf8).write(to: folder.appendingPathComponent(item.name))
        }
        XCTFail("recorded \(files.count) goldens in '\(label)'; read the diff, then run again without UPDATE_GOLDENS", file: file, line: line)
        return
    }
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter(isGolden).sorted() ?? []
    XCTAssertEqual(existing, files.map(\.name).sorted(), "file names differ from the goldens in '\(label)'", file: file, line: line)
    for item in files {
        let expected = (try? String(contentsOf: folder.appendingPathComponent(item.name), encoding: .utf8)) ?? ""
        if expected != item.contents {
            let diff = LineDiff.unified(old: expected, new: item.contents, oldName: "golden/\(item.name)", newName: "new/\(item.name)")
            XCTFail("\(item.name) differs from its golden (UPDATE_GOLDENS=1 to record):\n\(diff)", file: file, line: line)
        }
    }
}
