// swift-tools-version:6.2
import PackageDescription

// The committed Generated/, the `features` golden (every spec feature) and its
// `features-callbacks` variant (internal access, completion handlers, mutable models), and the
// `hostile` goldens (names chosen to break generated code) compiled as app targets compile them,
// warnings as errors. `make isolation-check` builds it; CI runs it.

/// Swift 6 language mode, complete concurrency checking, default actor isolation MainActor
/// (Xcode's default for new app targets).
let mainActorApp: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .unsafeFlags(["-warnings-as-errors"]),
]

/// The Swift 5 language mode, in which Xcode keeps existing app targets: as it is (minimal
/// concurrency checking), and with complete checking turned on on the way to Swift 6.
let swift5App: [SwiftSetting] = [
    .swiftLanguageMode(.v5),
    .unsafeFlags(["-warnings-as-errors"]),
]
let swift5StrictApp: [SwiftSetting] = swift5App + [.enableUpcomingFeature("StrictConcurrency")]

let settings: [(target: String, settings: [SwiftSetting])] = [
    ("GeneratedMainActor", mainActorApp),
    ("FeaturesMainActor", mainActorApp),
    ("CallbacksMainActor", mainActorApp),
    ("HostileMainActor", mainActorApp),
    ("HostileMutableMainActor", mainActorApp),
    ("FeaturesSwift5", swift5App),
    ("FeaturesSwift5Strict", swift5StrictApp),
    ("CallbacksSwift5Strict", swift5StrictApp),
]

let package = Package(
    name: "IsolationBuild",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "EndpointGen", path: "../..")],
    targets: settings.map {
        .target(
            name: $0.target,
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            swiftSettings: $0.settings
        )
    },
    swiftLanguageModes: [.v6]
)
