// The names Moya re-exports from Alamofire, and the `Moya.` namespace.
//
// A Moya app imports Moya only; these aliases are how it reaches Alamofire's method and
// encodings. FoundationNetworking is re-exported for Linux, as in AlamofireStandIn.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
import Foundation
import AlamofireStandIn

/// An HTTP method (`.get`, `.post`, …): Alamofire's `HTTPMethod`, as Moya names it.
public typealias Method = HTTPMethod
/// How `requestParameters` applies its parameters.
public typealias ParameterEncoding = AlamofireStandIn.ParameterEncoding
/// JSON body encoding.
public typealias JSONEncoding = AlamofireStandIn.JSONEncoding
/// Query or form body encoding.
public typealias URLEncoding = AlamofireStandIn.URLEncoding
/// `[String: Any]`.
public typealias Parameters = AlamofireStandIn.Parameters
/// Alamofire's multipart body builder, under Moya's name for it.
public typealias RequestMultipartFormData = AlamofireStandIn.MultipartFormData
/// Where a download task puts its file.
public typealias DownloadDestination = DownloadRequest.Destination

/// Stands for the module name `Moya`, so that `Moya.Method` (the usual spelling, since `Method`
/// alone clashes with the Objective-C runtime's type on Apple platforms), `Moya.Task` and
/// `Moya.MultipartFormData` compile against the stand-in.
public enum Moya {
    /// `Moya.Method`.
    public typealias Method = MoyaStandIn.Method
    /// `Moya.Task`.
    public typealias Task = MoyaStandIn.Task
    /// `Moya.MultipartFormData`.
    public typealias MultipartFormData = MoyaStandIn.MultipartFormData
    /// `Moya.ParameterEncoding`.
    public typealias ParameterEncoding = MoyaStandIn.ParameterEncoding
    /// `Moya.JSONEncoding`.
    public typealias JSONEncoding = MoyaStandIn.JSONEncoding
    /// `Moya.URLEncoding`.
    public typealias URLEncoding = MoyaStandIn.URLEncoding
    /// `Moya.ValidationType`.
    public typealias ValidationType = MoyaStandIn.ValidationType
    /// `Moya.TargetType`.
    public typealias TargetType = MoyaStandIn.TargetType
}

extension HTTPMethod {
    /// Whether Moya allows a multipart upload with this method (POST, PUT, PATCH, CONNECT).
    public var supportsMultipart: Bool {
        [.post, .put, .patch, .connect].contains(self)
    }
}
