// swift-tools-version:6.1
import PackageDescription

// An app's package that uses EndpointGen, both ways:
//   MoviesAPI: code generated from specs/ and committed in Generated/ (make generate, or the
//              generate-endpoints command plugin); CI fails when it is stale (make check).
//   Reviews:   code generated at build time by the EndpointGenPlugin build-tool plugin from
//              Sources/Reviews/specs/; nothing is committed.
//   BoxOffice: the app's logic, written against CinemaServiceProtocol; BoxOfficeTests tests it
//              against the generated CinemaServiceFake (endpointgen.yml: fakes: true).
//   MoviesSync: the box office's catalog sync, the same services and logic on a client of its
//              own; MoviesSyncTests run it against a loopback server (python3). Like every target
//              here it is Foundation-only: a server app would also turn on EndpointGen's package
//              trait AsyncHTTPClient and pass AsyncHTTPClientTransport (docs/server-apps.md).
let package = Package(
    name: "Movies",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In your project: .package(url: "<EndpointGen repository URL>", branch: "main")
        .package(name: "EndpointGen", path: "../.."),
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
