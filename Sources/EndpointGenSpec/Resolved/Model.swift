import EndpointGenSupport

// The resolved spec: models and samples.

public struct Model: Sendable {
    public enum Origin: Sendable, Hashable {
        case declared
        /// `body: { json | form: fields }` of this endpoint.
        case inlineRequest(endpoint: String)
        /// `response: { fields: … }` of this endpoint.
        case inlineResponse(endpoint: String)
    }

    public enum Kind: Sendable {
        case structure(fields: [Field])
        case enumeration(EnumModel)
        /// `oneOf`: one of several struct models, told apart by a discriminator key.
        case oneOf(OneOfModel)
        /// `oneOf` without a discriminator: one of several types, told apart by their JSON shape.
        case union(UnionModel)
    }

    public var name: String
    public var summary: String?
    public var kind: Kind
    public var origin: Origin
    /// The file that defines it (spec path).
    public var file: String
    public var location: SourceLocation
}

/// `oneOf: { cases: [String, "[ContentPart]"] }`: a JSON value that is one of several types told
/// apart by their JSON shape alone (a string or an array of parts, OpenAI's message content):
/// decoded as the first case, in order, that decodes.
public struct UnionModel: Sendable {
    public struct Variant: Sendable, Hashable {
        public var type: TypeRef
        /// The Swift case name given in the long form (`{ type: Int, name: count }`); nil when
        /// the Namer makes one from the type (`string`, `contentPartList`).
        public var swiftNameOverride: String?
        /// The case's place in the list, for diagnostics about the case.
        public var location: SourceLocation
        /// The type as written (the long form's `type:` value), for diagnostics about a name
        /// made from it.
        public var typeLocation: SourceLocation
        /// The long form's `name:` value, for diagnostics about the case name.
        public var nameLocation: SourceLocation?

        init(
            type: TypeRef, swiftNameOverride: String? = nil, location: SourceLocation,
            typeLocation: SourceLocation? = nil, nameLocation: SourceLocation? = nil
        ) {
            self.type = type
            self.swiftNameOverride = swiftNameOverride
            self.location = location
            self.typeLocation = typeLocation ?? location
            self.nameLocation = nameLocation
        }
    }

    public var variants: [Variant]
}

/// `oneOf: { discriminator: type, cases: { post: Post, notice: Notice } }`: a JSON object that is
/// one of several struct models, and says which in its `discriminator` key (OpenAPI's `oneOf` with
/// a `discriminator`).
public struct OneOfModel: Sendable {
    public struct Variant: Sendable, Hashable {
        /// The discriminator's value for this variant (`post`).
        public var value: String
        /// The struct model it decodes as.
        public var model: String
        /// The Swift case name given in the long form (`"é": { model: Post, name: accented }`);
        /// nil when derived from the value.
        public var swiftNameOverride: String?
        /// The value's place, for diagnostics about the variant.
        public var location: SourceLocation
        /// The model name's place, for diagnostics about the model.
        public var modelLocation: SourceLocation
        /// The long form's `name:` value, for diagnostics about the case name.
        public var nameLocation: SourceLocation?

        init(
            value: String, model: String, swiftNameOverride: String? = nil,
            location: SourceLocation, modelLocation: SourceLocation? = nil
        ) {
            self.value = value
            self.model = model
            self.swiftNameOverride = swiftNameOverride
            self.location = location
            self.modelLocation = modelLocation ?? location
        }
    }

    /// The wire key that names the variant (`type`).
    public var discriminator: String
    /// What the discriminator's values are on the wire: strings (`"type": "post"`), or integers
    /// (`"type": 1`, Discord's component and channel types).
    public var valueType: EnumModel.RawType = .string
    public var variants: [Variant]
}

public struct EnumModel: Sendable {
    public enum RawType: Sendable, Hashable {
        case string
        case int
    }

    public struct Case: Sendable, Hashable {
        /// The Swift case name given in the long form (`values: { newest: "-created_at" }`);
        /// nil when derived from the wire value.
        public var swiftNameOverride: String?
        /// The wire value as text (`"-created_at"`, `"1"`).
        public var value: String
        public var location: SourceLocation
    }

    public var rawType: RawType
    public var cases: [Case]
}

/// A JSON value built from a YAML `sample`, already converted by the response type
/// (a Bool field's `true` is `.bool`, a String field's `1` is `.string("1")`). `verify` reads the
/// bodies it sends and the answers it checks into it too (its `JSONDocument`).
public indirect enum SampleValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// JSON number text.
    case number(String)
    case string(String)
    case array([SampleValue])
    /// Keys in YAML order.
    case object([(key: String, value: SampleValue)])

    public static func == (lhs: SampleValue, rhs: SampleValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let items): hasher.combine(items)
        case .object(let pairs):
            for pair in pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }
}

extension SampleValue {
    /// Compact JSON text (no spaces, members in their order): a stub's response body, and a body
    /// `verify` sends.
    public var compactJSON: String {
        var out = ""
        writeCompactJSON(into: &out)
        return out
    }

    /// Appends `compactJSON` to `out`.
    public func writeCompactJSON(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): QuotedText.appendJSON(text, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.writeCompactJSON(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                QuotedText.appendJSON(pair.key, to: &out)
                out += ":"
                pair.value.writeCompactJSON(into: &out)
            }
            out += "}"
        }
    }
}
