import EndpointGenSpec
import EndpointGenSupport
import EndpointRuntime
import Foundation

/// A spec endpoint with its values, as the runtime sends it. Envelopes, error formats and
/// samples are left out: the answer is taken as it comes and judged by `ResponseChecker`.
struct PlannedRequest: Endpoint {
    var defaultBaseURL: URL? { nil }
    var method: HTTPMethod
    var pathComponents: [PathComponent]
    var queryItems: [QueryItem]
    var headers: [HTTPHeader]
    var body: RequestBody
    var auth: AuthRequirement
    var timeout: TimeInterval?
    var envelope: EnvelopeFormat? { nil }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
    var sampleData: Data { Data() }
    var followsRedirects: Bool
    var credentialHeaders: [String]
}

/// Why an endpoint is not sent.
struct Skip: Error {
    var kind: EndpointReport.SkipKind
    var reason: String
}

/// Builds the request of an endpoint from the values given, else the spec's defaults; decides
/// which endpoints are not sent, and says why.
struct RequestPlanner {
    let values: RequestValues
    let credentials: VerifyCredentials
    let allowsUnsafe: Bool
    /// A `--login` endpoint answered 2xx and set cookies: they stand in for `ENDPOINTGEN_VERIFY_COOKIE`.
    var signedIn = false
    /// Why a `--login` gave no session, for the `auth: cookie` endpoints skipped for it.
    var loginFailure: String?

    /// The methods sent without `--allow-unsafe`: those RFC 9110 calls safe, minus TRACE, which
    /// servers disable.
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS"]

    /// The request of `endpoint`, or why it is not sent. `isLogin`: the `--login` endpoint, sent
    /// whatever its method (naming it is the consent) and without a session of its own.
    func plan(_ endpoint: SpecEndpoint, of service: Service, isLogin: Bool = false) -> Result<PlannedRequest, Skip> {
        do throws(Skip) {
            return .success(try build(endpoint, of: service, isLogin: isLogin))
        } catch {
            return .failure(error)
        }
    }

    private func build(_ endpoint: SpecEndpoint, of service: Service, isLogin: Bool) throws(Skip) -> PlannedRequest {
        switch endpoint.response {
        case .stream: throw Skip(kind: .unsupportedResponse, reason: "a stream, which verify does not read")
        case .download: throw Skip(kind: .unsupportedResponse, reason: "a download (response: File), which verify does not read")
        default: break
        }
        guard allowsUnsafe || isLogin || Self.safeMethods.contains(endpoint.method.rawValue) else {
            throw Skip(kind: .unsafeMethod, reason: "\(endpoint.method.rawValue) may change the server; --allow-unsafe sends it")
        }
        if case .cookie = endpoint.auth, credentials.cookie == nil, !isLogin {
            if let loginFailure { throw Skip(kind: .missingCredential, reason: loginFailure) }
            if !signedIn {
                throw Skip(kind: .missingCredential, reason: "its auth needs ENDPOINTGEN_VERIFY_COOKIE in the environment, or --login naming the endpoint that signs in")
            }
        } else if let variable = credentials.missing(for: endpoint.auth) {
            throw Skip(kind: .missingCredential, reason: "its auth needs \(variable) in the environment")
        }
        let key = "\(service.name).\(endpoint.name)"
        var path: [PathComponent] = []
        for component in endpoint.pathComponents {
            switch component {
            case .literal(let text):
                path.append(.literal(text))
            case .parameter(let name), .segments(let name):
                guard let value = values.value(name, endpoint: key, service: service.name)?.texts.last
                    ?? endpoint.pathParameters.first(where: { $0.wireName == name }).flatMap({ Self.text(of: $0.defaultValue) })
                else {
                    throw Skip(kind: .missingValue, reason: "no value for path parameter '\(name)' (--values, or --param \(key).\(name)=…)")
                }
                if case .segments = component { path.append(.segments(value)) } else { path.append(.value(value)) }
            }
        }
        var query: [QueryItem] = []
        for field in endpoint.query {
            try append(field, style: endpoint.queryStyles[field.wireName], to: &query, key: key, service: service.name, what: "query parameter")
        }
        for field in service.sharedQuery {
            try append(field, style: nil, to: &query, key: service.name, service: service.name, what: "shared query parameter")
        }
        var headers = (service.headers + endpoint.headers).map { HTTPHeader(name: $0.name, value: $0.value) }
        var headerItems: [QueryItem] = []
        for field in service.sharedHeaders {
            try append(field, style: .comma, to: &headerItems, key: service.name, service: service.name, what: "shared header")
        }
        for field in endpoint.headerParameters {
            try append(field, style: .comma, to: &headerItems, key: key, service: service.name, what: "header")
        }
        headers += headerItems.map { HTTPHeader(name: $0.name, value: $0.value) }
        return PlannedRequest(
            method: HTTPMethod(endpoint.method.rawValue), pathComponents: path, queryItems: query,
            headers: headers, body: try body(of: endpoint, key: key, headers: headers), auth: Self.requirement(endpoint.auth),
            timeout: endpoint.timeout, followsRedirects: endpoint.followsRedirects, credentialHeaders: endpoint.credentialHeaders)
    }

