// swift-tools-version: 6.1
// Larder's benchmarks, kept in their own package so the main package does not depend on the
// benchmark framework. Run from this folder: `swift package benchmark` (see LarderBenchmarks/).
import PackageDescription

let package = Package(
  name: "LarderBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Only the malloc interposer trait: the default runtime interposer is not mirrored here.
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(name: "Larder", path: ".."),
  ],
  targets: [
    // One executable target; one file per measured concern (generator, each query type).
    .executableTarget(
      name: "LarderBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "LarderCore", package: "Larder"),
        .product(name: "LarderStore", package: "Larder"),
        .product(name: "LarderTooling", package: "Larder"),
      ],
      path: "LarderBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
