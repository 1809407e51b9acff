// swift-tools-version:6.1
import PackageDescription

// Stages of the generator, each its own module, in pipeline order:
//   CYaml (libyaml) → EndpointGenYAML (node tree with marks)
//   → EndpointGenSpec (decode + validate into a resolved Spec)
//   → EndpointGenCodegen (translate, name, print Swift)
//   → EndpointGenKit (pipeline, writer, check) → endpointgen (CLI).
// EndpointRuntime is what generated code stands on; Generated/ is the committed output for specs/.

/// What only the package trait AsyncHTTPClient uses: the transport over AsyncHTTPClient (SwiftNIO)
/// and its tests. SwiftPM resolves no package that only disabled traits use, so an app that leaves
/// the trait off (the default) resolves none of SwiftNIO's packages: swift-argument-parser, for
/// the CLI and the plugins, is all (`make resolve-check`). Server apps turn it on with
/// `traits: ["AsyncHTTPClient"]` (docs/server-apps.md); this package's Makefile always does.
let withAsyncHTTPClient = TargetDependencyCondition.when(traits: ["AsyncHTTPClient"])

/// What only the package trait ImportSwift uses: `endpointgen import-swift`, which reads an app's
/// Moya and Alamofire layers with swift-syntax. Off by default, so an app, the plugins and the
/// CLI they run never resolve or build swift-syntax; `swift run --traits ImportSwift endpointgen
/// import-swift …` (docs/import-swift.md) and this package's Makefile turn it on.
let withImportSwift = TargetDependencyCondition.when(traits: ["ImportSwift"])

