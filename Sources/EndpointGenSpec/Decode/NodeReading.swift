import EndpointGenSupport
import EndpointGenYAML

/// A fixed list of keys, matched by a cheap signature (length, first and last byte) before any
/// string comparison: key matching runs for every key of every mapping of a spec.
struct KeySet: ExpressibleByArrayLiteral {
    let keys: [String]
    /// The keys' UTF-8 bytes one after another, each starting at `offsets[i]`.
    private let bytes: [UInt8]
    private let offsets: [Int]
    private let signatures: [UInt32]

    init(arrayLiteral keys: String...) {
        self.init(keys)
    }

    init(_ keys: [String]) {
        self.keys = keys
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        var signatures: [UInt32] = []
        for key in keys {
            offsets.append(bytes.count)
            signatures.append(Lexical.withBytes(key, Self.signature))
            bytes += key.utf8
        }
        self.bytes = bytes
        self.offsets = offsets
        self.signatures = signatures
    }

    private static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let first = bytes.first, let last = bytes.last else { return 0 }
        return UInt32(truncatingIfNeeded: bytes.count) << 16 | UInt32(first) << 8 | UInt32(last)
    }

    /// The position of `key` in the list.
    func index(of key: String) -> Int? {
        Lexical.withBytes(key) { index(ofUTF8: $0) }
    }

    /// The position of a scalar key node's text in the list, read without making a `String`.
    func index(of node: YAMLNode) -> Int? {
        node.withScalarBytes { index(ofUTF8: $0) } ?? nil
    }

    private func index(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let signature = Self.signature(bytes)
        guard signature != 0 else { return nil }
        // Same length, first and last byte: compare the bytes between.
        for position in signatures.indices where signatures[position] == signature {
            let offset = offsets[position]
            var index = 1
            while index < bytes.count - 1, self.bytes[offset + index] == bytes[index] {
                index += 1
            }
            if index >= bytes.count - 1 { return position }
        }
        return nil
    }
}

/// A mapping whose keys were checked against a `KeySet`, with its entries found by key position.
struct KeyedMapping {
    struct Entry {
        var key: String
        var keyNode: YAMLNode
        var value: YAMLNode
    }

    let keySet: KeySet
    /// Known keys in source order.
    var entries: [Entry] = []
    /// Entry index per key of `keySet`, -1 when absent.
    var slots: [Int]
    /// Where the mapping starts (used for "missing key" errors).
    var location: SourceLocation
    /// Keys suggested for misspelt ones: a missing key that was misspelt is not reported again.
    var suggested: [String] = []

    init(keySet: KeySet, location: SourceLocation) {
        self.keySet = keySet
        self.slots = Array(repeating: -1, count: keySet.keys.count)
        self.location = location
    }

    /// Whether a required key is absent and was not already reported as misspelt.
    func isMissing(_ key: String) -> Bool {
        self[key] == nil && !suggested.contains(key)
    }

    subscript(_ key: String) -> Entry? {
        guard let position = keySet.index(of: key), slots[position] >= 0 else { return nil }
        return entries[slots[position]]
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
        if let style = node.scalarStyle, style == .singleQuoted || style == .doubleQuoted {
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
    mutating func pairs(_ node: YAMLNode, for what: @autoclosure () -> String) -> YAMLMapping? {
        if let pairs = node.mapping { return pairs }
        if node.isPlainNull { return YAMLMapping() }
        diagnostics.error("expected a mapping for \(what()), found \(Self.describe(node))", at: location(node))
        return nil
    }

    /// The text of a mapping key (the loader rejects non-scalar keys in specs).
    func keyText(_ node: YAMLNode) -> String {
        node.scalar?.value ?? ""
    }

    /// A mapping with only `allowed` keys; unknown ones are reported at the key with a suggestion.
    /// With `extensionKeys`, keys beginning with `x-` are skipped without a word.
    mutating func keyed(
        _ node: YAMLNode, in what: @autoclosure () -> String, allowed: KeySet, extensionKeys: Bool = false
    ) -> KeyedMapping? {
        guard let pairs = pairs(node, for: what()) else { return nil }
        var mapping = KeyedMapping(keySet: allowed, location: location(node))
        mapping.entries.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let position = allowed.index(of: pair.key) else {
                let key = keyText(pair.key)
                if extensionKeys, key.hasPrefix("x-") { continue }
                let suggestion = DidYouMean.suggestion(for: key, among: allowed.keys)
                if let suggestion { mapping.suggested.append(suggestion) }
                diagnostics.error(
                    "unknown key '\(key)' in \(what())\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                    at: location(pair.key))
                continue
            }
            mapping.slots[position] = mapping.entries.count
            mapping.entries.append(.init(key: allowed.keys[position], keyNode: pair.key, value: pair.value))
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

    /// `deprecated:`: `true`/`false`, or a message (which means deprecated). nil for `false` and
    /// for a value that is none of these (reported).
    mutating func deprecation(_ node: YAMLNode, for what: @autoclosure () -> String) -> Deprecation? {
        guard let scalar = node.scalar, !scalar.isPlainNull else {
            diagnostics.error(
                "expected true, false or a message for \(what()), found \(Self.describe(node))", at: location(node))
            return nil
        }
        if scalar.style == .plain {
            if scalar.value == "true" { return .deprecated }
            if scalar.value == "false" { return nil }
        }
        return .message(scalar.value)
    }
}
