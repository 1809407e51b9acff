import EndpointGenSupport

/// A 1-based line and column (UTF-8 bytes) in the YAML source.
public struct Mark: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The mark as a diagnostic location in `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}

/// How a scalar was written. Plain scalars are the only ones a schema may resolve
/// (`null`, `true`, numbers); quoted and block scalars are always text.
public enum ScalarStyle: Sendable, Hashable {
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
        guard style == .plain else { return false }
        switch value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// A key/value pair of a mapping, in source order.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A node of the YAML tree with the position where it starts.
/// Aliases are expanded by the loader, so a tree has no alias nodes.
public struct YAMLNode: Sendable {
    /// Not `indirect`: the arrays already hold children out of line, and a box per node was an
    /// allocation for each of the hundreds of thousands of nodes of a large spec set.
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        /// Pairs in source order; `<<` merge keys already applied by the loader when enabled.
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public var content: Content
    public var mark: Mark
    /// An explicit tag (`!foo`, `!!str`) as written, resolved to its full form by libyaml.
    /// Only present when the loader was told to accept tags.
    public var tag: String?

    public init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// "a string", "a mapping", "a sequence": for messages like "expected a mapping, found a sequence".
    public var kindDescription: String {
        switch content {
        case .scalar: return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }
}

/// What the loader accepts. `.spec` is what spec files get; `.permissive` accepts everything
/// YAML allows (several documents, tags, duplicate keys) and is used by the conformance test.
public struct YAMLLoadOptions: Sendable {
    /// Largest file accepted, in bytes.
    public var maxFileSize: Int
    /// Deepest nesting of collections accepted (libyaml has no limit and gets quadratic).
    public var maxDepth: Int
    /// Most nodes the tree may hold after expanding aliases ("billion laughs" guard).
    public var maxNodes: Int
    public var allowMultipleDocuments: Bool
    public var allowTags: Bool
    public var rejectDuplicateKeys: Bool
    public var rejectNonScalarKeys: Bool
    /// Apply `<<` merge keys (explicit keys win over merged ones).
    public var applyMergeKeys: Bool

    public init(
        maxFileSize: Int = 16 << 20,
        maxDepth: Int = 128,
        maxNodes: Int = 2_000_000,
        allowMultipleDocuments: Bool = false,
        allowTags: Bool = false,
        rejectDuplicateKeys: Bool = true,
        rejectNonScalarKeys: Bool = true,
        applyMergeKeys: Bool = true
    ) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.allowMultipleDocuments = allowMultipleDocuments
        self.allowTags = allowTags
        self.rejectDuplicateKeys = rejectDuplicateKeys
        self.rejectNonScalarKeys = rejectNonScalarKeys
        self.applyMergeKeys = applyMergeKeys
    }

    /// The rules for spec files.
    public static let spec = YAMLLoadOptions()

    /// Plain YAML 1.1 as libyaml reads it, for conformance testing.
    public static let permissive = YAMLLoadOptions(
        allowMultipleDocuments: true,
        allowTags: true,
        rejectDuplicateKeys: false,
        rejectNonScalarKeys: false,
        applyMergeKeys: false
    )
}

/// The documents of a stream and every problem found. When `diagnostics` holds an error,
/// `documents` must not be trusted.
public struct YAMLLoadResult: Sendable {
    public var documents: [YAMLNode]
    public var diagnostics: [Diagnostic]

    public init(documents: [YAMLNode], diagnostics: [Diagnostic]) {
        self.documents = documents
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
