import Testing
@testable import LarderStore

@Suite struct SQLiteLinkTests {
    @Test func linksSQLite3WithFTS5() {
        #expect(sqliteVersion.hasPrefix("3."))
    }
}
