// swift-tools-version:6.1
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where the repo was cloned.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Runtime cost per request: a generated service through the stub transport next to the
// hand-written URLSession + JSONDecoder code it replaces, in one process (`make bench`).
// Sources/RuntimeBench/Generated is written by `make bench` from specs/bench.yaml.
let package = Package(
    name: "RuntimeBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "RuntimeBench",
            dependencies: [.product(name: "EndpointRuntime", package: repository)]
        ),
    ]
)
