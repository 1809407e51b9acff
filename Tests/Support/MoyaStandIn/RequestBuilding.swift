import Foundation
import AlamofireStandIn

extension URL {
    /// The target's URL as Moya's default endpoint mapping forms it: the base URL with the path
    /// appended by `appendingPathComponent` (which percent-escapes a `?` in the path), or the base
    /// URL itself when the path is empty (no trailing `/` added).
    public init(target: TargetType) {
        self = target.path.isEmpty ? target.baseURL : target.baseURL.appendingPathComponent(target.path)
    }
}

/// The request Moya sends for the target with its default endpoint and request mapping, and
/// for uploads the body Alamofire then attaches.
///
/// URL from `URL(target:)`; method; exactly `target.headers`; then the task:
/// - `requestPlain`, `downloadDestination`: nothing more.
/// - `requestData`: the data is the body.
/// - `requestJSONEncodable` / `requestCustomJSONEncodable`: the encoder's output is the body,
///   with `Content-Type: application/json` unless the target set a `Content-Type`.
/// - `requestParameters`, `downloadParameters`: the parameters through their encoding.
/// - `requestCompositeData`: the data is the body and the URL parameters go into the query
///   (`URLEncoding(destination: .queryString)`), whatever the method.
/// - `requestCompositeParameters`: the body parameters through the body encoding (a
///   `URLEncoding` must be `.httpBody`), then the URL parameters into the query.
/// - `uploadFile`: the file's contents are the body (no `Content-Type` added).
/// - `uploadMultipart` / `uploadCompositeMultipart`: URL parameters into the query; a
///   `multipart/form-data` body of the parts in order, and `Content-Type:
///   multipart/form-data; boundary=…` replacing any the target set.
///
/// - Parameter multipartBoundary: the boundary of a multipart body; random (as Alamofire's)
///   when `nil`. Compare multipart bodies with `MultipartParts.parse`, not byte for byte.
public func urlRequest(for target: TargetType, multipartBoundary: String? = nil) throws -> URLRequest {
    // Moya's Endpoint keeps the URL as a string and parses it again.
    let urlString = URL(target: target).absoluteString
    guard let url = URL(string: urlString) else { throw MoyaError.requestMapping(urlString) }
    var request = URLRequest(url: url)
    request.httpMethod = target.method.rawValue
    request.allHTTPHeaderFields = target.headers

    let queryOnly = URLEncoding(destination: .queryString)
    switch target.task {
    case .requestPlain, .downloadDestination:
        return request
    case .requestData(let data):
        request.httpBody = data
        return request
    case .requestJSONEncodable(let value):
        return try encodedJSON(request, value, encoder: JSONEncoder())
    case let .requestCustomJSONEncodable(value, encoder):
        return try encodedJSON(request, value, encoder: encoder)
    case let .requestParameters(parameters, encoding), let .downloadParameters(parameters, encoding, _):
        return try encoded(request, parameters, encoding)
    case let .requestCompositeData(bodyData, urlParameters):
        request.httpBody = bodyData
        return try encoded(request, urlParameters, queryOnly)
    case let .requestCompositeParameters(bodyParameters, bodyEncoding, urlParameters):
        if let urlEncoding = bodyEncoding as? URLEncoding, urlEncoding.destination != .httpBody {
            throw MoyaError.compositeBodyEncodingNotHTTPBody
        }
        let withBody = try encoded(request, bodyParameters, bodyEncoding)
        return try encoded(withBody, urlParameters, queryOnly)
    case .uploadFile(let fileURL):
        do {
            request.httpBody = try Data(contentsOf: fileURL)
        } catch {
            throw MoyaError.underlying(error)
        }
        return request
    case .uploadMultipart(let parts):
        return try multipart(request, parts, method: target.method, boundary: multipartBoundary)
    case let .uploadCompositeMultipart(parts, urlParameters):
        let withQuery = try encoded(request, urlParameters, queryOnly)
        return try multipart(withQuery, parts, method: target.method, boundary: multipartBoundary)
    }
}

private func encoded(_ request: URLRequest, _ parameters: [String: Any], _ encoding: ParameterEncoding) throws -> URLRequest {
    do {
        return try encoding.encode(request, with: parameters)
    } catch {
        throw MoyaError.parameterEncoding(error)
    }
}

private func encodedJSON(_ request: URLRequest, _ value: Encodable, encoder: JSONEncoder) throws -> URLRequest {
    var request = request
    do {
        request.httpBody = try encoder.encode(value)
    } catch {
        throw MoyaError.encodableMapping(error)
    }
    if request.value(forHTTPHeaderField: "Content-Type") == nil {
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return request
}

/// Moya hands each part to Alamofire's `MultipartFormData`: data parts with their optional file
/// name and MIME type; file parts with both, or else named after the file (type from its
/// extension); stream parts with both, an absent one written as an empty string.
private func multipart(_ request: URLRequest, _ parts: [MultipartFormData], method: Moya.Method, boundary: String?) throws -> URLRequest {
    guard !parts.isEmpty, method.supportsMultipart else { throw MoyaError.notAMultipartTarget }
    let form = RequestMultipartFormData(boundary: boundary)
    for part in parts {
        switch part.provider {
        case .data(let data):
            form.append(data, withName: part.name, fileName: part.fileName, mimeType: part.mimeType)
        case .file(let fileURL):
            if let fileName = part.fileName, let mimeType = part.mimeType {
                form.append(fileURL, withName: part.name, fileName: fileName, mimeType: mimeType)
            } else {
                form.append(fileURL, withName: part.name)
            }
        case let .stream(stream, length):
            form.append(stream, withLength: length, name: part.name, fileName: part.fileName ?? "", mimeType: part.mimeType ?? "")
        }
    }
    var request = request
    do {
        request.httpBody = try form.encode()
    } catch {
        throw MoyaError.underlying(error)
    }
    request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
    return request
}
