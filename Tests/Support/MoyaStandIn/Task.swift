import Foundation

/// How a target's data goes into its request: Moya 14/15's `Task`, every case.
public enum Task {
    /// A request with no additional data.
    case requestPlain
    /// The body is the data, as is.
    case requestData(Data)
    /// The body is the value encoded by a plain `JSONEncoder`.
    case requestJSONEncodable(Encodable)
    /// The body is the value encoded by the given encoder.
    case requestCustomJSONEncodable(Encodable, encoder: JSONEncoder)
    /// The parameters applied by the encoding (query or body).
    case requestParameters(parameters: [String: Any], encoding: ParameterEncoding)
    /// The body is the data; the URL parameters go into the query.
    case requestCompositeData(bodyData: Data, urlParameters: [String: Any])
    /// The body parameters applied by the body encoding; the URL parameters go into the query.
    case requestCompositeParameters(bodyParameters: [String: Any], bodyEncoding: ParameterEncoding, urlParameters: [String: Any])
    /// The body is the file's contents.
    case uploadFile(URL)
    /// A `multipart/form-data` body of these parts.
    case uploadMultipart([MultipartFormData])
    /// A `multipart/form-data` body; the URL parameters go into the query.
    case uploadCompositeMultipart([MultipartFormData], urlParameters: [String: Any])
    /// A download to the destination.
    case downloadDestination(DownloadDestination)
    /// A download to the destination, with the parameters applied by the encoding.
    case downloadParameters(parameters: [String: Any], encoding: ParameterEncoding, destination: DownloadDestination)
}
