import Foundation

/// The errors `urlRequest(for:)` throws, named as Moya's where Moya has one.
public enum MoyaError: Error {
    /// The target's URL could not be formed.
    case requestMapping(String)
    /// An `Encodable` body could not be encoded.
    case encodableMapping(any Error)
    /// A `ParameterEncoding` failed.
    case parameterEncoding(any Error)
    /// A file or multipart body could not be read or built.
    case underlying(any Error)
    /// `requestCompositeParameters` with a `URLEncoding` whose destination is not `.httpBody`.
    /// Moya stops the app with `fatalError` here; the stand-in throws, so that a test sees it.
    case compositeBodyEncodingNotHTTPBody
    /// A multipart task without parts or with a method other than POST, PUT, PATCH or CONNECT.
    /// Moya stops the app with `fatalError` here too.
    case notAMultipartTarget
}
