// swift-tools-version: 6.1
// Rows/s of Larder's CSV reader (`Sources/LarderCore/Corpus/CSVRowReader.swift`, linked here by
// symlink so the measured code is the shipped code) against CSV.swift's `CSVReader`, on one
// RecipeNLG-shaped file. Run: see README.md in this folder.
import PackageDescription

let package = Package(
  name: "CSVReaderComparison",
  dependencies: [.package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2")],
  targets: [
    .executableTarget(
      name: "CSVReaderComparison",
      dependencies: [.product(name: "CSV", package: "CSV.swift")]
    )
  ],
  swiftLanguageModes: [.v6]
)
