import EndpointGenSpec
import EndpointGenSupport

/// The part of an OpenAPI 3.0 / 3.1 document the importer reads: operations, component schemas
/// and security schemes, each with where it was written. References to shared parameters,
/// request bodies and responses are already followed.
struct OpenAPIDocument {
    var title: String?
    var version: String?
    /// The servers with an absolute URL (variables filled in with their defaults), in order.
    var servers: [(url: String, description: String?)] = []
    /// Tag name → description, in the order of the document's `tags` list.
    var tagDescriptions: [(name: String, description: String)] = []
    /// Tag name → the service settings an endpointgen export wrote on it (`x-endpointgen-…`).
    var tagSettings: [(name: String, settings: ServiceSettings)] = []
    /// In document order: paths as written, methods in the order they appear.
    var operations: [Operation] = []
    /// `components.schemas` in document order.
    var schemas: [NamedSchema] = []
    var securitySchemes: [(name: String, scheme: SecurityScheme)] = []
    /// The scheme names of the document-wide `security` requirement that applies (nil: none declared).
    var security: SecurityChoice?
}

/// What `export-openapi` writes on a tag for its service (`OpenAPIExtension`).
struct ServiceSettings {
    var envelope: ImportedEnvelope?
    var errorBody: ImportedErrorBody?
    /// Constant headers, in order.
    var headers: [(name: String, value: String)] = []
    /// `cookieSession`: the refresh endpoint's operation id, and the CSRF cookie and header.
    var cookieRefresh: String?
    var csrf: (cookie: String, header: String)?
    var hasCookieSession = false
    /// `dateEncoding:` and the file's `timeZone:` (an IANA zone the spec format accepts).
    var dateEncoding: String?
    var timeZone: String?
}

struct NamedSchema {
    var name: String
    var schema: Schema
}

/// A schema as far as Swift types go. `nullable` covers 3.0's `nullable: true` and 3.1's
/// `type: [T, "null"]`.
struct Schema {
    indirect enum Kind {
        /// `$ref: '#/components/schemas/Name'`.
        case reference(String)
        case string(format: String?)
        case integer(format: String?)
        case number(format: String?)
        case boolean
        case array(items: Schema?)
        /// Properties in document order; `additional` is `additionalProperties`.
        case object(properties: [Property], required: [String], additional: Additional)
        case stringEnum([String])
        case integerEnum([String])
        /// `allOf`: the parts are merged into one object.
        case allOf([Schema])
        /// `oneOf` / `anyOf` whose parts have different JSON shapes (a string, an array, an
        /// object…): a union model of the parts, integers before numbers. Without parts, parts
        /// that cannot be told apart: no Swift type is derived, and the value is kept as JSON.
        case union(keyword: String, parts: [Schema])
        /// `oneOf` / `anyOf` of references with a `discriminator`: the property that names the
        /// case, and each case's value (from `mapping`, else the schema's name) and schema.
        case discriminated(property: String, cases: [(value: String, schema: String)])
        /// No `type` (or a type list the importer cannot narrow): any JSON value.
        case any
    }

    enum Additional {
        case none
        case any
        case schema(Schema)
    }

    var kind: Kind
    var nullable = false
    var summary: String?
    /// A scalar `default`, as written.
    var defaultValue: String?
    /// `default: []` or `default: {}`: absent means empty.
    var defaultIsEmpty = false
    var deprecated = false
    /// `readOnly: true`: sent in responses only; `writeOnly: true`: in requests only.
    var readOnly = false
    var writeOnly = false
    /// The Swift names an enum's values should get, from `x-enum-varnames` (openapi-generator)
    /// or `x-enumNames` (NSwag), one per value.
    var enumNames: [String]?
    /// An object's `discriminator` (`oneOf`s keep theirs in `.discriminated`): the property and
    /// the `mapping` (value → component name), for a base that other components extend.
    var discriminator: (property: String, mapping: [(value: String, schema: String)])?
    /// `x-endpointgen-case-names` of a discriminated `oneOf`: an export's Swift case names by value.
    var caseNames: [String: String] = [:]
    /// export-openapi's Swift case names of a union's parts (`x-endpointgen-case-names` as a
    /// list), in the order of `kind`'s parts; empty when the document gives none.
    var unionCaseNames: [String] = []
    /// `x-endpointgen-discriminator-type: integer`: the discriminator's values are integers.
    var integerDiscriminator = false
    /// `x-endpointgen-date-encoding` of a date: the field's own `dateEncoding`, or `service`
    /// for one that follows its service's; `x-endpointgen-time-zone` beside it.
    var dateEncoding: String?
    var timeZone: String?
    /// `x-endpointgen-style` of a form model's property: the field's `style:`.
    var specStyle: String?
    var location: SourceLocation
}

struct Property {
    var name: String
    var schema: Schema
    /// `x-endpointgen-name`: the Swift name an export's field had (`name:`).
    var swiftName: String?
}

enum ParameterPlace: String {
    case path, query, header, cookie
}

