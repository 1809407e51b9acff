/// The `x-endpointgen-…` keys `export-openapi` writes for what OpenAPI has no word for, and
/// `import-openapi` reads back: one list, so the two agree.
public enum OpenAPIExtension {
    /// Document: `paginate: explicit` on an export, whose `x-endpointgen-paginate` says every
    /// paging it has: import recognises none from the operations' shapes.
    public static let export = "x-endpointgen-export"
    /// Tag (service): `{ payload, success, code, message }`.
    public static let envelope = "x-endpointgen-envelope"
    /// Tag (service): `{ message, code, model }`.
    public static let errorBody = "x-endpointgen-error-body"
    /// Tag (service) and operation: constant headers, name → value.
    public static let headers = "x-endpointgen-headers"
    /// Tag (service): `{ refresh: <operationId>, csrf: { cookie, header } }`.
    public static let cookieSession = "x-endpointgen-cookie-session"
    /// Operation: seconds.
    public static let timeout = "x-endpointgen-timeout"
    /// Operation: `none` when the client must not follow redirects.
    public static let redirects = "x-endpointgen-redirects"
    /// Operation: the message of `deprecated: <message>`.
    public static let deprecation = "x-endpointgen-deprecated"
    /// Query parameter: the spec's `style` where OpenAPI has none (`brackets`). Property of a
    /// model that a form body sends: the field's `style:` (the body's `encoding` says it too).
    public static let style = "x-endpointgen-style"
    /// Parameter, and property of an object: the Swift name a field's `name:` gives.
    public static let name = "x-endpointgen-name"
    /// Parameter: `true` on each operation's copy of a service's `parameters:` entry, which
    /// import gives back to the service once.
    public static let serviceParameter = "x-endpointgen-service-parameter"
    /// `oneOf` with a discriminator: the Swift case names (discriminator value → name), written
    /// when the spec names a case in the long form.
    public static let caseNames = "x-endpointgen-case-names"
    /// Header parameter: `credential: true`.
    public static let credential = "x-endpointgen-credential"
    /// Response: `envelope` when the method returns the whole envelope (`Envelope<T>`), `file`
    /// when the body is downloaded to a file (`response: File`), `errorBody` on the `default`
    /// response that states the service's `errorBody:` (no status the spec listed).
    public static let response = "x-endpointgen-response"
    /// Request body: `file` when the spec sends a local file (`body: { file: <type> }`); import
    /// reads it back as a file body instead of `raw`.
    public static let body = "x-endpointgen-body"
    /// Operation: the spec's `typePrefix:`, what the types made from the endpoint are named after
    /// (`IssuesCreate` for `IssuesCreateRequest`); import gives the endpoint that `typePrefix` again.
    public static let typePrefix = "x-endpointgen-type-prefix"
    /// Operation: `per-status` when the spec lists `responses:` per status, so import lists every
    /// numbered status again instead of judging which ones the caller tells apart.
    public static let responses = "x-endpointgen-responses"
    /// Operation: the spec's `paginate:` keys as written; import writes them back as `paginate:` (`{ cursor: meta.next, param: cursor, items: data }`).
    public static let paginate = "x-endpointgen-paginate"
    /// Path parameter: `true` for the spec's `{name...}` (several segments); OpenAPI 3.1 allows
    /// `allowReserved`, which import also reads so, on query parameters only.
    public static let segments = "x-endpointgen-segments"
    /// Path item: operations of methods OpenAPI 3.1 has no field for (`PURGE`), method → operation,
    /// as OpenAPI 3.2's `additionalOperations` holds them.
    public static let additionalOperations = "x-endpointgen-additional-operations"
    /// Path item: operations of the same method and path as one the item has (two endpoints of
    /// one route), a list of `{ method: operation }`; an OpenAPI path item has one per method.
    public static let sameRouteOperations = "x-endpointgen-same-route-operations"
    /// `oneOf` schema: `integer` when the discriminator's values are integers.
    public static let discriminatorType = "x-endpointgen-discriminator-type"
    /// `oneOf` schema: an integer discriminator (`propertyName`, `mapping` of the numbers as text),
    /// which OpenAPI's `discriminator` cannot hold (its values are strings); each case of the
    /// `oneOf` is `allOf` of its model and the numbers on the property.
    public static let discriminator = "x-endpointgen-discriminator"
    /// Form body schema: the model it is written from (its fields, with lists and maps not
    /// required, as a form sends an empty one as nothing); import uses the model.
    public static let model = "x-endpointgen-model"
    /// Tag (service): the service's `dateEncoding` (`iso8601`, `date`, `epochSeconds`,
    /// `epochMilliseconds`, `local`). Date schema: the field's or parameter's own `dateEncoding`,
    /// or `service` for a date that follows its service's (the schema's `type` and `format` say
    /// the wire form as far as OpenAPI can: `format: date`, `unix-time`, `unix-time-ms`).
    public static let dateEncoding = "x-endpointgen-date-encoding"
    /// Tag and date schema, beside `x-endpointgen-date-encoding: date` or `local`: the IANA zone
    /// of the file's `timeZone:` (left out for UTC).
    public static let timeZone = "x-endpointgen-time-zone"
}
