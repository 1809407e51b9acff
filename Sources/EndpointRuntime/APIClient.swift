import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends endpoints and turns responses into values or one typed `APIError`.
///
/// A value type, cheap to copy and `Sendable`; generated services hold one.
///
/// ```swift
/// let client = APIClient(authentication: Authentication(tokenProvider: tokens))
/// let question = try await client.send(QuestionRouter.getQuestion(index: 1), baseURL: url, as: Question.self)
/// ```
public struct APIClient: Sendable {
    /// Settings of a client.
    public struct Configuration: Sendable {
        /// Seconds for a whole request (headers and body) when the endpoint sets no `timeout`.
        public var timeout: TimeInterval
        /// The largest response body accepted, in bytes; larger ones fail with `.responseTooLarge`.
        public var maxResponseSize: Int
        /// The largest body `download(_:baseURL:to:progress:)` writes to a file, in bytes (4 GiB by
        /// default); larger ones fail with `.responseTooLarge` and leave no file. Bodies held in
        /// memory keep to `maxResponseSize`.
        public var maxDownloadSize: Int
        /// Headers sent with every request, before the endpoint's own (which replace them by name).
        public var defaultHeaders: [HTTPHeader]
        /// Makes the encoder for JSON bodies; the default writes dates as `2024-01-02T03:04:05Z`
        /// (`…:05.25Z` with fractional seconds).
        public var makeEncoder: @Sendable () -> JSONEncoder
        /// Makes the decoder for JSON responses; the default reads ISO 8601 dates with or without fractional seconds.
        public var makeDecoder: @Sendable () -> JSONDecoder
        /// Makes the boundary of each multipart body; replace it for byte-exact tests.
        public var multipartBoundary: @Sendable () -> String
        /// Which redirects are followed, and how (see `RedirectPolicy`).
        public var redirects: RedirectPolicy
        /// Names of headers among `defaultHeaders` (any case) that carry credentials: never sent to
        /// another origin on a redirect. `Authorization`, `Proxy-Authorization`, `Cookie` and the API key
        /// header always count as credentials.
        public var credentialHeaders: [String]
        /// The `User-Agent` sent with every request (`defaultUserAgent`: the app and the runtime,
        /// `Shop/2.1 EndpointRuntime/0.1.0`); `defaultHeaders` and an endpoint's header replace
        /// it. Nil sends none of the client's (URLSession then sends its own).
        public var userAgent: String?
        /// The longest a stream or a download may take in all, from the call to its last byte;
        /// past it the transfer ends with `.transport(.timedOut)`. Nil (the default): no such
        /// limit, since a transfer that never falls silent may rightly take any time (the
        /// endpoint's `timeout` bounds its head and each silence). Calls answered in memory keep
        /// to their `timeout` as a whole.
        public var transferTimeout: TimeInterval?

        /// A configuration; every setting has a default.
        public init(timeout: TimeInterval = 60,
                    maxResponseSize: Int = 20 * 1024 * 1024,
                    defaultHeaders: [HTTPHeader] = [],
                    makeEncoder: @escaping @Sendable () -> JSONEncoder = Configuration.defaultEncoder,
                    makeDecoder: @escaping @Sendable () -> JSONDecoder = Configuration.defaultDecoder,
                    multipartBoundary: @escaping @Sendable () -> String = Configuration.randomBoundary,
                    redirects: RedirectPolicy = .default,
                    credentialHeaders: [String] = [],
                    maxDownloadSize: Int = 4 << 30,
                    userAgent: String? = Configuration.defaultUserAgent,
                    transferTimeout: TimeInterval? = nil) {
            self.timeout = timeout
            self.maxResponseSize = maxResponseSize
            self.defaultHeaders = defaultHeaders
            self.makeEncoder = makeEncoder
            self.makeDecoder = makeDecoder
            self.multipartBoundary = multipartBoundary
            self.redirects = redirects
            self.credentialHeaders = credentialHeaders
            self.maxDownloadSize = maxDownloadSize
            self.userAgent = userAgent
            self.transferTimeout = transferTimeout
        }

