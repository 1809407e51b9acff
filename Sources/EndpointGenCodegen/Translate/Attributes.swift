import EndpointGenSpec

/// Attributes the spec asks for on a generated declaration.
enum Attributes {
    /// `@available(*, deprecated)`, with the spec's message when it gave one; none when the
    /// endpoint or field is not deprecated.
    static func deprecation(_ deprecation: Deprecation?) -> [String] {
        switch deprecation {
        case nil: return []
        case .deprecated?: return ["@available(*, deprecated)"]
        case .message(let message)?: return ["@available(*, deprecated, message: \(SwiftLiteral.string(message)))"]
        }
    }
}
