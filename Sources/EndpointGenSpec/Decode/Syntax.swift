import EndpointGenSupport
import EndpointGenYAML

// The decoded but unresolved spec: what one file says, with locations, before model names are
// looked up across files. Decoding reports shape errors (unknown keys, wrong kinds, bad words);
// resolution (Validate/) reports what needs the whole module (types, defaults, samples).

/// A default value as written, converted by its type during resolution.
struct DefaultLiteral {
    enum Form {
        /// Plain text (`20`, `false`, `newest`, `null`).
        case plain(String)
        /// Quoted text (`"ko"`): always a string.
        case quoted(String)
        case emptySequence
        case emptyMapping
    }

    var form: Form
    var location: SourceLocation

    /// The literal as the user wrote it, for messages.
    var spelling: String {
        switch form {
        case .plain(let text): return text
        case .quoted(let text): return "\"\(text)\""
        case .emptySequence: return "[]"
        case .emptyMapping: return "{}"
        }
    }
}

/// A field of a model, a parameter, or a part, before its type is resolved. A class: fields are
/// the most numerous syntax nodes and are passed around a lot, and sharing one costs a retain
/// where copying a struct of seven reference-counted members costs seven. Immutable, so reads
/// need no exclusivity checks.
final class FieldSyntax {
    let wireName: String
    let swiftNameOverride: String?
    /// nil when the type could not be read (already reported).
    let type: TypeExpr?
    let defaultValue: DefaultLiteral?
    let summary: String?
    let deprecation: Deprecation?
    /// `readOnly` / `writeOnly` of the long form.
    let access: FieldAccess
    /// Where `readOnly` or `writeOnly` was written, for messages.
    let accessLocation: SourceLocation?
    /// `dateEncoding:` of the long form and where its value is.
    let dateEncoding: (kind: DateEncodingKind, location: SourceLocation)?
    /// `style:` of a model field (for form bodies) and where its value is.
    let style: (style: QueryStyle, location: SourceLocation)?
    /// The key's location.
    let location: SourceLocation

    init(
        wireName: String, swiftNameOverride: String? = nil, type: TypeExpr?, defaultValue: DefaultLiteral? = nil,
        summary: String? = nil, deprecation: Deprecation? = nil,
        access: FieldAccess = .readWrite, accessLocation: SourceLocation? = nil,
        dateEncoding: (kind: DateEncodingKind, location: SourceLocation)? = nil,
        style: (style: QueryStyle, location: SourceLocation)? = nil, location: SourceLocation
    ) {
        self.access = access
        self.dateEncoding = dateEncoding
        self.style = style
        self.accessLocation = accessLocation
        self.wireName = wireName
        self.swiftNameOverride = swiftNameOverride
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.deprecation = deprecation
        self.location = location
    }
}

/// A case of a `oneOf` without a discriminator: its type, and the long form's `name:`. The
/// case's Swift name, and its clashes, are the Namer's (`Namer.unionCaseName`).
struct UnionCaseSyntax {
    var type: TypeExpr
    /// The long form's `name:` as written (an identifier), and where.
    var name: String?
    var nameLocation: SourceLocation?
    /// The case in the list (its type in the short form, `{` in the long form).
    var location: SourceLocation
    /// The type as written, in both forms.
    var typeLocation: SourceLocation
}

struct ModelSyntax {
    enum Kind {
        case structure([FieldSyntax])
        case enumeration(EnumModel)
        case oneOf(OneOfModel)
        case union([UnionCaseSyntax])
    }

    var name: String
    var summary: String?
    var kind: Kind
    var origin: Model.Origin
    var file: String
    /// The name key for declared models; the `json:`/`form:`/`fields:` key for inline ones.
    var location: SourceLocation
    /// Something in the model was reported as an error (a warning does not count): its samples
    /// are not checked, so that what was left out is not reported a second time.
    var damaged = false
}

enum BodySyntax {
    case json(TypeExpr)
    /// `{ json: fields }` / `{ form: fields }`: the inline model is in the file's inline models.
    case inlineJSON(modelName: String)
    case inlineForm(modelName: String)
    /// `{ form: Model }`.
    case formModel(name: String, location: SourceLocation)
    case multipart([FieldSyntax])
    case raw(String)
    /// `{ file: <MIME type> }`: a local file's bytes, streamed.
    case file(String)
}

enum ResponseSyntax {
    case empty
    case type(TypeExpr)
    case inline(modelName: String)
}

/// An entry of `responses:`: the status, and its response as `response:` takes it.
struct StatusResponseSyntax {
    var status: ResponseStatus
    var response: ResponseSyntax
    var sample: YAMLNode?
    var sampleKeyLocation: SourceLocation?
    var summary: String?
    /// The status key.
    var location: SourceLocation
}

