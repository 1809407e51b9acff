/// A unified diff of two texts (Myers' O(ND) algorithm), for `endpointgen check`.
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
        let edits = diff(a, b)
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

    /// The shortest edit script from `a` to `b`.
    static func diff(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let maxD = n + m
        if maxD == 0 { return [] }
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        search: for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back through the saved frontiers.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : frontier[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                edits.append(.same(a[x - 1]))
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX {
                    edits.append(.added(b[y - 1]))
                } else {
                    edits.append(.removed(a[x - 1]))
                }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }
}
