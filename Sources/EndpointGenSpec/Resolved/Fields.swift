import EndpointGenSupport

// The resolved spec: pagination, fields, types and defaults.

/// How an endpoint's pages follow each other (`paginate:`), checked against its query
/// parameters and its response model.
public struct Pagination: Sendable {
    /// The keys `paginate:` may hold (`link` is `true`; the others name query parameters or
    /// dotted paths): the spec's grammar, which the importer reads `x-endpointgen-paginate` by.
    public static let specKeys = ["page", "size", "totalPages", "offset", "limit", "total", "cursor", "lastItem", "param", "link", "items", "hasMore"]

    public enum Scheme: Sendable {
        /// A page number in query parameter `parameter` (Int), the page size in `size` (Int).
        case page(parameter: String, size: String?, totalPages: FieldPath?)
        /// An item offset in query parameter `parameter` (Int), the page size in `limit` (Int).
        case offset(parameter: String, limit: String?, total: FieldPath?)
        /// A cursor read from the response (String or Int) and sent back in query parameter `parameter`.
        case cursor(FieldPath, parameter: String)
        /// A cursor read from the page's last item (a path into the item model: Stripe's `id`,
        /// sent back in `starting_after`) and sent back in query parameter `parameter`.
        case lastItem(FieldPath, parameter: String)
        /// The `Link` header's `rel="next"` target.
        case link
    }

    public var scheme: Scheme
    /// The items' array in the page; nil when the page is the array.
    public var items: FieldPath?
    /// The element type of the items' array.
    public var itemType: TypeRef
    /// A Bool that is false on the last page.
    public var hasMore: FieldPath?
    /// The `paginate` key (the service's for `paginate: true`).
    public var location: SourceLocation
}

/// A dotted path of fields into a response model (`meta.next_cursor`).
public struct FieldPath: Sendable {
    /// The fields from the response model inward; each but the last holds a struct model.
    public var fields: [Field]

    /// The last field's type.
    public var type: TypeRef { fields[fields.count - 1].type }
}

/// A model field, or a path/query/header parameter, or a multipart/form part.
/// Which way a model field travels (OpenAPI's `readOnly` / `writeOnly`).
public enum FieldAccess: Sendable, Hashable {
    /// Sent and received (the default).
    case readWrite
    /// Only in responses (a server-assigned `id`): optional, never encoded.
    case readOnly
    /// Only in requests (a `password`): optional, so responses without it decode.
    case writeOnly
}

public struct Field: Sendable {
    /// The name on the wire (JSON key, query key, header name, placeholder), kept exactly.
    public var wireName: String
    /// The `name:` override of the long form; nil when the Swift name is derived.
    public var swiftNameOverride: String? = nil
    public var type: TypeRef
    public var defaultValue: DefaultValue? = nil
    public var summary: String? = nil
    /// `deprecated: true` or `deprecated: <message>`; nil when not deprecated.
    public var deprecation: Deprecation? = nil
    /// `readOnly: true` / `writeOnly: true` of a model field.
    public var access: FieldAccess = .readWrite
    /// The field's own `dateEncoding:` (a `Date` or `[Date]` field); nil follows the service.
    public var dateEncoding: DateEncodingSetting? = nil
    /// `style:` of a form body's field: how a list or an object is written (nil: lists repeated,
    /// objects by the bracket convention).
    public var style: QueryStyle? = nil
    public var location: SourceLocation

    /// A field of this name and type; the spec's other settings are set on the value.
    public init(wireName: String, type: TypeRef, location: SourceLocation) {
        self.wireName = wireName
        self.type = type
        self.location = location
    }
}

public enum PrimitiveType: String, Sendable, Hashable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case decimal = "Decimal"
    case date = "Date"
    case url = "URL"
    case uuid = "UUID"
    case data = "Data"
    /// Any JSON value.
    case json = "JSON"
    /// Multipart only: bytes, file name and MIME type.
    case file = "File"
}

public indirect enum TypeRef: Sendable, Hashable {
    case primitive(PrimitiveType)
    /// A model name that exists in the module.
    case model(String)
    case array(TypeRef)
    /// `[String: T]`; keys are always strings.
    case dictionary(TypeRef)
    case optional(TypeRef)

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without one level of `?`.
    public var unwrapped: TypeRef {
        if case .optional(let inner) = self { return inner }
        return self
    }

    /// The type as written in a spec: `[String: Int]?`.
    public var specSpelling: String {
        switch self {
        case .primitive(let p): return p.rawValue
        case .model(let name): return name
        case .array(let element): return "[\(element.specSpelling)]"
        case .dictionary(let value): return "[String: \(value.specSpelling)]"
        case .optional(let wrapped): return "\(wrapped.specSpelling)?"
        }
    }
}

/// A default value, checked against its field's type.
public enum DefaultValue: Sendable, Hashable {
    case string(String)
    /// Integer or floating point literal text, validated for the type (`20`, `-1`, `0.5`).
    case number(String)
    case bool(Bool)
    /// A case of an enum model, given by its wire value as written (`newest`, or `1` for Int enums).
    /// A default may name a case by its long-form Swift name (`SortOrder = newest` with
    /// `values: { newest: "-created_at" }`); it is still stored as the wire value (`-created_at`),
    /// so it always matches exactly one `EnumModel.Case.value`.
    case enumCase(String)
    /// `null` for an optional.
    case null
    /// `[]` for an array.
    case emptyArray
    /// `{}` for a dictionary.
    case emptyDictionary
}
