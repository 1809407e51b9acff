/// A unified diff of two texts (Myers' O(ND) algorithm), for `endpointgen check`; past
/// `maxChanges` changed lines it prints the two line counts instead.
public enum LineDiff {
    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// `--- old` / `+++ new` headers and `@@` hunks with `context` lines around changes;
    /// the empty string when the texts are equal.
    public static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        guard let edits = diff(a, b, maxChanges: maxChanges) else {
            return "--- \(oldName)\n+++ \(newName)\ndiffers: \(a.count) lines vs \(b.count) lines (more than \(maxChanges) changed lines; no line-by-line diff)\n"
        }
        guard edits.contains(where: { if case .same = $0 { return false } else { return true } }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Positions of edits in both files, to group them into hunks.
        var index = 0
        var oldLine = 0
        var newLine = 0
        var positions: [(old: Int, new: Int)] = []
        for edit in edits {
            positions.append((oldLine, newLine))
            switch edit {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        while index < edits.count {
            guard case .same = edits[index] else {
                // A hunk: back up `context` lines, then run until `2 * context` unchanged lines.
                var start = index
                var back = 0
                while start > 0, back < context, case .same = edits[start - 1] { start -= 1; back += 1 }
                var end = index
                var sameRun = 0
                while end < edits.count {
                    if case .same = edits[end] {
                        sameRun += 1
                        if sameRun > 2 * context { break }
                    } else {
                        sameRun = 0
                    }
                    end += 1
                }
                // Keep at most `context` trailing unchanged lines.
                var trailing = 0
                var cut = end
                while cut > index, case .same = edits[cut - 1] { cut -= 1; trailing += 1 }
                end = cut + min(trailing, context)
                var oldCount = 0
                var newCount = 0
                var body = ""
                for edit in edits[start..<end] {
                    switch edit {
                    case .same(let line): body += " \(line)\n"; oldCount += 1; newCount += 1
                    case .removed(let line): body += "-\(line)\n"; oldCount += 1
                    case .added(let line): body += "+\(line)\n"; newCount += 1
                    }
                }
                let oldStart = oldCount == 0 ? positions[start].old : positions[start].old + 1
                let newStart = newCount == 0 ? positions[start].new : positions[start].new + 1
                out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
                index = end
                continue
            }
            index += 1
        }
        return out
    }

    static func lines(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Most changed lines a diff is worked out for: beyond it `unified` prints the two line
    /// counts. Bounds the search at about `maxChanges`² steps plus the lines' length, and its
    /// memory at (`maxChanges` + 1)² 32-bit numbers (36 MB) besides the lines, whatever the
    /// sizes of the files.
    static let maxChanges = 3000

    /// The shortest edit script from `a` to `b`.
    static func diff(_ a: [String], _ b: [String]) -> [Edit] {
        diff(a, b, maxChanges: a.count + b.count)!
    }

    /// The shortest edit script from `a` to `b`, or nil when it has more than `maxChanges`
    /// insertions and deletions. Lines common to both ends are set aside first, and a side left
    /// empty needs no search (a new or deleted file costs its length, whatever its size).
    static func diff(_ a: [String], _ b: [String], maxChanges: Int) -> [Edit]? {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = a[prefix..<(a.count - suffix)]
        let newMiddle = b[prefix..<(b.count - suffix)]
        var edits = a[..<prefix].map { Edit.same($0) }
        if oldMiddle.isEmpty || newMiddle.isEmpty {
            edits += oldMiddle.map { .removed($0) }
            edits += newMiddle.map { .added($0) }
        } else {
            // At least the difference in length must change.
            guard abs(oldMiddle.count - newMiddle.count) <= maxChanges else { return nil }
            // Lines as numbers: each comparison of the search is one integer comparison.
            var ids: [String: Int32] = [:]
            var x: [Int32] = []
            x.reserveCapacity(oldMiddle.count)
            for line in oldMiddle {
                if let id = ids[line] {
                    x.append(id)
                } else {
                    let id = Int32(ids.count)
                    ids[line] = id
                    x.append(id)
                }
            }
            var y: [Int32] = []
            y.reserveCapacity(newMiddle.count)
            for line in newMiddle {
                if let id = ids[line] {
                    y.append(id)
                } else {
                    y.append(-1)
                }
            }
            guard let script = myers(x, y, maxChanges: maxChanges) else { return nil }
            var i = oldMiddle.startIndex
            var j = newMiddle.startIndex
            for step in script {
                switch step {
                case .same: edits.append(.same(oldMiddle[i])); i += 1; j += 1
                case .removed: edits.append(.removed(oldMiddle[i])); i += 1
                case .added: edits.append(.added(newMiddle[j])); j += 1
                }
            }
        }
        edits += a[(a.count - suffix)...].map { .same($0) }
        return edits
    }

    private enum Step { case same, removed, added }

    /// Myers' O(ND) search on line numbers, keeping for each d only the 2d + 1 diagonals it
    /// reached (memory O(D²), not O((N + M) · D)); nil past `maxChanges`.
    private static func myers(_ a: [Int32], _ b: [Int32], maxChanges: Int) -> [Step]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maxChanges)
        // frontiers[d][k + d] is the furthest x on diagonal k after d changes.
        var frontiers: [[Int32]] = []
        var previous: [Int32] = []
        var found = false
        search: for d in 0...limit {
            var v = [Int32](repeating: 0, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                // previous[k' + d - 1] holds diagonal k' of step d - 1.
                if d == 0 {
                    x = 0
                } else if k == -d || (k != d && previous[k - 1 + d - 1] < previous[k + 1 + d - 1]) {
                    x = Int(previous[k + 1 + d - 1])
                } else {
                    x = Int(previous[k - 1 + d - 1]) + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[k + d] = Int32(x)
                if x >= n, y >= m {
                    frontiers.append(v)
                    found = true
                    break search
                }
            }
            frontiers.append(v)
            previous = v
        }
        guard found else { return nil }
        // Walk back through the saved frontiers.
        var steps: [Step] = []
        var x = n
        var y = m
        for d in stride(from: frontiers.count - 1, through: 0, by: -1) {
            let k = x - y
            var previousX = 0
            var previousY = 0
            if d > 0 {
                let frontier = frontiers[d - 1]
                let previousK: Int
                if k == -d || (k != d && frontier[k - 1 + d - 1] < frontier[k + 1 + d - 1]) {
                    previousK = k + 1
                } else {
                    previousK = k - 1
                }
                previousX = Int(frontier[previousK + d - 1])
                previousY = previousX - previousK
            }
            while x > previousX, y > previousY {
                steps.append(.same)
                x -= 1
                y -= 1
            }
            if d > 0 {
                steps.append(x == previousX ? .added : .removed)
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