    /// Appends the parameter's value (given, else its default); an optional one without either is
    /// not sent, a required one skips the endpoint.
    private func append(_ field: Field, style: QueryStyle?, to items: inout [QueryItem], key: String, service: String, what: String) throws(Skip) {
        let given = values.value(field.wireName, endpoint: key, service: service)
        // A map or an object, field by field as the generated code sends it (deepObject unless
        // the spec says otherwise).
        if case .structured(let document)? = given {
            items.append(name: field.wireName, fields: document.runtimeValue, style: style.map(Self.parameterStyle) ?? .deepObject)
            return
        }
        let texts: [String]
        if let given {
            texts = given.texts
        } else if let text = Self.text(of: field.defaultValue) {
            texts = [text]
        } else if field.type.isOptional || field.defaultValue != nil {
            return
        } else if case .dictionary = field.type.unwrapped {
            throw Skip(kind: .missingValue, reason: "no value for \(what) '\(field.wireName)', a map: give a mapping under \(key) in the values file")
        } else {
            throw Skip(kind: .missingValue, reason: "no value for \(what) '\(field.wireName)' (--values, or --param \(key).\(field.wireName)=…)")
        }
        switch field.type.unwrapped {
        case .array:
            items.append(name: field.wireName, texts, style: Self.parameterStyle(style))
        case .dictionary:
            throw Skip(kind: .missingValue, reason: "\(what) '\(field.wireName)' is a map: give it as a mapping in the values file")
        default:
            items.append(QueryItem(name: field.wireName, value: texts.last ?? ""))
        }
    }

    private func body(of endpoint: SpecEndpoint, key: String, headers: [HTTPHeader]) throws(Skip) -> RequestBody {
        guard let kind = endpoint.body else { return .none }
        let missing = Skip(kind: .missingValue, reason: "no body ('body:' under \(key) in the values file)")
        switch kind {
        case .json:
            guard let body = values.bodies[key] else { throw missing }
            let type = headers.last { $0.name.lowercased() == "content-type" }?.value ?? "application/json"
            return .raw(Data(body.compactJSON.utf8), contentType: type)
        case .form:
            guard let body = values.bodies[key] else { throw missing }
            guard case .object(let members) = body else {
                throw Skip(kind: .unsupportedBody, reason: "a form body needs a mapping of field names to values")
            }
            var items: [QueryItem] = []
            for member in members {
                switch member.value {
                case .array(let elements): items.append(name: member.key, elements.map(\.scalarText), style: .repeated)
                case .null: continue
                default: items.append(QueryItem(name: member.key, value: member.value.scalarText))
                }
            }
            return .form(items)
        case .multipart, .raw, .file:
            throw Skip(kind: .unsupportedBody, reason: "a multipart, raw or file body, which verify does not build")
        }
    }

    /// A default as the generated code sends it; nil for `null`, `[]` and `{}`, which send nothing.
    static func text(of value: DefaultValue?) -> String? {
        switch value {
        case .string(let text)?, .number(let text)?, .enumCase(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case .null?, .emptyArray?, .emptyDictionary?, nil: return nil
        }
    }

    static func parameterStyle(_ style: QueryStyle?) -> ParameterStyle {
        switch style {
        case nil, .repeat?: return .repeated
        case .comma?: return .comma
        case .space?: return .space
        case .pipe?: return .pipe
        case .brackets?: return .brackets
        case .deepObject?: return .deepObject
        case .form?: return .exploded
        }
    }

    static func requirement(_ auth: Auth) -> AuthRequirement {
        switch auth {
        case .none: return .none
        case .bearer: return .bearer
        case .cookie: return .cookie
        case .basic: return .basic
        case .apiKey(let header): return .apiKey(header: header)
        case .apiKeyQuery(let name): return .apiKeyInQuery(name: name)
        }
    }
}

extension JSONDocument {
    /// The value as the runtime's `JSONValue`, for `append(name:fields:style:)`: numbers as
    /// `Double` (what the generated code's models encode), members in their order.
    var runtimeValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return Double(text).map(JSONValue.number) ?? .string(text)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.runtimeValue))
        case .object(let members): return .object(JSONObject(members.map { (key: $0.key, value: $0.value.runtimeValue) }))
        }
    }

    /// A scalar's text as a form or query value.
    var scalarText: String {
        switch self {
        case .string(let text), .number(let text): return text
        default: return compactJSON
        }
    }
}
