import EndpointGenSpec
import EndpointGenSupport

/// A spec file the importer writes, in the shape of docs/spec-format.md: what `SpecPrinter`
/// prints. Types are the spec's syntax (`TypeExpr`, `[Pet]?`), paths `PathTemplate`s; names are
/// already legal.
package struct ImportedFile {
    package var fileName: String
    /// `timeZone:` of the file's `date` and `local` encodings.
    package var timeZone: String?
    package var service: ImportedService?
    package var models: [ImportedModel] = []
}

package struct ImportedService {
    package var name: String
    package var summary: String?
    package var baseURL: String?
    package var environments: [(name: String, url: String)] = []
    /// Constant headers (an endpointgen export's `x-endpointgen-headers`).
    package var headers: [(name: String, value: String)] = []
    package var auth: String?
    package var envelope: ImportedEnvelope?
    package var errorBody: ImportedErrorBody?
    /// `cookieSession:` (an endpointgen export's): the refresh endpoint as the spec names it
    /// (`reissueToken`, `Auth.reissueToken`), and the CSRF cookie and header.
    package var cookieSession: (refresh: String?, csrf: (cookie: String, header: String)?)?
    /// Parameters every operation of the service has, given once (`parameters:`).
    package var sharedHeaders: [ImportedField] = []
    package var sharedQuery: [ImportedField] = []
    /// `dateEncoding:` of the service's dates (an endpointgen export's).
    package var dateEncoding: String?
    package var endpoints: [ImportedEndpoint] = []
}

/// The keys of a response wrapper (`{"success": true, "data": …}`) shared by a service's responses.
package struct ImportedEnvelope: Hashable {
    package var payload: String
    package var success: String?
    package var code: String?
    package var message: String?
}

package struct ImportedErrorBody {
    package var message: String?
    package var code: String?
    package var model: String?
}

package struct ImportedEndpoint {
    package var name: String
    package var method: String
    package var path: PathTemplate
    package var summary: String?
    /// `deprecated: true` or `deprecated: <message>`, as the spec model keeps it.
    package var deprecation: Deprecation?
    /// Only when it differs from the service's.
    package var auth: String?
    /// `envelope: false` in a service with an envelope.
    package var noEnvelope = false
    /// The operation's description where it says more than the summary, in Markdown.
    package var description: String?
    /// `sample:` of the response, and of listed statuses by status (an export's `sample` examples).
    package var sample: SampleValue?
    package var statusSamples: [ResponseStatus: SampleValue] = [:]
    package var params: [ImportedField] = []
    package var query: [ImportedField] = []
    /// Constant headers (name, value).
    package var headers: [(name: String, value: String)] = []
    package var headerParams: [ImportedField] = []
    package var body: ImportedBody?
    package var response: ImportedResponse?
    /// `typePrefix:`: the full name the types made from a shortened endpoint keep.
    package var typePrefix: String?
    /// The operation in the document, where the spec loader's warnings about it are shown.
    package var location: SourceLocation?
    /// Seconds, as written.
    package var timeout: String?
    /// `redirects: none`.
    package var noRedirects = false
    /// `paginate:` keys and values, as an export wrote them or a rule proposed them.
    package var paginate: [(key: String, value: String)] = []
    /// The rule that proposed `paginate` from the operation's shape; nil for an export's.
    var paginationRule: OpenAPIReader.PaginationRule?
    /// Responses per status (`responses:`), in document order, instead of `response`; a nil
    /// response is `empty`.
    package var responses: [(status: ResponseStatus, response: ImportedResponse?)]?
}

package struct ImportedField {
    /// The wire name (the key in the spec).
    package var key: String
    package var type: TypeExpr
    /// A Swift name given explicitly (`name:`), when the derived one would clash.
    package var name: String?
    package var summary: String?
    /// A YAML scalar, already checked against the type.
    package var defaultValue: ImportedScalar?
    package var deprecated = false
    /// `style:` of a query parameter (`comma`, `deepObject`, …); nil for repeated items.
    package var style: String?
    /// `readOnly: true` / `writeOnly: true` of a model field that travels both ways.
    package var readOnly = false
    package var writeOnly = false
    /// `dateEncoding:` of a `Date` or `[Date]` that does not follow its service (one that is not
    /// ISO 8601, or an export's own encoding).
    package var dateEncoding: String?
    /// `credential: true` of a header parameter.
    package var credential = false
    /// A parameter an export marks as its service's (`x-endpointgen-service-parameter`).
    package var ofService = false
}

/// A default value and how it must be written: text (quoted when YAML would read it otherwise)
/// or a number or boolean (plain).
package enum ImportedScalar {
    case text(String)
    case plain(String)
}

package enum ImportedBody {
    case type(TypeExpr)
    case json([ImportedField])
    case form([ImportedField])
    case formModel(String)
    case multipart([ImportedField])
    case raw(String)
    case file(String)
}

package enum ImportedResponse {
    case type(TypeExpr)
    case fields([ImportedField])
}

package struct ImportedModel {
    package enum Kind {
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

    package var name: String
    package var summary: String?
    package var kind: Kind
    /// The schema in the document, where the spec loader's warnings about it are shown.
    package var location: SourceLocation?
}

// Initializers for the other importers of the package (import-swift): the memberwise ones stay
// internal, and each value starts with what every spec needs.

extension ImportedFile {
    package init(fileName: String, service: ImportedService?, models: [ImportedModel]) {
        self.fileName = fileName
        self.service = service
        self.models = models
    }
}

extension ImportedService {
    package init(name: String) {
        self.name = name
    }
}

extension ImportedEndpoint {
    package init(name: String, method: String, path: PathTemplate) {
        self.name = name
        self.method = method
        self.path = path
    }
}

extension ImportedField {
    package init(key: String, type: TypeExpr) {
        self.key = key
        self.type = type
    }
}

extension ImportedModel {
    package init(name: String, kind: Kind, summary: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.location = location
    }
}

extension ImportedEnvelope {
    package init(payload: String) {
        self.payload = payload
    }
}
