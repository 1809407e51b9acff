import EndpointGenSupport
import EndpointGenYAML

/// A mapping whose keys were checked against a fixed list; lookups are linear because the
/// lists are short (at most 15 keys).
struct KeyedMapping {
    struct Entry {
        var key: String
        var keyNode: YAMLNode
        var value: YAMLNode
    }

    var entries: [Entry]
    /// Where the mapping starts (used for "missing key" errors).
    var location: SourceLocation
    /// Keys suggested for misspelt ones: a missing key that was misspelt is not reported again.
    var suggested: [String] = []

    /// Whether a required key is absent and was not already reported as misspelt.
    func isMissing(_ key: String) -> Bool {
        self[key] == nil && !suggested.contains(key)
    }

    subscript(_ key: String) -> Entry? {
        for entry in entries where entry.key == key { return entry }
        return nil
    }
}

/// Shared helpers for reading nodes of one file: kinds, known keys, scalar words.
/// Each helper reports its own error at the most precise node and returns nil. Descriptions
/// (`what`) are built only when a message needs them: they are on the hot path of every field.
struct NodeReader {
    let file: String
    var diagnostics = DiagnosticBag()

    init(file: String) {
        self.file = file
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        node.mark.location(in: file)
    }

    /// Where a scalar's text starts: after the opening quote of a quoted scalar.
    func textLocation(_ node: YAMLNode) -> SourceLocation {
        var location = node.mark.location(in: file)
        if let scalar = node.scalar, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            location.column += 1
        }
        return location
    }

    /// `'abc'` for a scalar, `a mapping` / `a sequence` otherwise; for "found …" in messages.
    static func describe(_ node: YAMLNode) -> String {
        if let scalar = node.scalar {
            return scalar.isPlainNull ? "nothing" : "'\(scalar.value)'"
        }
        return node.kindDescription
    }

    /// The pairs of a mapping; an empty value (`models:` with nothing after it) is an empty mapping.
    mutating func pairs(_ node: YAMLNode, for what: @autoclosure () -> String) -> [YAMLPair]? {
        switch node.content {
        case .mapping(let pairs):
            return pairs
        case .scalar(let scalar) where scalar.isPlainNull:
            return []
        default:
            diagnostics.error("expected a mapping for \(what()), found \(Self.describe(node))", at: location(node))
            return nil
        }
    }

    /// The text of a mapping key (the loader rejects non-scalar keys in specs).
    func keyText(_ node: YAMLNode) -> String {
        node.scalar?.value ?? ""
    }

    /// A mapping with only `allowed` keys; unknown ones are reported at the key with a suggestion.
    mutating func keyed(_ node: YAMLNode, in what: @autoclosure () -> String, allowed: [String]) -> KeyedMapping? {
        guard let pairs = pairs(node, for: what()) else { return nil }
        var mapping = KeyedMapping(entries: [], location: location(node))
        mapping.entries.reserveCapacity(pairs.count)
        for pair in pairs {
            let key = keyText(pair.key)
            guard allowed.contains(key) else {
                let suggestion = DidYouMean.suggestion(for: key, among: allowed)
                if let suggestion { mapping.suggested.append(suggestion) }
                diagnostics.error(
                    "unknown key '\(key)' in \(what())\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                    at: location(pair.key))
                continue
            }
            mapping.entries.append(.init(key: key, keyNode: pair.key, value: pair.value))
        }
        return mapping
    }

    /// The text of a scalar, or an error naming `what` for a mapping or sequence.
    mutating func text(_ node: YAMLNode, for what: @autoclosure () -> String) -> String? {
        guard let scalar = node.scalar else {
            diagnostics.error("expected a string for \(what()), found \(node.kindDescription)", at: location(node))
            return nil
        }
        return scalar.value
    }

    /// A doc text (`summary`, `description`); empty means absent.
    mutating func docText(_ node: YAMLNode, for what: @autoclosure () -> String) -> String? {
        guard let value = text(node, for: what()), !value.isEmpty else { return nil }
        return value
    }

    /// A plain `true` or `false`.
    mutating func bool(_ node: YAMLNode, for what: @autoclosure () -> String) -> Bool? {
        if let scalar = node.scalar, scalar.style == .plain {
            if scalar.value == "true" { return true }
            if scalar.value == "false" { return false }
        }
        diagnostics.error("expected true or false for \(what()), found \(Self.describe(node))", at: location(node))
        return nil
    }

    /// `deprecated:`: `true`/`false`, or a message (which means deprecated).
    mutating func deprecation(_ node: YAMLNode, for what: @autoclosure () -> String) -> (deprecated: Bool, message: String?)? {
        guard let scalar = node.scalar, !scalar.isPlainNull else {
            diagnostics.error(
                "expected true, false or a message for \(what()), found \(Self.describe(node))", at: location(node))
            return nil
        }
        if scalar.style == .plain {
            if scalar.value == "true" { return (true, nil) }
            if scalar.value == "false" { return (false, nil) }
        }
        return (true, scalar.value)
    }
}
