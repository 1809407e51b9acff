import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Hand-written routers and services shaped like the generator's output (see BRIEF.md), so these
// tests exercise the runtime exactly as generated code calls it.

struct LoginRequest: Codable, Hashable, Sendable {
    var username: String
    var password: String
    var at: Date?
}

struct LoginResponse: Codable, Hashable, Sendable {
    var accessToken: String
    var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresIn = "expires_in"
    }
}

struct Item: Codable, Hashable, Sendable {
    var name: String
}

struct Question: Codable, Hashable, Sendable {
    var index: Int
    var title: String
    var createdAt: Date?
    var items: [Item]?
    var state: QuestionState?

    enum CodingKeys: String, CodingKey {
        case index, title, items, state
        case createdAt = "created_at"
    }
}

enum QuestionState: Hashable, Sendable, Codable, ParameterValue, RawRepresentable {
    case open
    case closed
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "open": self = .open
        case "closed": self = .closed
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .open: return "open"
        case .closed: return "closed"
        case .unknown(let value): return value
        }
    }

    init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum Priority: Int, Hashable, Sendable, Codable, ParameterValue {
    case low = 1
    case high = 2
}

struct ErrorResponse: Codable, Hashable, Sendable {
    var message: String
    var code: Int?
}

/// Shaped like a generated router, with every part overridable per test.
enum TestRouter: Endpoint {
    case login(body: LoginRequest)
    case logout
    case getQuestion(index: String, lang: String? = nil, tags: [String], pageSize: Int = 20)
    case search(query: String?, priority: Priority?, state: QuestionState?, at: Date?, ids: [UUID]?)
    case headers(requestID: String?, accept: [String]?)
    case form(fields: [QueryItem])
    case upload(memberID: Int, image: File?, caption: String?, tags: [String]?, photos: [File]?)
    case raw(data: Data, contentType: String)
    case profile
    case cookieProfile
    case keyed
    case slow
    case deleteItem(id: Int)
    case envelopeWhole
    case text
    case bytes

    var defaultBaseURL: URL? { URL(string: "https://api.example.com/v1") }

    var method: HTTPMethod {
        switch self {
        case .login, .logout, .form, .upload, .raw: return .post
        case .deleteItem: return .delete
        default: return .get
        }
    }

    var pathComponents: [PathComponent] {
        switch self {
        case .login: return [.literal("/login")]
        case .logout: return [.literal("/logout")]
        case .getQuestion(let index, _, _, _): return [.literal("/questions/"), .value(index)]
        case .search: return [.literal("/search")]
        case .headers: return [.literal("/headers")]
        case .form: return [.literal("/form")]
        case .upload(let memberID, _, _, _, _): return [.literal("/members/"), .value(memberID.parameterValue), .literal("/avatar")]
        case .raw: return [.literal("/raw")]
        case .profile: return [.literal("/me")]
        case .cookieProfile: return [.literal("/cookie-me")]
        case .keyed: return [.literal("/keyed")]
        case .slow: return [.literal("/slow")]
        case .deleteItem(let id): return [.literal("/items/"), .value(id.parameterValue)]
        case .envelopeWhole: return [.literal("/whole")]
        case .text: return [.literal("/text")]
        case .bytes: return [.literal("/bytes")]
        }
    }

    var queryItems: [QueryItem] {
        switch self {
        case .getQuestion(_, let lang, let tags, let pageSize):
            var items: [QueryItem] = []
            items.append(name: "lang", lang)
            items.append(name: "tags", tags)
            items.append(name: "page_size", pageSize)
            return items
        case .search(let query, let priority, let state, let at, let ids):
            var items: [QueryItem] = []
            items.append(name: "q", query)
            items.append(name: "priority", priority)
            items.append(name: "state", state)
            items.append(name: "at", at)
            items.append(name: "id", ids)
            return items
        default:
            return []
        }
    }

    var headers: [HTTPHeader] {
        var headers: [HTTPHeader] = [HTTPHeader(name: "Accept", value: "application/json")]
        switch self {
        case .headers(let requestID, let accept):
            headers.append(name: "X-Request-ID", requestID)
            headers.append(name: "X-Accept-Languages", accept)
        default:
            break
        }
        return headers
    }

    var body: RequestBody {
        switch self {
        case .login(let body): return .json(body)
        case .form(let fields): return .form(fields)
        case .upload(_, let image, let caption, let tags, let photos):
            var parts: [MultipartPart] = []
            parts.append(name: "image", image)
            parts.append(name: "caption", caption)
            parts.append(name: "tags", tags)
            parts.append(name: "photos", photos)
            return .multipart(parts)
        case .raw(let data, let contentType): return .raw(data, contentType: contentType)
        default: return .none
        }
    }

    var auth: AuthRequirement {
        switch self {
        case .profile, .deleteItem: return .bearer
        case .logout, .cookieProfile: return .cookie
        case .keyed: return .apiKey(header: "X-API-Key")
        default: return .none
        }
    }

    var timeout: TimeInterval? {
        switch self {
        case .slow: return 0.2
        default: return nil
        }
    }

    var envelope: EnvelopeFormat? { nil }

