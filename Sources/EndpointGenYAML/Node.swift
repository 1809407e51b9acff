import EndpointGenSupport

/// A 1-based line and column (UTF-8 bytes) in the YAML source.
public struct Mark: Hashable, Sendable {
    public var line: Int
    public var column: Int

    /// The mark as a diagnostic location in `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}

/// How a scalar was written. Plain scalars are the only ones a schema may resolve
/// (`null`, `true`, numbers); quoted and block scalars are always text.
public enum ScalarStyle: UInt8, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// A scalar: its text exactly as YAML delivered it, never converted. `NO` stays the
/// string "NO" and `0777` stays "0777"; the spec layer converts by expected type.
public struct YAMLScalar: Sendable, Hashable {
    public var value: String
    public var style: ScalarStyle

    public init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }

    /// True for a plain scalar that YAML 1.2's core schema reads as null (`~`, `null`, empty).
    public var isPlainNull: Bool {
        style == .plain && Self.isNullText(value.utf8)
    }

    /// The core schema's null words: ``, `~`, `null`, `Null`, `NULL` (of a plain scalar).
    static func isNullText<Text: Collection<UInt8>>(_ text: Text) -> Bool {
        switch text.count {
        case 0: return true
        case 1: return text.first == UInt8(ascii: "~")
        case 4: return text.elementsEqual("null".utf8) || text.elementsEqual("Null".utf8) || text.elementsEqual("NULL".utf8)
        default: return false
        }
    }
}

/// A key/value pair of a mapping, in source order.
public struct YAMLPair: Sendable {
    public let key: YAMLNode
    public let value: YAMLNode
}

/// A node of a loaded YAML stream with the position where it starts: a light handle (the
/// stream's storage and a position in it) that is cheap to copy and pass around.
/// Aliases are expanded by the loader, so a tree has no alias nodes.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        /// Pairs in source order; `<<` merge keys already applied by the loader when enabled.
        case mapping(YAMLMapping)
        case sequence(YAMLSequence)
    }

    let storage: YAMLStorage
    let index: Int32

    init(_ storage: YAMLStorage, _ index: Int32) {
        self.storage = storage
        self.index = index
    }

    private var record: YAMLStorage.Record {
        storage.records[Int(index)]
    }

    public var mark: Mark {
        record.mark
    }

    /// The same for every node of one loaded stream: which file a node came from, when nodes of
    /// several files meet (an OpenAPI document and the files its `$ref`s name).
    public var streamID: ObjectIdentifier {
        ObjectIdentifier(storage)
    }

    /// Nodes of the whole stream this node belongs to (aliases not expanded), for budgets that
    /// span several files.
    public var streamNodeCount: Int {
        storage.records.count
    }

    /// An explicit tag (`!foo`, `!!str`) as written, resolved to its full form by libyaml.
    /// Only present when the loader was told to accept tags.
    public var tag: String? {
        record.hasTag ? storage.tags[index] : nil
    }

    public var content: Content {
        let record = record
        switch record.kind {
        case .scalar: return .scalar(YAMLScalar(storage.string(record), style: record.style))
        case .mapping: return .mapping(YAMLMapping(storage, record))
        case .sequence: return .sequence(YAMLSequence(storage, record))
        }
    }

    public var scalar: YAMLScalar? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return YAMLScalar(storage.string(record), style: record.style)
    }

    public var mapping: YAMLMapping? {
        let record = record
        return record.kind == .mapping ? YAMLMapping(storage, record) : nil
    }

    public var sequence: YAMLSequence? {
        let record = record
        return record.kind == .sequence ? YAMLSequence(storage, record) : nil
    }

    /// The style of a scalar, nil for a mapping or sequence (reads no text).
    public var scalarStyle: ScalarStyle? {
        let record = record
        return record.kind == .scalar ? record.style : nil
    }

    /// `YAMLScalar.isPlainNull` of a scalar node without making a `String`; false for collections.
    public var isPlainNull: Bool {
        let record = record
        guard record.kind == .scalar, record.style == .plain, record.count <= 4 else { return false }
        return YAMLScalar.isNullText(storage.text[record.range])
    }

    /// The UTF-8 text of a scalar without making a `String` (nil for a mapping or sequence).
    public func withScalarBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return storage.text.withUnsafeBufferPointer { text in
            body(UnsafeBufferPointer(rebasing: text[record.range]))
        }
    }

    /// "a string", "a mapping", "a sequence": for messages like "expected a mapping, found a sequence".
    public var kindDescription: String {
        record.kind.description
    }
}

/// Where a collection node's entries are: its run of `storage.children`.
struct YAMLEntries: Sendable {
    let storage: YAMLStorage
    /// The first entry's place in `storage.children`.
    let start: Int

    init(_ storage: YAMLStorage, start: Int) {
        self.storage = storage
        self.start = start
    }

    /// The entry at `offset` in the run.
    func node(_ offset: Int) -> YAMLNode {
        YAMLNode(storage, storage.children[start + offset])
    }
}

/// The pairs of a mapping node, in source order.
public struct YAMLMapping: RandomAccessCollection, Sendable {
    /// The keys and values, interleaved.
    let entries: YAMLEntries

