#if !AsyncHTTPClient
/// What this module holds when EndpointGen's package trait `AsyncHTTPClient` is off (the default):
/// the transport's name and entry points only, so that an app that adds this product but not the
/// trait is told at the first use how to turn it on, instead of being told that the type does not
/// exist or that its initializer is internal. With the trait off, SwiftPM resolves none of
/// SwiftNIO's packages for the app (docs/server-apps.md).
@available(*, unavailable, message: "EndpointGen's AsyncHTTPClient trait is off: add traits: [\"AsyncHTTPClient\"] to the EndpointGen package dependency (docs/server-apps.md)")
public final class AsyncHTTPClientTransport {
    @available(*, unavailable, message: "EndpointGen's AsyncHTTPClient trait is off: add traits: [\"AsyncHTTPClient\"] to the EndpointGen package dependency (docs/server-apps.md)")
    public init() {}

    @available(*, unavailable, message: "EndpointGen's AsyncHTTPClient trait is off: add traits: [\"AsyncHTTPClient\"] to the EndpointGen package dependency (docs/server-apps.md)")
    public init(client: Any) {}

    @available(*, unavailable, message: "EndpointGen's AsyncHTTPClient trait is off: add traits: [\"AsyncHTTPClient\"] to the EndpointGen package dependency (docs/server-apps.md)")
    public static func configuration() {}
}
#endif
