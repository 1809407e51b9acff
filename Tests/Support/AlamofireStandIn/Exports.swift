// The stand-in's module-wide imports and the `Alamofire.` namespace.
//
// On Linux, URLRequest and HTTPURLResponse live in FoundationNetworking. Re-exporting it lets the
// fixture layers import only the stand-in, as app code imports only Alamofire on Apple platforms.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
import Foundation

/// Stands for the module name `Alamofire`, so that app code that qualifies names with it
/// (`Alamofire.HTTPMethod`, `Alamofire.ParameterEncoding`) compiles against the stand-in.
public enum Alamofire {
    /// `Alamofire.HTTPMethod`.
    public typealias HTTPMethod = AlamofireStandIn.HTTPMethod
    /// `Alamofire.HTTPHeaders`.
    public typealias HTTPHeaders = AlamofireStandIn.HTTPHeaders
    /// `Alamofire.HTTPHeader`.
    public typealias HTTPHeader = AlamofireStandIn.HTTPHeader
    /// `Alamofire.Parameters`.
    public typealias Parameters = AlamofireStandIn.Parameters
    /// `Alamofire.ParameterEncoding`.
    public typealias ParameterEncoding = AlamofireStandIn.ParameterEncoding
    /// `Alamofire.URLEncoding`.
    public typealias URLEncoding = AlamofireStandIn.URLEncoding
    /// `Alamofire.JSONEncoding`.
    public typealias JSONEncoding = AlamofireStandIn.JSONEncoding
    /// `Alamofire.URLRequestConvertible`.
    public typealias URLRequestConvertible = AlamofireStandIn.URLRequestConvertible
    /// `Alamofire.URLConvertible`.
    public typealias URLConvertible = AlamofireStandIn.URLConvertible
    /// `Alamofire.MultipartFormData`.
    public typealias MultipartFormData = AlamofireStandIn.MultipartFormData
    /// `Alamofire.AFError`.
    public typealias AFError = AlamofireStandIn.AFError
}