    var errorFormat: ErrorBodyFormat { ErrorBodyFormat(message: "message", code: "code", model: ErrorResponse.self) }

    var sampleData: Data {
        switch self {
        case .login: return Data(#"{"access_token":"abc","expires_in":3600}"#.utf8)
        case .getQuestion, .profile, .slow:
            return Data(#"{"index":1,"title":"Hi","created_at":"2024-01-02T03:04:05Z"}"#.utf8)
        case .text: return Data("안녕".utf8)
        case .bytes: return Data([0, 1, 2, 255])
        default: return Data()
        }
    }
}

/// A router whose responses are wrapped in an envelope, like the DRINKIG API of seed 000.
enum EnvelopeRouter: Endpoint {
    case question
    case questions
    case nothing
    case optional

    var defaultBaseURL: URL? { nil }
    var method: HTTPMethod { .get }
    var pathComponents: [PathComponent] {
        switch self {
        case .question: return [.literal("/question")]
        case .questions: return [.literal("/questions")]
        case .nothing: return [.literal("/nothing")]
        case .optional: return [.literal("/optional")]
        }
    }
    var queryItems: [QueryItem] { [] }
    var headers: [HTTPHeader] { [] }
    var body: RequestBody { .none }
    var auth: AuthRequirement { .none }
    var timeout: TimeInterval? { nil }
    var envelope: EnvelopeFormat? { EnvelopeFormat(payload: "result", success: "isSuccess", code: "code", message: "message") }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat(message: "message", code: "code") }
    var sampleData: Data {
        Data(#"{"isSuccess":true,"code":"COMMON200","message":"OK","result":{"index":7,"title":"Wine"}}"#.utf8)
    }
}

/// Shaped like a generated service.
final class TestService: Sendable {
    let client: APIClient
    let baseURL: URL

    init(client: APIClient, baseURL: URL = URL(string: "https://api.example.com/v1")!) {
        self.client = client
        self.baseURL = baseURL
    }

    func login(body: LoginRequest) async throws(APIError) -> LoginResponse {
        try await client.send(TestRouter.login(body: body), baseURL: baseURL, as: LoginResponse.self)
    }

    func logout() async throws(APIError) {
        try await client.send(TestRouter.logout, baseURL: baseURL)
    }

    func getQuestion(index: String, lang: String? = nil, tags: [String], pageSize: Int = 20) async throws(APIError) -> Question {
        try await client.send(TestRouter.getQuestion(index: index, lang: lang, tags: tags, pageSize: pageSize),
                              baseURL: baseURL, as: Question.self)
    }

    func text() async throws(APIError) -> String {
        try await client.sendString(TestRouter.text, baseURL: baseURL)
    }

    func bytes() async throws(APIError) -> Data {
        try await client.sendData(TestRouter.bytes, baseURL: baseURL)
    }

    func whole() async throws(APIError) -> Envelope<Question> {
        try await client.sendEnvelope(EnvelopeRouter.question, baseURL: baseURL, as: Question.self)
    }

    /// The completion-handler variant codegen can emit for UIKit callers.
    @discardableResult
    func getQuestion(index: String, tags: [String], completion: @escaping @Sendable (Result<Question, APIError>) -> Void) -> Task<Void, Never> {
        Task {
            do throws(APIError) {
                completion(.success(try await self.getQuestion(index: index, tags: tags)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}

/// Counts calls and records values from concurrent code.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { values.count }
}

let testBaseURL = URL(string: "https://api.example.com/v1")!

func stubClient(_ respond: @escaping @Sendable (URLRequest) async -> StubResponse = { _ in .sample() },
                authentication: Authentication = .init(),
                plugins: [any APIPlugin] = [],
                retryPolicy: RetryPolicy = .none,
                configuration: APIClient.Configuration = .init()) -> APIClient {
    APIClient(transport: StubTransport(respond), authentication: authentication, plugins: plugins,
              retryPolicy: retryPolicy, configuration: configuration)
}

/// An endpoint with every part settable, for redirect and referee tests.
struct ProbeEndpoint: Endpoint {
    var method: HTTPMethod = .get
    var path = "/start"
    var pathComponents: [PathComponent] { [.literal(path)] }
    var queryItems: [QueryItem] = []
    var headers: [HTTPHeader] = []
    var body: RequestBody = .none
    var auth: AuthRequirement = .none
    var followsRedirects = true
    var credentialHeaders: [String] = []

    var defaultBaseURL: URL? { nil }
    var timeout: TimeInterval? = 5
    var envelope: EnvelopeFormat? { nil }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
    var sampleData: Data { Data() }
}

/// An endpoint of given path pieces and method, for path and method tests.
struct PiecesEndpoint: Endpoint {
    var method: HTTPMethod = .get
    var pathComponents: [PathComponent]
    var defaultBaseURL: URL? { nil }
    var queryItems: [QueryItem] { [] }
    var headers: [HTTPHeader] { [] }
    var body: RequestBody { .none }
    var auth: AuthRequirement { .none }
    var timeout: TimeInterval? { 5 }
    var envelope: EnvelopeFormat? { nil }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
    var sampleData: Data { Data() }
}

/// CPU seconds this thread has used (for bounds on work that wall time, on a busy machine, would blur).
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
