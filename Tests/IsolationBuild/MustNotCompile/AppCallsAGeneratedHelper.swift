// Must not compile: app code that imports EndpointRuntime as apps do (no `@_spi(Generated)`)
// and calls a helper only generated code may call. A model's `==` works (the models' own
// comparisons elsewhere in the tests), but its `hasEqualFields`, like `WireKey` and
// `fieldsEqual`, is the runtime's SPI and out of the app's sight and completion list.
// `check-must-not-compile.sh` expects the compiler to say so:
// expect: 'hasEqualFields' is inaccessible due to '@_spi' protection level
import EndpointRuntime
import FeaturesMainActor

func sameLogin(_ first: LoginRequest, _ second: LoginRequest) -> Bool {
    first.hasEqualFields(second)
}
