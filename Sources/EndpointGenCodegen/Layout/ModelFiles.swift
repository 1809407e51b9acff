import EndpointGenSpec

/// Which file each model of a spec goes to.
///
/// A spec's models (and its multipart structs) go to `<Stem>Models.swift`, in spec order. A file
/// that would pass `lineLimit` lines is cut instead, into files of at most `models.fileLimit`
/// lines (`cut`): its declarations sorted by name, a cut after each declaration whose name hashes
/// to a multiple of `models.cutEvery`, and a piece past the file limit cut again at half that,
/// and so on. The first file keeps `<Stem>Models.swift`, each other is named after its first
/// declaration (`<Stem>Models-Charge.swift`). The cuts depend on names, not on positions, so
/// adding or removing a model changes its own file (cut finer where it passes the limit) and no
/// other: diffs stay small and the compiler rebuilds little. Why cut at all: the driver compiles
/// whole files in each job, and a recompiled file costs by its length. Stripe's one models file
/// of 90,000 lines held 2.4 GB in one job; files of at most 750 lines rather than 5,000 made a
/// field added to GitHub's `SimpleUser` rebuild in about half the time, and the full debug build
/// lighter (Benchmarks/NOTES.md, "Big documents": files cut). Models that fit in `lineLimit`
/// lines stay one file, in spec order, so small and medium specs' output does not change.
enum ModelFiles {
    /// How big the files of a cut are.
    struct Sizes {
        /// No file of the cut passes this many lines, unless one declaration does (or a name
        /// clash keeps a declaration in the file before).
        var fileLimit: Int
        /// About one declaration in this many ends a file (by its name's hash); a power of two.
        var cutEvery: UInt64
    }

    /// A file past this many lines is cut (models, and Router, Service and ServiceFake files).
    static let lineLimit = 5_000
    /// Models files: about 16 models between hash cuts (~640 lines at the 40 lines a model takes
    /// on average in GitHub's and Stripe's output), cut finer by name past 750 lines.
    static let models = Sizes(fileLimit: 750, cutEvery: 16)
    /// The members of a big Router, Service or ServiceFake (`EndpointFiles`): files of about
    /// 2,500 lines (64 parts between hash cuts), at most 5,000.
    static let endpoints = Sizes(fileLimit: lineLimit, cutEvery: 64)

    /// A model's text, or a multipart struct's.
    struct Item {
        var name: String
        /// Ends with a newline; no blank line before or after.
        var text: String
        var lines: Int
    }

    /// The declarations of each file, in file order; `headerLines` lines precede them in each file
    /// and a blank line separates two declarations. `fileName` names a file by its index and
    /// first declaration.
    static func split(
        _ declarations: [Item], headerLines: Int, fileName: (_ index: Int, _ first: String) -> String
    ) -> [[Item]] {
        let total = declarations.reduce(headerLines) { $0 + $1.lines + 1 }
        guard total > lineLimit else { return [declarations] }
        return cut(declarations, sizes: models, name: \.name, lines: \.lines, headerLines: headerLines, fileName: fileName)
    }

    /// Items sorted by name, cut after each name that `endsFile` at `sizes.cutEvery`; a piece past
    /// `sizes.fileLimit` is cut again after the names that end a file at half that, and so on
    /// down to one item per piece. Every cut depends on names alone: adding an item changes the
    /// piece it goes to (cut finer if it now passes the limit) and no other. (Cutting where the
    /// limit falls would move every later cut of the piece by one item.) Also cuts the members of
    /// a Router or Service past the limit (`EndpointFiles`).
    ///
    /// A file is named after its first item (`fileName`, by the file's index), so no file starts
    /// with an item whose file name an earlier file of the cut has, letter case aside (names
    /// alike in their first 60 characters, or in all but case): that piece joins the file
    /// before, which may then pass the limit. The Namer cannot report such a clash, as it depends
    /// on line counts; and two such files would be one on macOS and Windows.
    static func cut<Item>(
        _ items: [Item], sizes: Sizes, name: (Item) -> String, lines: (Item) -> Int, headerLines: Int,
        fileName: (_ index: Int, _ first: String) -> String
    ) -> [[Item]] {
        func pieces(_ items: ArraySlice<Item>, every: UInt64) -> [ArraySlice<Item>] {
            var result: [ArraySlice<Item>] = []
            var start = items.startIndex
            for index in items.indices where index == items.endIndex - 1 || endsFile(name(items[index]), every: every) {
                let piece = items[start...index]
                start = index + 1
                let count = piece.reduce(headerLines) { $0 + lines($1) + 1 }
                // Powers of two: a name that ends a file at `every` ends one at `every / 2` too.
                if every > 1, count > sizes.fileLimit { result += pieces(piece, every: every / 2) } else { result.append(piece) }
            }
            return result
        }
        let sorted = items.sorted { name($0) < name($1) }
        var files: [[Item]] = []
        var taken: Set<String> = []
        for piece in pieces(sorted[...], every: sizes.cutEvery) {
            if taken.insert(fileName(files.count, name(piece[piece.startIndex])).lowercased()).inserted || files.isEmpty {
                files.append(Array(piece))
            } else {
                files[files.count - 1] += piece
            }
        }
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
    static func endsFile(_ name: String, every cutEvery: UInt64) -> Bool {
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