/// A name or dotted path as written, with where its text starts.
struct NamedSyntax {
    var text: String
    var location: SourceLocation
}

/// `paginate:` as written: the scheme (one of `page`, `offset`, `cursor`, `lastItem`, `link`) and its keys,
/// query parameter names and dotted paths into the response, not yet looked up.
struct PaginationSyntax {
    enum Scheme {
        /// `page: <query param>`, `size: <query param>`, `totalPages: <path>`.
        case page(NamedSyntax, size: NamedSyntax?, totalPages: NamedSyntax?)
        /// `offset: <query param>`, `limit: <query param>`, `total: <path>`.
        case offset(NamedSyntax, limit: NamedSyntax?, total: NamedSyntax?)
        /// `cursor: <path>`, `param: <query param>`.
        case cursor(NamedSyntax, parameter: NamedSyntax)
        /// `lastItem: <path into the item>`, `param: <query param>`.
        case lastItem(NamedSyntax, parameter: NamedSyntax)
        /// `link: true`.
        case link
    }

    var scheme: Scheme
    var items: NamedSyntax?
    var hasMore: NamedSyntax?
    /// The `paginate` key.
    var location: SourceLocation
}

struct EndpointSyntax {
    var name: String
    var location: SourceLocation
    var method: SpecHTTPMethod
    /// Empty when `path:` was missing or reported.
    var path: PathTemplate
    var summary: String?
    var description: String?
    var deprecation: Deprecation?
    var auth: Auth?
    /// In path order, one per placeholder (typed `String` when not in `params`).
    var pathParameters: [FieldSyntax]
    var query: [FieldSyntax]
    var headers: [Header]
    var headerParameters: [FieldSyntax]
    var body: BodySyntax?
    var bodyLocation: SourceLocation?
    var response: ResponseSyntax
    /// Whether `response:` was written (an endpoint without one has an empty response).
    var responseWritten = false
    /// `responses:` in spec order; nil when not written.
    var responses: [StatusResponseSyntax]?
    var responsesLocation: SourceLocation?
    /// `<Endpoint>Response`: the enum generated for `responses:`.
    var responsesTypeName: String?
    /// `typePrefix:`: what the types made from the endpoint are named after, instead of its name.
    var typePrefix: String?
    /// `envelope: true/false` as written.
    var envelopeFlag: Bool?
    var envelopeFlagLocation: SourceLocation?
    var sample: YAMLNode?
    var sampleKeyLocation: SourceLocation?
    var timeout: Double?
    /// False for `redirects: none`.
    var followsRedirects = true
    /// Names of header parameters marked `credential: true`, in spec order.
    var credentialHeaders: [String] = []
    /// `style:` of query parameters, by wire name.
    var queryStyles: [String: (style: QueryStyle, location: SourceLocation)] = [:]
    /// `paginate:` with a scheme.
    var pagination: PaginationSyntax?
    /// Where `paginate: true` (the service's scheme) was written.
    var usesServicePagination: SourceLocation?
}

struct ServiceSyntax {
    var name: String
    var summary: String?
    var baseURL: BaseURLSetting
    var headers: [Header]
    var auth: Auth
    var envelope: SpecEnvelope?
    var errorBody: ErrorBody?
    var errorModelLocation: SourceLocation?
    var cookieSession: CookieSessionSetting?
    /// `arrayStyle:`: how the service's array query parameters are written by default.
    var arrayStyle: (style: QueryStyle, location: SourceLocation)?
    /// `dateEncoding:`: how the service's dates are written and read.
    var dateEncoding: (kind: DateEncodingKind, location: SourceLocation)?
    /// `cookieSession.refresh` as written.
    var cookieSessionRefresh: String?
    /// Where `cookieSession.refresh` names its endpoint, and where `cookieSession` is.
    var cookieSessionRefreshLocation: SourceLocation?
    var cookieSessionLocation: SourceLocation?
    /// `parameters: { headers, query }`: given once when the service is created.
    var sharedHeaders: [FieldSyntax] = []
    var sharedQuery: [FieldSyntax] = []
    /// `paginate:`: the scheme of endpoints that say `paginate: true`.
    var pagination: PaginationSyntax?
    var endpoints: [EndpointSyntax]
    /// The `service:` value.
    var location: SourceLocation
}

struct FileSyntax {
    var path: String
    var stem: String
    var service: ServiceSyntax?
    /// Declared models in spec order.
    var models: [ModelSyntax]
    /// Inline request/response models in endpoint order.
    var inlineModels: [ModelSyntax]
    /// `timeZone:`: the IANA zone of the file's `date` and `local` date encodings (UTC when absent).
    var timeZone: String?
}
