import Foundation

/// The errors the stand-in's encodings and multipart bodies throw, named as in Alamofire.
public enum AFError: Error {
    /// Why a parameter encoding failed.
    public enum ParameterEncodingFailureReason: Sendable {
        /// URL encoding into the query of a request without a URL.
        case missingURL
        /// `JSONSerialization` refused the parameters (for example a `Date` value).
        case jsonEncodingFailed(error: any Error)
    }

    /// Why a multipart body could not be built.
    public enum MultipartEncodingFailureReason: Sendable {
        /// A file part's URL is not a file URL.
        case bodyPartURLInvalid(url: URL)
        /// A file part's URL has no file name or no extension to derive a MIME type from.
        case bodyPartFilenameInvalid(in: URL)
        /// A file part's file does not exist or is a directory.
        case bodyPartFileNotReachable(at: URL)
        /// A part's stream could not be read to its stated length.
        case inputStreamReadFailed(error: any Error)
    }

    /// Why `URLRequest.validate()` refused a request.
    public enum URLRequestValidationFailureReason: Sendable {
        /// A GET request with a body.
        case bodyDataInGETRequest(Data)
    }

    /// The string is not a URL (its text is kept).
    case invalidURL(url: String)
    /// A `ParameterEncoding` failed.
    case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
    /// A multipart body could not be built.
    case multipartEncodingFailed(reason: MultipartEncodingFailureReason)
    /// The request failed `URLRequest.validate()`.
    case urlRequestValidationFailed(reason: URLRequestValidationFailureReason)
}
