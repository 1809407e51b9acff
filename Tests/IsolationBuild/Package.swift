// swift-tools-version:6.2
import PackageDescription

// The committed Generated/, the `features` golden (every spec feature) and its
// `features-callbacks` variant (internal access, completion handlers, mutable models), and the
// `hostile` goldens (names chosen to break generated code) compiled in an app-like setting: Swift 6 language mode, complete concurrency
// checking, default actor isolation MainActor (Xcode's default for new app targets), warnings
// as errors. `make isolation-check` builds it; CI runs it.
let strict: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
    name: "IsolationBuild",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "EndpointGen", path: "../..")],
    targets: ["GeneratedMainActor", "FeaturesMainActor", "CallbacksMainActor", "HostileMainActor", "HostileMutableMainActor"].map {
        .target(
            name: $0,
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            swiftSettings: strict
        )
    },
    swiftLanguageModes: [.v6]
)
