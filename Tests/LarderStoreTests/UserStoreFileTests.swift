import Foundation
import LarderTestSupport
import Testing

@testable import LarderStore

/// The user-state file on disk: private modes whatever the umask, and the role migration.
@Suite struct UserStoreFileTests {
  func mode(_ url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
  }

  @Test func createdFilesAndFolderArePrivate() throws {
    let folder = try Fixtures.temporaryDirectory().appendingPathComponent("data/larder")
    let previous = umask(0o022)
    defer { umask(previous) }
    let store = try UserStore(directory: folder)
    _ = try store.createProfile(name: "alice")  // a write: the -wal file exists now
    #expect(try mode(folder) == 0o700)
    #expect(try mode(store.url) == 0o600)
    let wal = URL(fileURLWithPath: store.url.path + "-wal")
    #expect(try mode(wal) & 0o077 == 0)
  }

  @Test func anExistingWorldReadableFileIsMadePrivate() throws {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let url = folder.appendingPathComponent(UserStore.fileName)
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
    _ = try UserStore(directory: folder)
    #expect(try mode(url) == 0o600)
    #expect(try mode(folder) == 0o755)  // an existing folder (maybe a shared one) keeps its mode
  }

  @Test func profilesHaveRolesAndOldFilesMigrateToUsers() throws {
    let folder = try Fixtures.temporaryDirectory()
    let store = try UserStore(directory: folder)
    let (admin, adminToken) = try store.createProfile(name: "ops", role: .admin)
    let (user, userToken) = try store.createProfile(name: "alice")
    #expect(admin.role == .admin)
    #expect(user.role == .user)
    #expect(try store.profile(forToken: adminToken)?.role == .admin)
    #expect(try store.profile(forToken: userToken)?.role == .user)
    #expect(try store.profiles().map(\.role) == [.admin, .user])
  }

  @Test func profilesOfAVersionOneFileBecomeUsers() throws {
    let folder = try Fixtures.temporaryDirectory()
    let url = folder.appendingPathComponent(UserStore.fileName)
    let old = try Connection(path: url.path, mode: .readWriteCreate)
    try Migrator(Array(UserStore.migrator.migrations.prefix(1))).migrate(old)
    try old.execute(
      "INSERT INTO profiles(name, token_hash, created_at) VALUES ('old', 'x', '2026-01-01T00:00:00Z')"
    )
    let store = try UserStore(directory: folder)
    #expect(try store.profiles().map(\.role) == [.user])
    let (admin, _) = try store.createProfile(name: "ops", role: .admin)
    #expect(admin.role == .admin)
  }
}
