// Must not compile: `WireKey`, the coding key of generated models, is EndpointRuntime's
// `@_spi(Generated)` API; an app that imports EndpointRuntime as apps do does not see it.
// `check-must-not-compile.sh` expects the compiler to say so:
// expect: cannot find 'WireKey' in scope
import EndpointRuntime

let key = WireKey("id")
