import EndpointGenSpec

/// Which file each model of a spec goes to.
///
/// A spec's models (and its multipart structs) go to `<Stem>Models.swift`, in spec order. A file
/// that would pass `lineLimit` lines is cut instead: its declarations sorted by name, a cut after
/// each declaration whose name hashes to a multiple of `cutEvery`, and another wherever the next
/// declaration would take a file past the limit. The first file keeps `<Stem>Models.swift`, each
/// other is named after its first declaration (`<Stem>Models-Charge.swift`). The cuts depend on
/// names, not on positions, so adding or removing a model changes its own file (and, rarely, the
/// next one, where the limit forced a cut) and no other: diffs stay small and the compiler rebuilds
/// little. Why cut at all: the driver compiles whole files in each job, and Stripe's one models
/// file of 90,000 lines held 2.4 GB in one job and made it the build's long pole.
enum ModelFiles {
    static let lineLimit = 5_000
    /// About one declaration in this many ends a file: files of about 2,500 lines at the 40 lines
    /// a model takes on average in GitHub's and Stripe's output.
    static let cutEvery: UInt64 = 64

    struct Declaration {
        var name: String
        /// Ends with a newline; no blank line before or after.
        var text: String
        var lines: Int
    }

    /// The declarations of each file, in file order; `headerLines` lines precede them in each file
    /// and a blank line separates two declarations. `fileName` names a file by its index and
    /// first declaration.
    static func split(
        _ declarations: [Declaration], headerLines: Int, fileName: (_ index: Int, _ first: String) -> String
    ) -> [[Declaration]] {
        let total = declarations.reduce(headerLines) { $0 + $1.lines + 1 }
        guard total > lineLimit else { return [declarations] }
        return cut(declarations, name: \.name, lines: \.lines, headerLines: headerLines, fileName: fileName)
    }

    /// Items sorted by name, cut after each name that `endsFile` and wherever the next item would
    /// take a file past the limit. Also cuts the members of a Router or Service past the limit
    /// (`EndpointFiles`).
    ///
    /// A file is named after its first item (`fileName`, by the file's index), so no file starts
    /// with an item whose file name an earlier file of the cut has, letter case aside (names
    /// alike in their first 60 characters, or in all but case): that item stays in the file
    /// before, which may then pass the limit. The Namer cannot report such a clash, as it depends
    /// on line counts; and two such files would be one on macOS and Windows.
    static func cut<Item>(
        _ items: [Item], name: (Item) -> String, lines: (Item) -> Int, headerLines: Int,
        fileName: (_ index: Int, _ first: String) -> String
    ) -> [[Item]] {
        var files: [[Item]] = []
        var current: [Item] = []
        var count = headerLines
        var taken: Set<String> = []
        // Set after an item that `endsFile`, until a file can start.
        var cutDue = false
        for item in items.sorted(by: { name($0) < name($1) }) {
            if current.isEmpty || cutDue || count + 1 + lines(item) > lineLimit {
                let index = files.count + (current.isEmpty ? 0 : 1)
                if taken.insert(fileName(index, name(item)).lowercased()).inserted {
                    if !current.isEmpty { files.append(current) }
                    current = []
                    count = headerLines
                    cutDue = false
                }
            }
            current.append(item)
            count += lines(item) + 1
            if endsFile(name(item)) { cutDue = true }
        }
        if !current.isEmpty { files.append(current) }
        return files
    }

    /// `<Stem>Models.swift` for the first file, `<Stem>Models-<first declaration>.swift` for the others,
    /// within the 200 bytes `OutputWriter` allows.
    static func fileName(stem: String, index: Int, first: String) -> String {
        fileName(base: "\(stem)Models", index: index, first: first)
    }

    /// `<base>.swift` for the first file, `<base>-<first declaration>.swift` for the others: the
    /// Namer's rule (`Namer.cutFileName`), which also reserves each base's cut files module-wide.
    static func fileName(base: String, index: Int, first: String) -> String {
        Namer.cutFileName(base: base, index: index, first: first)
    }

    /// Whether a file ends after this declaration: a property of the name alone, the same on every
    /// machine and every run (FNV-1a with a final mix; Swift's `Hasher` is seeded per process).
    static func endsFile(_ name: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return hash % cutEvery == 0
    }
}
