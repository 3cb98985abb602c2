// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Larder",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "LarderCore", targets: ["LarderCore"]),
    .library(name: "LarderStore", targets: ["LarderStore"]),
    .library(name: "LarderTooling", targets: ["LarderTooling"]),
    .executable(name: "larder", targets: ["larder"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
  ],
  targets: [
    // Pure core: model, corpus readers, normalization, in-memory index, queries. No SQLite, no HTTP.
    .target(name: "LarderCore"),
    // Benchmark and test tooling over the core: the synthetic corpus generator, the keystroke
    // workload, the peer harness's batch runner and corpus format. Apps do not link it.
    .target(name: "LarderTooling", dependencies: ["LarderCore"]),
    // Debian's libsqlite3-dev (FTS5 built in) through the C API.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The only module that talks to SQLite.
    .target(
      name: "LarderStore",
      dependencies: [
        "LarderCore", "CSQLite", .product(name: "Crypto", package: "swift-crypto"),
        // NIOThreadPool: blocking SQLite work runs on threads of its own (StorageThreads).
        .product(name: "NIOPosix", package: "swift-nio"),
        // The timers of PostgreSQL calls' deadlines, on the event loops postgres-nio uses.
        .product(name: "NIOCore", package: "swift-nio"),
        // User state in PostgreSQL for several replicas (`larder serve --postgres URL`).
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The system's zlib (zlib1g-dev) for gzip: the page's files are compressed once, at start.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The HTTP JSON API and the web page; the engine and storage never import it.
    .target(
      name: "LarderServer",
      dependencies: [
        "LarderCore", "LarderStore", "CZlib",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        // Event loops pinned one per CPU (`larder serve --event-loops pinned`).
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        // `GET /metrics`: swift-metrics facades exported in Prometheus text format.
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      resources: [.copy("Web")]
    ),
    .executableTarget(
      name: "larder",
      dependencies: [
        "LarderCore", "LarderStore", "LarderServer", "LarderTooling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Fixtures, corpus builders and the brute-force oracle shared by the test targets.
    .target(name: "LarderTestSupport", dependencies: ["LarderCore", "LarderTooling"]),
    .testTarget(name: "LarderCoreTests", dependencies: ["LarderCore", "LarderTestSupport"]),
    .testTarget(
      name: "LarderToolingTests",
      dependencies: ["LarderTooling", "LarderCore", "LarderTestSupport"]
    ),
    .testTarget(
      name: "LarderStoreTests",
      dependencies: [
        "LarderStore", "LarderCore", "LarderTestSupport",
        // PostgresReachabilityTests classify a real refused connection.
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]),
    .testTarget(
      name: "LarderCLITests",
      dependencies: ["larder", "LarderStore", "LarderCore", "LarderTooling", "LarderTestSupport"]),
    .testTarget(
      name: "LarderServerTests",
      dependencies: [
        "LarderServer", "LarderStore", "LarderCore", "LarderTestSupport",
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