    public let count: Int

    init(_ storage: YAMLStorage, _ record: YAMLStorage.Record) {
        entries = YAMLEntries(storage, start: Int(record.start))
        count = Int(record.count) / 2
    }

    /// A mapping with no pairs (for an empty value read as an empty mapping).
    public init() {
        entries = YAMLEntries(YAMLStorage.empty, start: 0)
        count = 0
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> YAMLPair {
        precondition(position >= 0 && position < count, "mapping index out of range")
        return YAMLPair(key: entries.node(2 * position), value: entries.node(2 * position + 1))
    }
}

/// The items of a sequence node, in source order.
public struct YAMLSequence: RandomAccessCollection, Sendable {
    let entries: YAMLEntries

    public let count: Int

    init(_ storage: YAMLStorage, _ record: YAMLStorage.Record) {
        entries = YAMLEntries(storage, start: Int(record.start))
        count = Int(record.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "sequence index out of range")
        return entries.node(position)
    }
}

/// Every node of one loaded stream in three flat arrays: node records, the children of
/// collections as index ranges, and the text of scalars as one byte buffer. A spec set of a
/// few thousand endpoints has hundreds of thousands of nodes; with a separately allocated,
/// reference-counted array and string per node, building the tree cost the loader twice
/// what libyaml's own parse does.
final class YAMLStorage: Sendable {
    enum Kind: UInt8 {
        case scalar
        case mapping
        case sequence

        /// "a scalar", "a mapping", "a sequence", for messages.
        var description: String {
            switch self {
            case .scalar: return "a scalar"
            case .mapping: return "a mapping"
            case .sequence: return "a sequence"
            }
        }
    }

    /// One node: 20 bytes, no references.
    struct Record {
        var line: Int32
        var column: Int32
        /// Scalar: first byte in `text`. Collection: first entry in `children`.
        var start: Int32
        /// Scalar: bytes of text. Collection: entries in `children` (a mapping's keys and values
        /// interleaved).
        var count: Int32
        var kind: Kind
        var style: ScalarStyle
        var hasTag: Bool

        var mark: Mark {
            Mark(line: Int(line), column: Int(column))
        }

        /// Scalar: its bytes in `text`. Collection: its entries in `children`.
        var range: Range<Int> {
            Int(start)..<Int(start + count)
        }
    }

    let records: [Record]
    let children: [Int32]
    let text: [UInt8]
    /// Tags by node; explicit tags are rare (and rejected in spec files).
    let tags: [Int32: String]

    init(records: [Record], children: [Int32], text: [UInt8], tags: [Int32: String]) {
        self.records = records
        self.children = children
        self.text = text
        self.tags = tags
    }

    static let empty = YAMLStorage(records: [], children: [], text: [], tags: [:])

    func string(_ record: Record) -> String {
        Self.string(record, in: text)
    }

    /// The text of a scalar record (also used while `text` is still being built).
    static func string(_ record: Record, in text: [UInt8]) -> String {
        text.withUnsafeBufferPointer { text in
            String(decoding: UnsafeBufferPointer(rebasing: text[record.range]), as: UTF8.self)
        }
    }
}

/// What the loader accepts. `.spec` is what spec files get; `.permissive` accepts everything
/// YAML allows (several documents, tags, duplicate keys) and is used by the conformance test.
public struct YAMLLoadOptions: Sendable {
    /// Largest file accepted, in bytes.
    public var maxFileSize = 16 << 20
    /// Deepest nesting of collections accepted (libyaml has no limit and gets quadratic).
    public var maxDepth = 128
    /// Most nodes the stream may hold as written, each counted once.
    public var maxNodes = 2_000_000
    /// Most nodes aliases may add to the tree, each alias counted as its anchor's expanded
    /// subtree ("billion laughs" guard); bounded apart from `maxNodes`, so a large document
    /// without aliases is never refused for them.
    public var maxAliasNodes = 1_000_000
    public var allowMultipleDocuments = false
    public var allowTags = false
    public var rejectDuplicateKeys = true
    public var rejectNonScalarKeys = true
    /// Apply `<<` merge keys (explicit keys win over merged ones).
    public var applyMergeKeys = true

    // No public initializer: other modules start from a preset and change a copy.

    /// The rules for spec files.
    public static let spec = YAMLLoadOptions()

    /// An OpenAPI document and the files it refers to: the spec rules with room for the largest
    /// published descriptions (GitHub's api.github.com is about 11 MB of JSON, some 500,000
    /// nodes, and grows).
    public static let document = YAMLLoadOptions(maxFileSize: 64 << 20, maxNodes: 8_000_000)

    /// Plain YAML 1.1 as libyaml reads it, for conformance testing.
    public static let permissive = YAMLLoadOptions(
        allowMultipleDocuments: true, allowTags: true, rejectDuplicateKeys: false, rejectNonScalarKeys: false,
        applyMergeKeys: false)
}

/// The documents of a stream and every problem found. When `diagnostics` holds an error,
/// `documents` must not be trusted.
public struct YAMLLoadResult: Sendable {
    public var documents: [YAMLNode]
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
