// swift-tools-version: 6.1
// Builds Apple's swift-openapi-generator (the version the issue measures) for `make bench-compare`.
// Not part of the main package: nothing in EndpointGen depends on it.
import PackageDescription

let package = Package(
    name: "BenchCompare",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        .target(name: "BenchCompare", path: "Sources"),
    ]
)
