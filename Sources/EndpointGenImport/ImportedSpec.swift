import EndpointGenSpec
import EndpointGenSupport

/// A spec file the importer writes, in the shape of docs/spec-format.md: what `SpecPrinter`
/// prints. Types are the spec's syntax (`TypeExpr`, `[Pet]?`), paths `PathTemplate`s; names are
/// already legal.
struct ImportedFile {
    var fileName: String
    /// `timeZone:` of the file's `date` and `local` encodings.
    var timeZone: String?
    var service: ImportedService?
    var models: [ImportedModel] = []
}

struct ImportedService {
    var name: String
    var summary: String?
    var baseURL: String?
    var environments: [(name: String, url: String)] = []
    /// Constant headers (an endpointgen export's `x-endpointgen-headers`).
    var headers: [(name: String, value: String)] = []
    var auth: String?
    var envelope: ImportedEnvelope?
    var errorBody: ImportedErrorBody?
    /// `cookieSession:` (an endpointgen export's): the refresh endpoint as the spec names it
    /// (`reissueToken`, `Auth.reissueToken`), and the CSRF cookie and header.
    var cookieSession: (refresh: String?, csrf: (cookie: String, header: String)?)?
    /// Parameters every operation of the service has, given once (`parameters:`).
    var sharedHeaders: [ImportedField] = []
    var sharedQuery: [ImportedField] = []
    /// `dateEncoding:` of the service's dates (an endpointgen export's).
    var dateEncoding: String?
    var endpoints: [ImportedEndpoint] = []
}

/// The keys of a response wrapper (`{"success": true, "data": …}`) shared by a service's responses.
struct ImportedEnvelope: Hashable {
    var payload: String
    var success: String?
    var code: String?
    var message: String?
}

struct ImportedErrorBody {
    var message: String?
    var code: String?
    var model: String?
}

struct ImportedEndpoint {
    var name: String
    var method: String
    var path: PathTemplate
    var summary: String?
    var deprecated = false
    /// The message of `deprecated: <message>`.
    var deprecationMessage: String?
    /// Only when it differs from the service's.
    var auth: String?
    /// `envelope: false` in a service with an envelope.
    var noEnvelope = false
    /// The operation's description where it says more than the summary, in Markdown.
    var description: String?
    /// `sample:` of the response, and of listed statuses by status (an export's `sample` examples).
    var sample: SampleValue?
    var statusSamples: [ResponseStatus: SampleValue] = [:]
    var params: [ImportedField] = []
    var query: [ImportedField] = []
    /// Constant headers (name, value).
    var headers: [(name: String, value: String)] = []
    var headerParams: [ImportedField] = []
    var body: ImportedBody?
    var response: ImportedResponse?
    /// `typePrefix:`: the full name the types made from a shortened endpoint keep.
    var typePrefix: String?
    /// The operation in the document, where the spec loader's warnings about it are shown.
    var location: SourceLocation?
    /// Seconds, as written.
    var timeout: String?
    /// `redirects: none`.
    var noRedirects = false
    /// `paginate:` keys and values, as an export wrote them or a rule proposed them.
    var paginate: [(key: String, value: String)] = []
    /// The rule that proposed `paginate` from the operation's shape; nil for an export's.
    var paginationRule: OpenAPIReader.PaginationRule?
    /// Responses per status (`responses:`), in document order, instead of `response`; a nil
    /// response is `empty`.
    var responses: [(status: ResponseStatus, response: ImportedResponse?)]?
}

struct ImportedField {
    /// The wire name (the key in the spec).
    var key: String
    var type: TypeExpr
    /// A Swift name given explicitly (`name:`), when the derived one would clash.
    var name: String?
    var summary: String?
    /// A YAML scalar, already checked against the type.
    var defaultValue: ImportedScalar?
    var deprecated = false
    /// `style:` of a query parameter (`comma`, `deepObject`, …); nil for repeated items.
    var style: String?
    /// `readOnly: true` / `writeOnly: true` of a model field that travels both ways.
    var readOnly = false
    var writeOnly = false
    /// `dateEncoding:` of a `Date` or `[Date]` that does not follow its service (one that is not
    /// ISO 8601, or an export's own encoding).
    var dateEncoding: String?
    /// `credential: true` of a header parameter.
    var credential = false
    /// A parameter an export marks as its service's (`x-endpointgen-service-parameter`).
    var ofService = false
}

/// A default value and how it must be written: text (quoted when YAML would read it otherwise)
/// or a number or boolean (plain).
enum ImportedScalar {
    case text(String)
    case plain(String)
}

enum ImportedBody {
    case type(TypeExpr)
    case json([ImportedField])
    case form([ImportedField])
    case formModel(String)
    case multipart([ImportedField])
    case raw(String)
    case file(String)
}

enum ImportedResponse {
    case type(TypeExpr)
    case fields([ImportedField])
}

struct ImportedModel {
    enum Kind {
        case fields([ImportedField])
        /// Case name → wire value; `short` when every name is what the generator derives.
        case stringEnum([(name: String, value: String)], short: Bool)
        case integerEnum([(name: String, value: String)])
        /// The discriminator's wire key, whether its values are integers, and value → model name
        /// per case. `name` is the Swift case name when the one derived (from the value, or from
        /// the model for integers) is taken.
        case oneOf(discriminator: String, integer: Bool, cases: [(value: String, model: String, name: String?)])
        /// A `oneOf` without a discriminator: the spec types of its cases, in decoding order.
        /// Each case's type, and its name when it is not the one the type gives (`UnionCaseNames`).
        case union([(type: TypeExpr, name: String?)])
    }

    var name: String
    var summary: String?
    var kind: Kind
    /// The schema in the document, where the spec loader's warnings about it are shown.
    var location: SourceLocation?
}