struct Parameter {
    var name: String
    var place: ParameterPlace
    var required: Bool
    var schema: Schema?
    var summary: String?
    var deprecated: Bool
    var location: SourceLocation
    /// `style` as written (`form`, `spaceDelimited`, `pipeDelimited`, `deepObject`, …), if any.
    var style: String?
    /// `explode` as written, if any (OpenAPI's default: true for `form`, false otherwise).
    var explode: Bool?
    /// `x-endpointgen-style`: a spec style OpenAPI has none for (`brackets`).
    var specStyle: String?
    /// `x-endpointgen-credential: true`.
    var credential = false
    /// `allowReserved: true` (or `x-endpointgen-segments: true`): a path value whose `/` are sent
    /// as they are (several segments).
    var allowReserved = false
    /// `x-endpointgen-name`: the Swift name an export's parameter had (`name:`).
    var swiftName: String?
    /// `x-endpointgen-service-parameter: true`: an export's copy of a service's `parameters:` entry.
    var serviceParameter = false

    /// Whether `name` in `place` names this parameter: header names regardless of case.
    func isSame(as name: String, in place: ParameterPlace) -> Bool {
        guard place == self.place else { return false }
        return place == .header ? name.lowercased() == self.name.lowercased() : name == self.name
    }
}

enum RequestBodyContent {
    /// A JSON media type (`application/json`, `application/merge-patch+json`, …) and its schema.
    case json(Schema, mediaType: String)
    case form(Schema)
    case multipart(Schema)
    /// Bytes of this media type (`application/octet-stream`, `image/png`, …).
    case raw(String)
    /// A local file of this media type: an endpointgen export of `body: { file: … }`.
    case file(String)
}

struct RequestBody {
    var content: RequestBodyContent
    var location: SourceLocation
    /// A form body's `encoding`: each property's `style` and `explode`, by property name.
    var formEncoding: [String: FormFieldEncoding] = [:]
}

/// One entry of a form body's `encoding` object.
struct FormFieldEncoding {
    var style: String?
    var explode: Bool?
    var location: SourceLocation
}

enum ResponseContent {
    case empty
    case json(Schema)
    case text
    case bytes
    /// `text/event-stream` (`events`) or JSON Lines: a schema per value.
    case stream(events: Bool, Schema)
}

/// A documented response of one status code.
struct StatusResponse {
    /// The status as the spec says it: a code, a class (`4XX`) or `default`.
    var status: ResponseStatus
    /// The code, or the one a class or `default` stands for (`ResponseStatus.representativeCode`).
    var code: Int { status.representativeCode }
    var content: ResponseContent
    /// Whether its JSON media type gives a schema.
    var hasSchema: Bool
    var location: SourceLocation
    /// The example export-openapi writes for a spec's `sample` (`examples: sample: value:`).
    var sample: SampleValue?
    /// The `default` export-openapi writes for a service's `errorBody:` (`x-endpointgen-response:
    /// errorBody`), not a status the spec listed.
    var statesErrorBody = false
}

enum SecurityScheme {
    case bearer
    case basic
    case apiKeyHeader(String)
    case apiKeyQuery(String)
    case apiKeyCookie(String)
}

/// A `security` list as the importer reads it: the first alternative, or none when the list is
/// empty or allows anonymous access first.
enum SecurityChoice {
    case anonymous
    case scheme(String, SourceLocation)
}

struct Operation {
    var method: String
    var path: String
    var operationId: String?
    var summary: String?
    var description: String?
    var tag: String?
    var deprecated: Bool
    var parameters: [Parameter]
    var body: RequestBody?
    var response: ResponseContent
    var responseLocation: SourceLocation
    /// The success response's `sample` example (`StatusResponse.sample`).
    var responseSample: SampleValue?
    /// The JSON schema of the first error response (`4XX`, `5XX`, a numbered one or `default`).
    var errorSchema: Schema?
    /// Every response with a status code from 200 to 599, in document order, for responses per
    /// status (`SpecBuilder.statusResponses`).
    var statusResponses: [StatusResponse] = []
    /// Every response, classes (`4XX`) and `default` too, in document order: what an export of a
    /// spec's `responses:` lists (`listsEveryStatus`).
    var listedResponses: [StatusResponse] = []
    /// Written by export-openapi from a spec's `responses:`: every numbered status is listed again.
    var listsEveryStatus = false
    /// Written by export-openapi from a spec's `typePrefix:`.
    var typePrefix: String?
    /// nil: the document's requirement applies.
    var security: SecurityChoice?
    var location: SourceLocation
    /// What `export-openapi` wrote for spec keys OpenAPI has no word for (`OpenAPIExtension`).
    var timeout: String?
    var noRedirects = false
    /// `x-endpointgen-paginate`: the spec's `paginate:` keys, in document order; or the keys a
    /// rule proposes (`paginationRule`).
    var paginate: [(key: String, value: String)] = []
    /// The rule that recognised the paging from the operation's shape; nil for an export's.
    var paginationRule: OpenAPIReader.PaginationRule?
    var deprecationMessage: String?
    var constantHeaders: [(name: String, value: String)] = []
    /// The response is the whole envelope (`Envelope<T>`).
    var envelopeResponse = false
    /// The bytes are downloaded to a file (`response: File`).
    var fileResponse = false
    /// The operation's own `servers` with an absolute URL (an export of services with different base URLs).
    var servers: [(url: String, description: String?)] = []
}