        /// A JSON encoder writing dates as `2024-01-02T03:04:05Z` (fractional seconds kept to the
        /// microsecond) and keys sorted (stable bodies).
        @Sendable public static func defaultEncoder() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(ISO8601.string(from: date))
            }
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return encoder
        }

        /// A JSON decoder reading ISO 8601 dates with or without fractional seconds and with `Z` or an offset.
        @Sendable public static func defaultDecoder() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = ISO8601.date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Expected an ISO 8601 date-time, found \"\(text)\".")
                }
                return date
            }
            return decoder
        }

        /// `EndpointGen-` followed by a random UUID.
        @Sendable public static func randomBoundary() -> String {
            "EndpointGen-" + UUID().uuidString
        }
    }

    /// Sends the requests.
    public let transport: any HTTPTransport
    /// Credentials for endpoints that need them.
    public let authentication: Authentication
    /// Hooks run around every attempt, in this order.
    public let plugins: [any APIPlugin]
    /// Retries of idempotent requests; `.none` by default.
    public let retryPolicy: RetryPolicy
    /// Timeouts, limits, coders and default headers.
    public let configuration: Configuration

    /// A client. By default it sends with `defaultTransport()`, without credentials, plugins or retries.
    public init(transport: any HTTPTransport = APIClient.defaultTransport(),
                authentication: Authentication = .init(),
                plugins: [any APIPlugin] = [],
                retryPolicy: RetryPolicy = .none,
                configuration: Configuration = .init()) {
        self.transport = transport
        self.authentication = authentication
        self.plugins = plugins
        self.retryPolicy = retryPolicy
        self.configuration = configuration
    }

    /// A new transport of the kind `APIClient()` uses: `CurlTransport` on Linux (where URLSession
    /// cannot bound the memory a response takes, nor answer a 401 challenge promptly) when libcurl
    /// loads, `URLSessionTransport` elsewhere.
    public static func defaultTransport() -> any HTTPTransport {
        #if os(Linux)
        if CurlTransport.isAvailable { return CurlTransport() }
        #endif
        return URLSessionTransport()
    }

    // MARK: - Sending

    /// Sends `endpoint` and decodes the 2xx body (unwrapped from the endpoint's envelope) as `type`.
    public func send<Value: Decodable & Sendable>(_ endpoint: some Endpoint, baseURL: URL, as type: Value.Type) async throws(APIError) -> Value {
        let response = try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false)
        return try value(Value.self, of: response, envelope: endpoint.envelope, dates: endpoint.dateEncoding)
    }

    /// As `send(_:baseURL:as:)`, with the response's status and header fields beside the value.
    public func response<Value: Decodable & Sendable>(_ endpoint: some Endpoint, baseURL: URL, as type: Value.Type) async throws(APIError) -> APIResponse<Value> {
        let response = try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false)
        let value = try value(Value.self, of: response, envelope: endpoint.envelope, dates: endpoint.dateEncoding)
        return APIResponse(value: value, status: response.status, headers: response.headers, url: response.url)
    }

    /// Sends `endpoint` and returns its 2xx response with the body as it came (not unwrapped, empty
    /// for an empty response), for the status and header fields of any endpoint. An envelope with a
    /// `success` key is checked as `send(_:baseURL:)` checks it. When redirects are not followed
    /// (`RedirectPolicy.none`, or the endpoint's `followsRedirects` is false), a 3xx is returned
    /// too, so its `Location` can be read.
    public func response(_ endpoint: some Endpoint, baseURL: URL) async throws(APIError) -> APIResponse<Data> {
        let response = try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false, acceptsRedirect: true)
        try checkEnvelopeSuccess(response, format: endpoint.envelope)
        return APIResponse(value: response.body, status: response.status, headers: response.headers, url: response.url)
    }

    /// Sends `endpoint`, whose spec lists responses per status (`responses:`), and returns the case
    /// of the final response's status (`.ok(Pet)`, `.notModified`, `.notFound(NotFound)`) with the
    /// status and header fields (an `ETag` to send back in `If-None-Match`). Listed statuses are
    /// returned whatever their class; any other fails with `.server`, as it would for `send`.
    /// Redirects, the refresh after a 401, retries, plugins and limits apply as for every call.
    public func response<Cases: StatusDecodable>(_ endpoint: some Endpoint, baseURL: URL, cases: Cases.Type) async throws(APIError) -> APIResponse<Cases> {
        let response = try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false, acceptsAnyStatus: true)
        guard let value = try Cases(ResponseReader(response, envelope: endpoint.envelope, dates: endpoint.dateEncoding, client: self)) else {
            throw .server(serverError(from: response, format: endpoint.errorFormat, dates: endpoint.dateEncoding))
        }
        return APIResponse(value: value, status: response.status, headers: response.headers, url: response.url)
    }

    /// Sends `endpoint` and checks for a 2xx status; the body is not kept (unless the envelope
    /// has a `success` key, which is then checked).
    public func send(_ endpoint: some Endpoint, baseURL: URL) async throws(APIError) {
        let checksEnvelope = endpoint.envelope?.success != nil
        let response = try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: !checksEnvelope)
        try checkEnvelopeSuccess(response, format: endpoint.envelope)
    }

    /// Sends `endpoint` and returns the 2xx body as it is (no envelope unwrapping).
    public func sendData(_ endpoint: some Endpoint, baseURL: URL) async throws(APIError) -> Data {
        try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false).body
    }

    /// Sends `endpoint` and returns the 2xx body as UTF-8 text (no envelope unwrapping); other
    /// bytes fail with `.decoding`.
    public func sendString(_ endpoint: some Endpoint, baseURL: URL) async throws(APIError) -> String {
        try text(of: try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false))
    }

    /// A body as UTF-8 text.
    func text(of response: HTTPResponse) throws(APIError) -> String {
        guard let text = String(data: response.body, encoding: .utf8) else {
            throw .decoding(DecodingFailure(typeName: "String", codingPath: "", bodyPrefix: BodyPreview.text(response.body),
                                            description: "The body is not valid UTF-8 text."))
        }
        return text
    }

    /// Sends `endpoint` and returns its whole envelope (success, code, message, payload).
    /// An envelope with `success: false` still fails with `.envelope`. An endpoint without an
    /// envelope format fails with `.invalidRequest`.
    public func sendEnvelope<Value: Decodable & Sendable>(_ endpoint: some Endpoint, baseURL: URL, as type: Value.Type) async throws(APIError) -> Envelope<Value> {
        guard let format = endpoint.envelope else {
            throw .invalidRequest(reason: "The endpoint has no envelope format, so its whole envelope cannot be returned.")
        }
        let response = try await execute(endpoint, baseURL: baseURL, discardsSuccessBody: false)
        return try unwrap(response, format: format, as: Value.self, dates: endpoint.dateEncoding)
    }

    /// The request `endpoint` becomes before credentials and plugins: URL, method, headers, body,
    /// timeout. Useful to inspect or test what a router produces.
    public func makeRequest(_ endpoint: some Endpoint, baseURL: URL) throws(APIError) -> URLRequest {
        try RequestBuilder(configuration: configuration).makeRequest(endpoint, baseURL: baseURL)
    }

    // MARK: - Attempts

    /// Builds, authorises, sends, follows redirects and retries; returns the final 2xx response
    /// (or, when redirects are not followed and `acceptsRedirect`, a 3xx; with `acceptsAnyStatus`,
    /// the final response whatever its status) or throws.
    func execute(_ endpoint: some Endpoint, baseURL: URL, discardsSuccessBody: Bool,
                 acceptsRedirect: Bool = false, acceptsAnyStatus: Bool = false) async throws(APIError) -> HTTPResponse {
        let followsRedirects = endpoint.followsRedirects && configuration.redirects.maxRedirects > 0
        return try await attempts(endpoint, baseURL: baseURL) { request, deadline, credentialed throws(APIError) in
            var context = TransportContext(endpoint: endpoint, timeout: max(deadline.remaining, 0.001),
                                           maxResponseSize: configuration.maxResponseSize,
                                           discardsSuccessBody: discardsSuccessBody)
            context.carriesCredentials = credentialed
            context.uploadProgress = UploadProgress.handler
            var response = try await transport.send(request, context: context)
            if response.url == nil { response.url = request.url }
            if response.body.count > configuration.maxResponseSize {
                throw .responseTooLarge(limit: configuration.maxResponseSize)
            }
            return .answered(response)
        } accept: { response throws(APIError) in
            if acceptsAnyStatus || (acceptsRedirect && !followsRedirects && (300..<400).contains(response.status)) {
                return response
            }
            guard response.isSuccess else {
                throw .server(serverError(from: response, format: endpoint.errorFormat, dates: endpoint.dateEncoding))
            }
            return response
        }
    }

    /// What one hop's exchange gave: the caller's value at once (a stream's head), or a response
    /// for the policies to look at.
    enum HopResult<Value> {
        case finished(Value)
        case answered(HTTPResponse)
    }

    /// The attempt loop of every call: credentials and plugins per hop (`prepare`), the hop sent
    /// by `send`, then for an answered response the plugins, its cookies, a redirect, one refresh
    /// after a 401 and the retry policy, and finally `accept`. A failure goes to the plugins and
    /// the retry policy. Each attempt has one deadline (the endpoint's timeout) for the token,
    /// every redirect hop and a refresh together.
    func attempts<Value>(
        _ endpoint: some Endpoint, baseURL: URL,
        send: (_ request: URLRequest, _ deadline: Deadline, _ credentialed: Bool) async throws(APIError) -> HopResult<Value>,
        accept: (HTTPResponse) throws(APIError) -> Value
    ) async throws(APIError) -> Value {
        try checkCancellation()
        let base = try makeRequest(endpoint, baseURL: baseURL)
        let redirects = endpoint.followsRedirects ? configuration.redirects : .none
        var attempt = 1
        var refreshed = false
        var deadline = Deadline(seconds: base.timeoutInterval)
        // The hop being sent, before credentials and plugins; a redirect replaces it.
        var hop = base
        var hops = 0
        // Whether a hop of this attempt has gone to another origin: from then on no hop carries
        // credentials, even one back on the first origin (the Fetch standard's rule), or the other
        // site could choose the API path that gets an authenticated request (a confused deputy).
        var leftOrigin = false
        while true {
            try checkCancellation()
            if Origin(hop.url) != Origin(base.url) { leftOrigin = true }
            let (request, generation) = try await prepare(hop, base: base, endpoint: endpoint,
                                                          credentialed: !leftOrigin, deadline: deadline)
            let outcome: Result<HopResult<Value>, APIError>
            do {
                outcome = .success(try await send(request, deadline, !leftOrigin))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(.finished(let value)):
                return value
            case .success(.answered(let response)):
                for plugin in plugins {
                    await plugin.didReceive(.success(response), request: request, endpoint: endpoint)
                }
                await authentication.storeCookies(from: response, url: request.url)
                if let next = try redirects.nextRequest(after: response, to: hop, redirectsSoFar: hops) {
                    hop = next
                    hops += 1
                    continue
                }
                // Exactly one retry after a refresh; a second 401 is the caller's error.
                if !refreshed, !leftOrigin, try await refreshAfter401(response, endpoint: endpoint, baseURL: baseURL,
                                                                      generation: generation, deadline: deadline) {
                    refreshed = true
                    (hop, hops, leftOrigin) = (base, 0, false)
                    continue
                }
                if retryPolicy.shouldRetry(endpoint.method, attempt: attempt, status: response.status) {
                    try await sleep(seconds: retryPolicy.delay(afterAttempt: attempt, retryAfter: response.header("Retry-After")))
                    attempt += 1
                    (hop, hops, leftOrigin, deadline) = (base, 0, false, Deadline(seconds: base.timeoutInterval))
                    continue
                }
                return try accept(response)
            case .failure(let error):
                for plugin in plugins {
                    await plugin.didReceive(.failure(error), request: request, endpoint: endpoint)
                }
                if retryPolicy.shouldRetry(endpoint.method, attempt: attempt, error: error) {
                    try await sleep(seconds: retryPolicy.delay(afterAttempt: attempt))
                    attempt += 1
                    (hop, hops, leftOrigin, deadline) = (base, 0, false, Deadline(seconds: base.timeoutInterval))
                    continue
                }
                throw error
            }
        }
    }

    /// A hop's request as sent: credentials when `credentialed` (a hop on the first origin of a
    /// chain that never left it), then the plugins; otherwise every credential taken off after the
    /// plugins and just the cookies the storage holds for the hop's URL and not for the first
    /// origin. Returns the refresh generation the credentials were read at.
    func prepare(_ hop: URLRequest, base: URLRequest, endpoint: some Endpoint, credentialed: Bool,
                 deadline: Deadline) async throws(APIError) -> (URLRequest, Int) {
        var request = hop
        // A file body is read as it is sent: each hop and attempt reads it from the start.
        if request.httpBodyStream != nil, case .file(let url, _) = endpoint.body {
            request.httpBodyStream = InputStream(url: url)
        }
        var generation = 0
        if credentialed {
            generation = try await authentication.authorize(&request, requirement: endpoint.auth, deadline: deadline)
            if endpoint.auth == .cookie, let csrf = endpoint.cookieSession?.csrf {
                try Authentication.applyCSRF(csrf, to: &request)
            }
        }
        for plugin in plugins {
            request = try await plugin.prepare(request, endpoint: endpoint)
        }
        if !credentialed {
            // After the plugins: a credential one adds (a signing or access-token plugin) is
            // taken off too. Then only the storage's own cookies for that URL.
            authentication.removeCredentials(from: &request, endpoint: endpoint,
                                             credentialHeaders: configuration.credentialHeaders)
            if endpoint.auth == .cookie, let url = hop.url, let first = base.url,
               let cookie = authentication.crossOriginCookieHeader(for: url, firstOrigin: first) {
                request.setValue(cookie, forHTTPHeaderField: "Cookie")
            }
        }
        for plugin in plugins {
            await plugin.willSend(request, endpoint: endpoint)
        }
        return (request, generation)
    }

    /// Whether a 401 of a credentialed hop is answered by a refresh (token or cookie session), once
    /// per attempt; refreshes and returns true when it is. A hop without credentials (another
    /// origin, or back on the first after leaving it) is not: a fresh token would not be sent there.
    func refreshAfter401(_ response: HTTPResponse, endpoint: some Endpoint, baseURL: URL,
                         generation: Int, deadline: Deadline) async throws(APIError) -> Bool {
        guard response.status == 401, !RefreshScope.isRefreshing else { return false }
        if endpoint.auth == .bearer, authentication.tokenProvider != nil {
            try await authentication.refreshToken(after: generation, deadline: deadline)
            return true
        }
        if endpoint.auth == .cookie, let refresh = endpoint.cookieSession?.refresh {
            try await authentication.refreshSession(after: generation, deadline: deadline) {
                try await self.send(refresh, baseURL: baseURL)
            }
            return true
        }
        return false
    }

    // MARK: - Responses

    /// The client's decoder, reading dates in `dates` when the endpoint declares an encoding.
    func decoder(dates: DateEncoding?) -> JSONDecoder {
        let decoder = configuration.makeDecoder()
        dates?.apply(to: decoder)
        return decoder
    }

    /// A 2xx body decoded as `type`, through the envelope when the endpoint has one.
    func value<Value: Decodable & Sendable>(_ type: Value.Type, of response: HTTPResponse, envelope: EnvelopeFormat?, dates: DateEncoding? = nil) throws(APIError) -> Value {
        if let envelope {
            return try unwrap(response, format: envelope, as: Value.self, dates: dates).payload
        }
        return try decode(Value.self, from: response, dates: dates)
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse, dates: DateEncoding?) throws(APIError) -> Value {
        do {
            return try decoder(dates: dates).decode(Value.self, from: response.body)
        } catch {
            throw decodingError(error, typeName: String(describing: Value.self), response: response)
        }
    }

    func unwrap<Value: Decodable & Sendable>(_ response: HTTPResponse, format: EnvelopeFormat, as type: Value.Type, dates: DateEncoding? = nil) throws(APIError) -> Envelope<Value> {
        let decoder = decoder(dates: dates)
        decoder.userInfo[.endpointRuntimeEnvelopeFormat] = format
        let box: EnvelopeBox<Value>
        do {
            box = try decoder.decode(EnvelopeBox<Value>.self, from: response.body)
        } catch {
            throw decodingError(error, typeName: "Envelope<\(String(describing: Value.self))>", response: response)
        }
        guard box.success != false else {
            throw .envelope(EnvelopeFailure(code: box.code, message: box.message, status: response.status))
        }
        guard let payload = box.payload else {
            // Only reachable for a payload type that is not optional but decoded as absent.
            throw .decoding(DecodingFailure(typeName: String(describing: Value.self), codingPath: format.payload,
                                            bodyPrefix: BodyPreview.text(response.body), description: "The payload is missing."))
        }
        return Envelope(success: box.success, code: box.code, message: box.message, payload: payload)
    }

    /// Fails with `.envelope` when the body is an envelope whose `success` key is false; a
    /// format without that key, or an empty body, is not checked.
    func checkEnvelopeSuccess(_ response: HTTPResponse, format: EnvelopeFormat?) throws(APIError) {
        guard let format, let successKey = format.success, !response.body.isEmpty,
              case .object(let object)? = try? configuration.makeDecoder().decode(JSONValue.self, from: response.body),
              object[successKey] == .bool(false)
        else { return }
        throw .envelope(EnvelopeFailure(code: Self.codeText(object[format.code ?? ""]),
                                        message: object[format.message ?? ""]?.stringValue, status: response.status))
    }

    /// A decoding error, or `.unexpectedContentType` when the body is not JSON at all.
    private func decodingError(_ error: any Error, typeName: String, response: HTTPResponse) -> APIError {
        if let mediaType = response.mediaType, !Self.isJSON(mediaType), !response.body.isEmpty {
            return .unexpectedContentType(ContentTypeFailure(
                expected: "application/json", received: response.header("Content-Type") ?? mediaType,
                status: response.status, bodyPrefix: BodyPreview.text(response.body)))
        }
        return .decoding(DecodingFailure(error, typeName: typeName, body: response.body))
    }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    }

    /// The server error for a non-2xx response: message and code read per `format` (keys may be
    /// dotted paths such as `error.message`), the model decoded when it can be.
    func serverError(from response: HTTPResponse, format: ErrorBodyFormat, dates: DateEncoding? = nil) -> ServerError {
        var message: String?
        var code: String?
        var model: (any Sendable)?
        if !response.body.isEmpty, format.message != nil || format.code != nil || format.model != nil {
            let decoder = decoder(dates: dates)
            if format.message != nil || format.code != nil,
               let json = try? decoder.decode(JSONValue.self, from: response.body) {
                if let key = format.message, let value = Self.lookup(key, in: json) {
                    message = value.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                }
                if let key = format.code {
                    code = Self.codeText(Self.lookup(key, in: json))
                }
            }
            if let modelType = format.model {
                model = Self.decodeModel(modelType, from: response.body, decoder: decoder)
            }
        }
        return ServerError(status: response.status, message: message ?? ServerError.defaultMessage(forStatus: response.status),
                           code: code, model: model, body: response.body, headers: response.headers)
    }

    private static func decodeModel<Model: Decodable & Sendable>(_ type: Model.Type, from body: Data, decoder: JSONDecoder) -> (any Sendable)? {
        try? decoder.decode(Model.self, from: body)
    }

    private static func lookup(_ key: String, in json: JSONValue) -> JSONValue? {
        if let direct = json[key] { return direct }
        var current: JSONValue? = json
        for part in key.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?[String(part)]
        }
        return current
    }

    private static func codeText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let number)?:
            if let integer = Int64(exactly: number) { return String(integer) }
            return number.description
        case .bool(let flag)?: return flag ? "true" : "false"
        default: return nil
        }
    }
}
