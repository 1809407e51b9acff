import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns an `Endpoint` into a `URLRequest`: URL, method, headers, body, timeout. Auth and plugins
/// come later, per attempt, in `APIClient`.
struct RequestBuilder {
    let configuration: APIClient.Configuration

    func makeRequest(_ endpoint: some Endpoint, baseURL: URL) throws(APIError) -> URLRequest {
        let url = try makeURL(baseURL: baseURL, path: try Self.path(endpoint.pathComponents), query: endpoint.queryItems)
        var request = URLRequest(url: url)
        guard HTTPMethod.isToken(endpoint.method.rawValue) else {
            throw .invalidRequest(reason: "The method \"\(endpoint.method.rawValue.debugEscaped)\" is not a valid HTTP token.")
        }
        request.httpMethod = endpoint.method.rawValue
        let timeout = endpoint.timeout ?? configuration.timeout
        guard timeout > 0 else {
            throw .invalidRequest(reason: "The timeout \(timeout) is not a positive number of seconds.")
        }
        request.timeoutInterval = timeout
        // The client owns cookies (see `Authentication.cookies`); URLSession must not add its own.
        request.httpShouldHandleCookies = false

        if let userAgent = configuration.userAgent {
            try Self.validate(HTTPHeader(name: "User-Agent", value: userAgent))
            request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        }
        for header in configuration.defaultHeaders {
            try Self.validate(header)
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        // Endpoint headers replace client defaults of the same name; repeated names within the
        // endpoint are joined, as HTTP defines for repeated fields.
        var endpointNames: Set<String> = []
        for header in endpoint.headers {
            try Self.validate(header)
            if endpointNames.insert(header.name.lowercased()).inserted {
                request.setValue(header.value, forHTTPHeaderField: header.name)
            } else {
                request.addValue(header.value, forHTTPHeaderField: header.name)
            }
        }

        if case .file(let url, let contentType) = endpoint.body {
            try Self.validate(HTTPHeader(name: "Content-Type", value: contentType))
            let size = try Self.fileSize(url)
            request.httpBodyStream = InputStream(url: url)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            request.setValue(String(size), forHTTPHeaderField: "Content-Length")
        } else if let (body, contentType) = try encode(endpoint.body, dates: endpoint.dateEncoding) {
            request.httpBody = body
            // An endpoint's own Content-Type beside a JSON body names its JSON media type
            // (`application/merge-patch+json`). The other bodies' types are what the server
            // needs to read them (a multipart boundary), so they always win.
            var keepsDeclaredType = false
            if case .json = endpoint.body { keepsDeclaredType = endpointNames.contains("content-type") }
            if !keepsDeclaredType {
                request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            }
        }
        return request
    }

    /// `base` + `path` + `?query`. The base's own path is kept (`/v1`), with or without a trailing
    /// slash; `path` must be percent-encoded already (`RequestBuilder.path(_:)` builds it).
    func makeURL(baseURL: URL, path: String, query: [QueryItem]) throws(APIError) -> URL {
        if let failure = query.lazy.compactMap(\.failure).first { throw .encoding(description: failure) }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              components.host?.isEmpty == false
        else {
            throw .invalidRequest(reason: "The base URL \"\(baseURL.textWithoutPassword)\" is not an absolute http(s) URL.")
        }
        guard Self.isEncodedPath(path) else {
            throw .invalidRequest(reason: "The path \"\(path)\" contains characters that are not percent-encoded.")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") {
            basePath.removeLast()
        }
        let relative = path.isEmpty || path.hasPrefix("/") ? path : "/" + path
        let fullPath = basePath + relative
        components.percentEncodedPath = fullPath.isEmpty ? "/" : fullPath

        // Encoded by hand: URLComponents leaves `+`, `&`-free reserved characters and `;` as they
        // are, and servers read `+` as a space.
        var parts: [String] = []
        if let existing = components.percentEncodedQuery, !existing.isEmpty {
            parts.append(existing)
        }
        if !query.isEmpty {
            parts.append(PercentEncoding.formEncode(query))
        }
        components.percentEncodedQuery = parts.isEmpty ? nil : parts.joined(separator: "&")

        guard let url = components.url else {
            throw .invalidRequest(reason: "Could not build a URL from \"\(baseURL.textWithoutPassword)\" and \"\(path)\".")
        }
        return url
    }

    /// The encoded path of `components`; an empty value is refused (it would name another URL).
    static func path(_ components: [PathComponent]) throws(APIError) -> String {
        var path = ""
        var shown = ""
        var empty = false
        for component in components {
            switch component {
            case .literal(let text):
                path += text
                shown += text
            case .value(let value):
                let encoded = PathEncoding.encoded(value)
                path += encoded
                shown += value.isEmpty ? "{}" : encoded
                empty = empty || value.isEmpty
            case .segments(let value):
                // Each segment on its own; one that is empty, `.` or `..` would name another
                // resource (`a//b`, `a/../admin`), so it is refused rather than sent.
                let segments = value.split(separator: "/", omittingEmptySubsequences: false)
                if !value.isEmpty, let bad = segments.first(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                    throw .invalidRequest(reason: bad.isEmpty
                        ? "The path parameter \"\(value.debugEscaped)\" has an empty segment: the request would go to another URL."
                        : "The path parameter \"\(value.debugEscaped)\" has a '\(bad)' segment, which would name another path.")
                }
                let encoded = PathEncoding.segments(value)
                path += encoded
                shown += value.isEmpty ? "{}" : encoded
                empty = empty || value.isEmpty
            }
        }
        if empty {
            throw .invalidRequest(reason: "A path parameter is empty (\"\(shown)\"): the request would go to \"\(path)\", another URL.")
        }
        return path
    }

    /// The size of a regular file to upload.
    static func fileSize(_ url: URL) throws(APIError) -> Int64 {
        guard url.isFileURL,
              let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.int64Value
        else {
            throw .invalidRequest(reason: "The body's file \(url.path) is not a readable regular file.")
        }
        return size
    }

    /// The body bytes and their content type; nil for `.none` and for a file (streamed instead).
    func encode(_ body: RequestBody, dates: DateEncoding? = nil) throws(APIError) -> (Data, String)? {
        switch body {
        case .none, .file:
            return nil
        case .json(let value):
            do {
                let encoder = configuration.makeEncoder()
                dates?.apply(to: encoder)
                return (try encoder.encode(value), "application/json")
            } catch {
                throw .encoding(description: Self.describeEncodingError(error, type: type(of: value)))
            }
        case .form(let fields):
            if let failure = fields.lazy.compactMap(\.failure).first { throw .encoding(description: failure) }
            return (Data(PercentEncoding.formEncode(fields).utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            let boundary = configuration.multipartBoundary()
            guard Self.isValidBoundary(boundary) else {
                throw .invalidRequest(reason: "The multipart boundary \"\(boundary)\" is not valid.")
            }
            return (try Self.multipartBody(parts, boundary: boundary), "multipart/form-data; boundary=\(boundary)")
        case .raw(let data, let contentType):
            try Self.validate(HTTPHeader(name: "Content-Type", value: contentType))
            return (data, contentType)
        }
    }

    /// RFC 7578 `multipart/form-data`. Names and file names are quoted, with `"`, CR and LF
    /// percent-escaped as browsers do; file names keep their UTF-8 bytes.
    static func multipartBody(_ parts: [MultipartPart], boundary: String) throws(APIError) -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(quoted(part.name))\""
            switch part.content {
            case .text(let text):
                body.append(Data("\(disposition)\r\n\r\n".utf8))
                body.append(Data(text.utf8))
            case .file(let file):
                try validate(HTTPHeader(name: "Content-Type", value: file.mimeType))
                disposition += "; filename=\"\(quoted(file.fileName))\""
                body.append(Data("\(disposition)\r\nContent-Type: \(file.mimeType)\r\n\r\n".utf8))
                body.append(file.data)
            case .json(let data, let typeName):
                guard let data else {
                    throw .encoding(description: "The multipart part \"\(part.name.debugEscaped)\" (\(typeName)) could not be encoded as JSON.")
                }
                body.append(Data("\(disposition)\r\nContent-Type: application/json\r\n\r\n".utf8))
                body.append(data)
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    private static func quoted(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Refuses what would split or corrupt the header section: CR, LF and NUL anywhere, and names
    /// that are not RFC 9110 tokens. Never sent, never silently dropped.
    static func validate(_ header: HTTPHeader) throws(APIError) {
        guard !header.name.isEmpty, header.name.utf8.allSatisfy(isTokenByte) else {
            throw .invalidRequest(reason: "The header name \"\(header.name.debugEscaped)\" is not a valid HTTP token.")
        }
        if header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            // The value is not quoted: it may be a token, an API key or a session cookie.
            throw .invalidRequest(reason: "The value of header \"\(header.name.debugEscaped)\" contains CR, LF or NUL.")
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        if PercentEncoding.isAlphanumeric(byte) { return true }
        return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }

    /// RFC 2046: 1–70 characters from a restricted set, not ending in a space.
    static func isValidBoundary(_ boundary: String) -> Bool {
        let allowed = Array("'()+_,-./:=? ".utf8)
        return (1...70).contains(boundary.utf8.count) && !boundary.hasSuffix(" ")
            && boundary.utf8.allSatisfy { PercentEncoding.isAlphanumeric($0) || allowed.contains($0) }
    }

    /// Path characters allowed by RFC 3986 (`pchar` and `/`), with `%` only before two hex digits.
    static func isEncodedPath(_ path: String) -> Bool {
        let allowed = Array("-._~!$&'()*+,;=:@/".utf8)
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard PercentEncoding.isAlphanumeric(byte) || allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        PercentEncoding.isAlphanumeric(byte)
            && (byte <= UInt8(ascii: "9") || (byte | 0x20) <= UInt8(ascii: "f"))
    }

    static func describeEncodingError(_ error: any Error, type: Any.Type) -> String {
        if let encodingError = error as? EncodingError, case .invalidValue(let value, let context) = encodingError {
            let path = DecodingFailure.render(context.codingPath)
            return "Could not encode \(type)\(path.isEmpty ? "" : " at \(path)"): \(context.debugDescription) (value: \(value))"
        }
        return "Could not encode \(type): \(error)"
    }
}

extension String {
    /// The text with control characters shown as escapes, for error messages.
    var debugEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
