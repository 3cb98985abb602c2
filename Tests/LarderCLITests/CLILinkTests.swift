import Testing
import Foundation
import LarderTestSupport

@Suite struct CLILinkTests {
    @Test func repositoryRootHasPackageManifest() {
        #expect(FileManager.default.fileExists(atPath: Fixtures.repositoryRoot.appendingPathComponent("Package.swift").path))
    }
}
