extension Namer {
    /// The longest output file name, in bytes (`OutputWriter` refuses longer ones).
    public static let maxFileNameBytes = 200

    /// The name of one of the files a long `<base>.swift` (a Models file, a Router or a Service)
    /// is cut into: `<base>.swift` for the first, `<base>-<first declaration>.swift` for the
    /// others, within `maxFileNameBytes`. The code generator decides the cuts
    /// (they depend on line counts); the name is decided here, the one rule for output files.
    public static func cutFileName(base: String, index: Int, first: String) -> String {
        guard index > 0 else { return base + ".swift" }
        let room = max(0, maxFileNameBytes - base.utf8.count - ".swift".utf8.count - 1)
        let kept = first.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        let suffix = String(String.UnicodeScalarView(kept.prefix(min(room, 60))))
        return "\(base)-\(suffix.isEmpty ? String(index) : suffix).swift"
    }

    /// What the Namer reserves for the cut files of `<base>.swift`: `<base>-*.swift`, a name no
    /// real file has (`*` is not allowed in output names), so that two bases meet only here.
    public static func cutFileFamily(ofFile file: String) -> String {
        String(file.dropLast(".swift".count)) + "-*.swift"
    }
}
