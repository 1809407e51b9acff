// Linux only, like the other Curl*.swift files: Apple platforms send with URLSessionTransport, and
// this code is not held to their versions (String(validating:as:) is macOS 15 / iOS 18; `make
// availability` checks the rest of the runtime against the package's platforms).
#if os(Linux)
import CEndpointCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// libcurl's option and info numbers used here (its stable ABI, `curl/curl.h`).
enum CurlOption {
    static let url: Int32 = 10_002
    static let errorBuffer: Int32 = 10_010
    static let httpHeader: Int32 = 10_023
    static let writeData: Int32 = 10_001
    static let readData: Int32 = 10_009
    static let readFunction: Int32 = 20_012
    static let headerData: Int32 = 10_029
    static let customRequest: Int32 = 10_036
    static let acceptEncoding: Int32 = 10_102
    static let copyPostFields: Int32 = 10_165
    static let protocolsString: Int32 = 10_318
    static let writeFunction: Int32 = 20_011
    static let headerFunction: Int32 = 20_079
    static let noBody: Int32 = 44
    static let post: Int32 = 47
    static let followLocation: Int32 = 52
    static let httpGet: Int32 = 80
    static let noSignal: Int32 = 99
    static let timeoutMilliseconds: Int32 = 155
    static let protocols: Int32 = 181
    static let pathAsIs: Int32 = 234
    static let postFieldSize: Int32 = 30_120
    static let responseCodeInfo: Int32 = 0x200002
}

/// Pairs of a multi handle (which owns the connection cache) and an easy handle, reused so that
/// connections and DNS answers are reused across requests.
final class HandlePool: @unchecked Sendable {
    struct Pair {
        let multi: UnsafeMutableRawPointer
        let easy: UnsafeMutableRawPointer
    }

    private let lock = NSLock()
    private var idle: [Pair] = []
    private static let maxIdle = 8

    func take() -> Pair? {
        lock.lock()
        if let pair = idle.popLast() {
            lock.unlock()
            return pair
        }
        lock.unlock()
        guard let multi = ecurl_multi_init() else { return nil }
        guard let easy = ecurl_easy_init() else {
            ecurl_multi_cleanup(multi)
            return nil
        }
        return Pair(multi: multi, easy: easy)
    }

    func give(_ pair: Pair) {
        ecurl_easy_reset(pair.easy)
        lock.lock()
        if idle.count < Self.maxIdle {
            idle.append(pair)
            lock.unlock()
            return
        }
        lock.unlock()
        Self.destroy(pair)
    }

    static func destroy(_ pair: Pair) {
        ecurl_easy_cleanup(pair.easy)
        ecurl_multi_cleanup(pair.multi)
    }

    deinit {
        idle.forEach(Self.destroy)
    }
}

// The transfer's stateless pieces: the request's headers as curl's list, header bytes as text,
// curl's result codes as the runtime's failures.
extension CurlTransfer {
    /// The request's header fields as a curl list (the caller frees it after the transfer).
    static func headerList(of request: URLRequest) -> UnsafeMutableRawPointer? {
        // Sorted for a stable order on the wire; `Expect:` turns off curl's 100-continue wait.
        var fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { $0.value.isEmpty ? "\($0.key);" : "\($0.key): \($0.value)" }
        fields.append("Expect:")
        var list: UnsafeMutableRawPointer?
        for field in fields {
            list = ecurl_slist_append(list, field)
        }
        return list
    }

    /// UTF-8, or ISO 8859-1 for bytes that are not (RFC 9110 5.5: obs-text).
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// libcurl's result codes as the runtime's failures.
    static func map(_ code: Int32, description: String) -> APIError {
        switch code {
        case 5, 6, 7:  // could not resolve proxy or host, could not connect
            return .transport(.cannotConnect)
        case 28:  // operation timed out
            return .transport(.timedOut)
        case 18, 52, 55, 56:  // partial body, nothing received, send or receive failure
            return .transport(.connectionLost)
        case 8:  // weird server reply
            return .transport(.badResponse(reason: "The server's response is not valid HTTP (\(description))."))
        case 61:  // bad content encoding
            return .transport(.badResponse(reason: "The body's content encoding is corrupt (\(description))."))
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 83, 90, 91:  // TLS
            return .transport(.other(code: URLError.secureConnectionFailed.rawValue, description: description))
        case 1, 3:  // unsupported protocol, malformed URL
            return .transport(.other(code: URLError.unsupportedURL.rawValue, description: description))
        default:
            return .transport(.other(code: URLError.unknown.rawValue, description: description))
        }
    }
}

#endif
