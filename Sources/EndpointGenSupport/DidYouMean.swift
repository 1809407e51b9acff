/// "Did you mean" suggestions for misspelt keys, types and model names.
public enum DidYouMean {
    /// The closest candidate to `word`, if one is close enough to be a plausible typo.
    /// Ties are broken by candidate order, so the result is deterministic.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().utf8)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().utf8))
            let limit = max(1, min(3, (max(word.utf8.count, candidate.utf8.count) + 2) / 4))
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// ` (did you mean 'x'?)` or the empty string, ready to append to a message.
    public static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        guard let match = suggestion(for: word, among: candidates) else { return "" }
        return "; did you mean '\(match)'?"
    }

    /// Optimal string alignment distance (Levenshtein with transpositions).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
