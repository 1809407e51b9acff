#if ImportSwift
import EndpointGenSupport

// swift-syntax has types of these names too; in this module they are EndpointGen's.
typealias SourceLocation = EndpointGenSupport.SourceLocation
typealias Diagnostic = EndpointGenSupport.Diagnostic
#endif