let package = Package(
    name: "EndpointGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointRuntime", targets: ["EndpointRuntime"]),
        // The runtime's transport on AsyncHTTPClient (SwiftNIO), for server apps; a product of its
        // own so that apps using only EndpointRuntime never build NIO. Empty without the trait.
        .library(name: "EndpointRuntimeAsyncHTTPClient", targets: ["EndpointRuntimeAsyncHTTPClient"]),
        .executable(name: "endpointgen", targets: ["endpointgen"]),
        // `swift package --allow-writing-to-package-directory generate-endpoints`: writes the committed Generated/.
        .plugin(name: "GenerateEndpoints", targets: ["GenerateEndpoints"]),
        // Generates at build time from a target's own specs, into the build folder.
        .plugin(name: "EndpointGenPlugin", targets: ["EndpointGenPlugin"]),
    ],
    traits: [
        .trait(name: "AsyncHTTPClient", description: "AsyncHTTPClientTransport (product EndpointRuntimeAsyncHTTPClient), for server apps on SwiftNIO"),
        // On by default. Off, the CLI has no networking: the release CLI (`make release-tool`) is one
        // static executable, and FoundationNetworking, which the runtime's URLSession needs, links
        // libcurl, which a static executable cannot.
        .trait(name: "Verify", description: "endpointgen verify: the CLI sends the specs' requests through EndpointRuntime"),
        .trait(name: "ImportSwift", description: "endpointgen import-swift: specs from an app's Moya TargetType and Alamofire router enums (swift-syntax)"),
        .default(enabledTraits: ["Verify"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Tests only: the loopback HTTP server of WireTests. The runtime and Generated/ stay Foundation-only.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // Only EndpointRuntimeAsyncHTTPClient (and the tests running the suites over it) use it,
        // with the trait on.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already in async-http-client's graph; named for the error types the transport maps.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
        // Only EndpointGenImportSwift uses it, with the trait ImportSwift on. Every major version of
        // the Swift 6 toolchains: an app that pins swift-syntax for its macros still resolves.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // glibc's <malloc.h> (mallopt), for the CLI's allocator settings; empty elsewhere.
        .systemLibrary(name: "CMalloc"),
        .target(name: "EndpointGenSupport", dependencies: ["CMalloc"]),
        .target(name: "EndpointGenYAML", dependencies: ["CYaml", "EndpointGenSupport"]),
        .target(name: "EndpointGenSpec", dependencies: ["EndpointGenYAML", "EndpointGenSupport"]),
        .target(name: "EndpointGenCodegen", dependencies: ["EndpointGenSpec", "EndpointGenSupport"]),
        .target(name: "EndpointGenImport", dependencies: ["EndpointGenYAML", "EndpointGenSpec", "EndpointGenSupport"]),
        // export-openapi: a resolved SpecModule → one OpenAPI 3.1 document.
        .target(name: "EndpointGenExport", dependencies: ["EndpointGenSpec", "EndpointGenSupport"]),
        // verify: the specs' requests sent to a server through the runtime, its answers checked against the spec.
        .target(name: "EndpointGenVerify", dependencies: ["EndpointGenSpec", "EndpointGenYAML", "EndpointGenSupport", "EndpointRuntime"]),
        .target(name: "EndpointGenKit", dependencies: ["EndpointGenYAML", "EndpointGenSpec", "EndpointGenCodegen", "EndpointGenImport", "EndpointGenExport", "EndpointGenSupport"]),
        // import-swift: Swift source (swift-syntax) → the routers, cases and DTOs it declares → spec
        // files (EndpointGenImport's printer). Empty without the trait ImportSwift.
        .target(
            name: "EndpointGenImportSwift",
            dependencies: [
                "EndpointGenImport", "EndpointGenKit", "EndpointGenSpec", "EndpointGenSupport", "EndpointGenYAML",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: withImportSwift),
                .product(name: "SwiftParser", package: "swift-syntax", condition: withImportSwift),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax", condition: withImportSwift),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: withImportSwift),
            ]
        ),
        .executableTarget(
            name: "endpointgen",
            dependencies: [
                "EndpointGenKit", .target(name: "EndpointGenVerify", condition: .when(traits: ["Verify"])),
                .target(name: "EndpointGenImportSwift", condition: withImportSwift),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libcurl opened at run time (Linux), for the runtime's CurlTransport; no headers needed to build.
        .target(name: "CEndpointCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "EndpointRuntime", dependencies: ["CEndpointCurl"]),
        .target(name: "Generated", dependencies: ["EndpointRuntime"], path: "Generated"),
        // zlib's inflate (system zlib, whose header async-http-client needs anyway).
        .systemLibrary(name: "CEndpointZlib"),
        // Nothing but tests depends on it: EndpointRuntime and Generated/ stay Foundation-only.
        .target(
            name: "EndpointRuntimeAsyncHTTPClient",
            dependencies: [
                "EndpointRuntime",
                .target(name: "CEndpointZlib", condition: withAsyncHTTPClient),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withAsyncHTTPClient),
                .product(name: "NIOCore", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOPosix", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: withAsyncHTTPClient),
            ]
        ),

        // SwiftPM plugins (Plugins/). The build-tool plugin runs EndpointGenBuildTool, which writes
        // one file per spec so that the plugin can name its outputs before the build.
        .plugin(
            name: "GenerateEndpoints",
            capability: .command(
                intent: .custom(verb: "generate-endpoints", description: "Generate Swift code from specs/ into Generated/ (or --target T's folder)"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift files into the package")]
            ),
            dependencies: ["endpointgen"]
        ),
        .plugin(name: "EndpointGenPlugin", capability: .buildTool(), dependencies: ["EndpointGenBuildTool"]),
        .executableTarget(
            name: "EndpointGenBuildTool",
            dependencies: ["EndpointGenKit", "EndpointGenSpec", "EndpointGenCodegen", "EndpointGenSupport"],
            path: "Plugins/EndpointGenBuildTool"
        ),

        .testTarget(name: "YAMLTests", dependencies: ["EndpointGenYAML"]),
        .testTarget(name: "SpecTests", dependencies: ["EndpointGenSpec"]),
        // Golden outputs are compiled, not only compared: a fixture's output must build.
        .target(name: "GoldenFeatures", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/features"),
        .target(name: "GoldenHostile", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/hostile"),
        // The features fixture with --access-level internal --completion-handlers.
        .target(name: "GoldenCallbacks", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/features-callbacks"),
        // The hostile fixture with --mutable-models: settable properties, boxed ones copied on write.
        .target(name: "GoldenHostileMutable", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/hostile-mutable"),
        // Record-or-compare of a folder of goldens, and spec texts generated as one module
        // (`SpecGeneration`), shared by the codegen and import tests.
        .target(name: "GoldenSupport", dependencies: ["EndpointGenKit", "EndpointGenCodegen", "EndpointGenSpec"], path: "Tests/Support/GoldenSupport"),
        // The built executables (endpointgen, runtime-memory-probe) run as users and CI run them.
        .target(name: "ToolRunner", path: "Tests/Support/ToolRunner"),
        .testTarget(
            name: "CodegenTests",
            dependencies: ["EndpointGenCodegen", "EndpointGenKit", "GoldenSupport", "GoldenFeatures", "GoldenHostile", "GoldenCallbacks", "GoldenHostileMutable"]
        ),
        // What the specs imported from Tests/Fixtures/openapi/shop.yaml generate.
        .target(name: "GoldenImportedShop", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/imported-shop"),
        .testTarget(
            name: "ImportTests",
            dependencies: ["EndpointGenImport", "EndpointGenExport", "EndpointGenKit", "EndpointGenSpec", "EndpointGenCodegen", "EndpointGenYAML", "GoldenSupport", "GoldenImportedShop"]
        ),
        // A raw-socket HTTP/1.1 server for faults an HTTP framework does not produce (resets, short
        // bodies, trickling bodies); shared by RuntimeTests and WireTests.
        .target(name: "RawHTTPServer", path: "Tests/Support/RawHTTPServer"),
        // Assertions on the typed error, shared by the runtime and wire tests.
        .target(name: "APITestSupport", dependencies: ["EndpointRuntime", "EndpointRuntimeAsyncHTTPClient", .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withAsyncHTTPClient)], path: "Tests/Support/APITestSupport"),
        // A client in a process of its own, so that tests can measure its peak memory against hostile bodies.
        .executableTarget(name: "runtime-memory-probe", dependencies: ["EndpointRuntime", "EndpointRuntimeAsyncHTTPClient"], path: "Tests/Support/MemoryProbe"),
        .testTarget(
            name: "RuntimeTests",
            dependencies: [
                "EndpointRuntime", "RawHTTPServer", "APITestSupport", "runtime-memory-probe", "EndpointRuntimeAsyncHTTPClient", "ToolRunner",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withAsyncHTTPClient),
                .product(name: "NIOCore", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withAsyncHTTPClient),
            ]
        ),
        // Generated/ through the stub transport: every sample of specs/ decodes as its endpoint's response.
        .testTarget(name: "GeneratedTests", dependencies: ["Generated", "EndpointRuntime"]),
        // Every endpoint of Generated/ over URLSession against a FlyingFox server on 127.0.0.1, and the fault matrix;
        // the fixtures' clients (GoldenFeatures, GoldenHostile) against the export referee.
        .testTarget(
            name: "WireTests",
            dependencies: ["Generated", "GoldenFeatures", "GoldenHostile", "EndpointRuntime", "RawHTTPServer", "APITestSupport", "endpointgen", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(name: "KitTests", dependencies: ["EndpointGenKit", "endpointgen", "ToolRunner"]),
        // import-swift's tests. Stand-ins of Alamofire 5 and Moya 14/15 that build URLRequests by the
        // libraries' documented rules (Foundation only; the real packages do not resolve here), checked
        // against those rules by StandInTests.
        .target(name: "AlamofireStandIn", path: "Tests/Support/AlamofireStandIn"),
        .target(name: "MoyaStandIn", dependencies: ["AlamofireStandIn"], path: "Tests/Support/MoyaStandIn"),
        .testTarget(name: "StandInTests", dependencies: ["AlamofireStandIn", "MoyaStandIn"]),
        // App networking layers as teams write them (Tests/Fixtures/swift-layers/README.md), Swift 5
        // mode as many apps are: what import-swift reads, and the requests the original code builds.
        .target(name: "SwiftLayerSeed000", dependencies: ["MoyaStandIn"], path: "Tests/Fixtures/swift-layers/seeds-000", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "SwiftLayerSeed001", path: "Tests/Fixtures/swift-layers/seeds-001", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "SwiftLayerSeed003", path: "Tests/Fixtures/swift-layers/seeds-003", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "SwiftLayerSeed004", dependencies: ["AlamofireStandIn"], path: "Tests/Fixtures/swift-layers/seeds-004", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "SwiftLayerMoyaSplit", dependencies: ["MoyaStandIn"], path: "Tests/Fixtures/swift-layers/moya-split", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "SwiftLayerAlamofireRouter", dependencies: ["AlamofireStandIn"], path: "Tests/Fixtures/swift-layers/alamofire-router", swiftSettings: [.swiftLanguageMode(.v5)]),
        // What the specs import-swift makes of those layers generate (one module per group: the layers
        // are different apps, whose names may meet).
        .target(name: "GoldenImportedSeeds", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/imported-swift-seeds"),
        .target(name: "GoldenImportedMoya", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/imported-swift-moya"),
        .target(name: "GoldenImportedAlamofire", dependencies: ["EndpointRuntime"], path: "Tests/Goldens/imported-swift-alamofire"),
        // import-swift: goldens of the specs and code it makes, and the requests of each layer's
        // original code (on the stand-ins) against those of the generated code. The importer's own
        // tests are empty without the trait ImportSwift; the request comparisons need only the goldens.
        .testTarget(
            name: "ImportSwiftTests",
            dependencies: [
                "EndpointGenImportSwift", "EndpointGenKit", "EndpointGenSpec", "EndpointGenCodegen", "GoldenSupport", "EndpointRuntime", "Generated",
                "MoyaStandIn", "AlamofireStandIn", "GoldenImportedSeeds", "GoldenImportedMoya", "GoldenImportedAlamofire",
                "SwiftLayerSeed000", "SwiftLayerSeed001", "SwiftLayerSeed003", "SwiftLayerSeed004", "SwiftLayerMoyaSplit", "SwiftLayerAlamofireRouter",
            ]
        ),
        // Which files the build-tool plugin reads as specs: Plugins/EndpointGenPlugin/SpecSelection.swift,
        // a symbolic link here (a plugin's code cannot be a dependency).
        .testTarget(name: "PluginTests"),
        // verify against loopback servers: one of the test's own serving drifts, and httpbin.
        .testTarget(name: "VerifyTests", dependencies: ["EndpointGenVerify", "EndpointGenSpec", "EndpointRuntime", "RawHTTPServer", "APITestSupport", "endpointgen", "ToolRunner"]),
    ]
)
