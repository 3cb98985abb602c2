// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets for every parser that reads outside input, built apart from the main package
/// because they need `-sanitize=fuzzer,address` (see `Fuzz/README.md`; `Fuzz/run.sh` runs them).

func fuzzTarget(_ name: String) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["FuzzDriver", .product(name: "LarderCore", package: "Larder")]
  )
}

let package = Package(
  name: "LarderFuzz",
  dependencies: [.package(name: "Larder", path: "..")],
  targets: [
    .target(name: "FuzzDriver", dependencies: [.product(name: "LarderCore", package: "Larder")]),
    fuzzTarget("FuzzJSONParser"),
    fuzzTarget("FuzzCSVRowReader"),
    fuzzTarget("FuzzLarderJSONL"),
    fuzzTarget("FuzzMealDB"),
    fuzzTarget("FuzzSchemaOrg"),
    fuzzTarget("FuzzRecipeNLG"),
    fuzzTarget("FuzzDetectedCorpus"),
    fuzzTarget("FuzzIngredientLine"),
    fuzzTarget("FuzzQueryNumbers"),
  ]
)
