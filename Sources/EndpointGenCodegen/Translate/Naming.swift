import EndpointGenSupport

/// Swift names come from `SwiftNaming` in EndpointGenSupport, shared with the validator so that
/// the clashes it reports are exactly the ones the generated code would have.
typealias Naming = SwiftNaming
