// swift-tools-version:6.1
import PackageDescription

// An app's package that uses EndpointGen, both ways:
//   MoviesAPI: code generated from specs/ and committed in Generated/ (make generate, or the
//              generate-endpoints command plugin); CI fails when it is stale (make check).
//   Reviews:   code generated at build time by the EndpointGenPlugin build-tool plugin from
//              Sources/Reviews/specs/; nothing is committed.
//   BoxOffice: the app's logic, written against CinemaServiceProtocol; BoxOfficeTests tests it
//              against the generated CinemaServiceFake (endpointgen.yml: fakes: true).
//   MoviesSync: the box office's backend (as a Vapor or Hummingbird app would), the same services
//              and logic over AsyncHTTPClientTransport; MoviesSyncTests run it against a loopback
//              server. The only target that depends on EndpointRuntimeAsyncHTTPClient (SwiftNIO):
//              the app's targets stay Foundation-only. That product needs EndpointGen's package
//              trait AsyncHTTPClient, turned on below; an app without a server target leaves it
//              off and resolves none of SwiftNIO's packages (docs/server-apps.md).
let package = Package(
    name: "Movies",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In your project: .package(url: "<EndpointGen repository URL>", branch: "main", traits: ["AsyncHTTPClient"])
        .package(name: "EndpointGen", path: "../..", traits: ["AsyncHTTPClient"]),
    ],
    targets: [
        .target(
            name: "MoviesAPI",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            path: "Generated"
        ),
        .target(
            name: "Reviews",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]
        ),
        .target(
            name: "BoxOffice",
            dependencies: ["MoviesAPI", .product(name: "EndpointRuntime", package: "EndpointGen")]
        ),
        .executableTarget(
            name: "movies",
            dependencies: ["BoxOffice", "MoviesAPI", "Reviews", .product(name: "EndpointRuntime", package: "EndpointGen")]
        ),
        .testTarget(
            name: "BoxOfficeTests",
            dependencies: ["BoxOffice", "MoviesAPI", .product(name: "EndpointRuntime", package: "EndpointGen")]
        ),
        .target(
            name: "MoviesSync",
            dependencies: [
                "BoxOffice", "MoviesAPI", "Reviews",
                .product(name: "EndpointRuntime", package: "EndpointGen"),
                .product(name: "EndpointRuntimeAsyncHTTPClient", package: "EndpointGen"),
            ]
        ),
        // Starts Tests/MoviesSyncTests/cinema_server.py (python3) on 127.0.0.1 and syncs against it.
        .testTarget(
            name: "MoviesSyncTests",
            dependencies: ["MoviesSync", "MoviesAPI", .product(name: "EndpointRuntime", package: "EndpointGen")],
            exclude: ["cinema_server.py"]
        ),
    ]
)
