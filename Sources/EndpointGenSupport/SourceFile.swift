/// A file a command reads: the path shown in diagnostics and generated headers (relative to the
/// working directory when possible, e.g. `specs/auth.yaml`) and its bytes. Spec files for
/// `SpecLoader`, Swift files for import-swift; what a command writes is a `GeneratedFile`.
public struct SourceFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

extension SourceFile {
    /// How diagnostics and summaries show the path of `name` in `folder` (itself as shown):
    /// `folder/name`, or `name` alone when the folder is the working directory (`.`).
    public static func shownPath(_ name: String, in folder: String) -> String {
        folder == "." ? name : folder + "/" + name
    }
}

extension GeneratedFile {
    /// This file as `SpecLoader` reads it once written into `folder`: the importers load the specs
    /// they produce before they write them, and diagnostics then name the file where it will be.
    public func readBack(from folder: String) -> SourceFile {
        SourceFile(path: SourceFile.shownPath(name, in: folder), bytes: Array(contents.utf8))
    }
}
