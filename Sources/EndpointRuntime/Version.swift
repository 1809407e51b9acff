import Foundation

extension APIClient {
    /// The version of this runtime, as the default `User-Agent` names it
    /// (`EndpointRuntime/<version>`); the same as the `endpointgen` tool's. (A type named
    /// `EndpointRuntimeVersion` would be left out of the symbol graph, and so of DocC: the
    /// compiler drops `<Module>Version…` names.)
    public static let runtimeVersion = "0.1.0"
}

extension APIClient.Configuration {
    /// `<App>/<version> EndpointRuntime/<version>`: the app's bundle name and short version where
    /// the main bundle has them (an app on Apple platforms), else the process name; characters
    /// that a `User-Agent` product cannot hold (RFC 9110 10.1.5: a token) become `-`. Sent by
    /// every transport, as URLSession sends its own (`CurlTransport` and AsyncHTTPClient send none
    /// by themselves, and APIs such as GitHub's refuse a request without one).
    public static let defaultUserAgent: String = {
        let info = Bundle.main.infoDictionary ?? [:]
        let name = (info["CFBundleName"] as? String) ?? (info["CFBundleExecutable"] as? String) ?? ProcessInfo.processInfo.processName
        let version = info["CFBundleShortVersionString"] as? String
        let app = Self.token(name.isEmpty ? "App" : name) + (version.map { "/" + Self.token($0) } ?? "")
        return "\(app) EndpointRuntime/\(APIClient.runtimeVersion)"
    }()

    /// `text` with every character that is not a token character (RFC 9110 5.6.2) as `-`.
    private static func token(_ text: String) -> String {
        let allowed = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String(text.map { allowed.contains($0) ? $0 : "-" })
    }
}
