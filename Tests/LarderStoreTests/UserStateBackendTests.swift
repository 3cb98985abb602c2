import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The user-state engines: the same calls give the same answers from the SQLite file and from
/// PostgreSQL (a real PostgreSQL 15 server on loopback, one database per test). A PostgreSQL
/// case is cancelled, with the reason, only where PostgreSQL 15 is not installed.
@Suite struct UserStateBackendTests {
  enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
  }

  /// Runs `body` with a fresh, empty store of `backend`.
  func withStore(
    _ backend: Backend, _ body: (any UserStateStore) async throws -> Void
  ) async throws {
    switch backend {
    case .sqlite:
      try await body(try SharedUserStore(directory: try Fixtures.temporaryDirectory()))
    case .postgres:
      let location = try PostgresLocation(try await TestPostgres.sharedDatabase())
      // Generous waits: the full suite runs hundreds of tests at once on two cores, far beyond
      // what a server sees (serve's own call timeout is 5 s).
      try await PostgresUserStore.running(
        location, connectTimeout: .seconds(120), callTimeout: .seconds(60), body)
    }
  }

  @Test(arguments: Backend.allCases) func profilesTokensAndRoles(_ backend: Backend) async throws {
    try await withStore(backend) { store in
      #expect(try await store.createFirstProfile(name: "default") != nil)
      #expect(try await store.createFirstProfile(name: "default") == nil)
      let (alice, aliceToken) = try await store.createProfile(name: "alice", role: .user)
      let (ops, opsToken) = try await store.createProfile(name: "ops", role: .admin)
      await #expect(throws: UserStoreError.profileExists("alice")) {
        _ = try await store.createProfile(name: "alice", role: .user)
      }
      await #expect(throws: UserStoreError.invalidProfileName("a b")) {
        _ = try await store.createProfile(name: "a b", role: .user)
      }
      #expect(try await store.profile(forToken: aliceToken) == alice)
      #expect(try await store.profile(forToken: opsToken)?.role == .admin)
      #expect(try await store.profile(forToken: "lt_nothing") == nil)
      #expect(try await store.profiles().map(\.name) == ["default", "alice", "ops"])
      #expect(ops.role == .admin)

      #expect(try await store.revokeProfile(name: "alice"))
      #expect(try await !store.revokeProfile(name: "alice"))
      #expect(try await store.profile(forToken: aliceToken) == nil)
      #expect(try await store.profiles().first { $0.name == "alice" }?.revoked == true)
      let fresh = try #require(try await store.issueToken(name: "alice"))
      #expect(try await store.profile(forToken: fresh)?.name == "alice")
      #expect(try await store.profile(forToken: aliceToken) == nil)
      #expect(try await store.issueToken(name: "nobody") == nil)
    }
  }

  @Test(arguments: Backend.allCases) func favoritesKeepTheirFirstSave(_ backend: Backend)
    async throws
  {
    try await withStore(backend) { store in
      let alice = try await store.createProfile(name: "alice", role: .user).profile
      let bob = try await store.createProfile(name: "bob", role: .user).profile
      let first = try await store.addFavorite("r1", title: "Soup", for: alice)
      #expect(first.recipeID == "r1" && first.title == "Soup" && !first.savedAt.isEmpty)
      let again = try await store.addFavorite("r1", title: "Soup (renamed)", for: alice)
      #expect(again == first)
      _ = try await store.addFavorite("r2", title: "Stew", for: alice)
      let saved = try await store.favorites(of: alice)
      #expect(Set(saved.map(\.recipeID)) == ["r1", "r2"])
      #expect(try await store.favorites(of: bob).isEmpty)
      #expect(try await !store.removeFavorite("r1", for: bob))
      #expect(try await store.removeFavorite("r1", for: alice))
      #expect(try await !store.removeFavorite("r1", for: alice))
      #expect(try await store.favorites(of: alice).map(\.recipeID) == ["r2"])
    }
  }

  @Test(arguments: Backend.allCases) func groceryRowsBelongToTheirProfile(_ backend: Backend)
    async throws
  {
    try await withStore(backend) { store in
      let alice = try await store.createProfile(name: "alice", role: .user).profile
      let bob = try await store.createProfile(name: "bob", role: .user).profile
      try await store.addGroceryItems(
        [
          .init(name: "flour", quantity: 2, unit: "cup"), .init(name: "egg", quantity: 3),
          .init(name: "salt", recipeID: "r1", recipeTitle: "Bread"),
        ], for: alice)
      let items = try await store.groceryItems(of: alice)
      #expect(items.map(\.name) == ["flour", "egg", "salt"])
      #expect(items[0].quantity == 2 && items[0].unit == "cup" && items[0].recipeID == nil)
      #expect(items[1].quantity == 3 && items[1].unit == nil)
      #expect(items[2].recipeID == "r1" && items[2].recipeTitle == "Bread")
      #expect(items.allSatisfy { !$0.checked })
      #expect(try await store.groceryItems(of: bob).isEmpty)

      let ids = items.map(\.id)
      #expect(try await store.setGroceryItems([ids[0], ids[1]], checked: .checked, for: bob) == 0)
      #expect(
        try await store.setGroceryItems([ids[0], ids[1]], checked: .checked, for: alice) == 2)
      #expect(try await store.groceryItems(of: alice).map(\.checked) == [true, true, false])
      #expect(try await store.setGroceryItems([ids[1]], checked: .unchecked, for: alice) == 1)
      try await store.clearGrocery(.checked, for: alice)
      #expect(try await store.groceryItems(of: alice).map(\.name) == ["egg", "salt"])
      #expect(try await store.removeGroceryItems([ids[1], ids[1], 999_999], for: alice) == 1)
      #expect(try await store.removeGroceryItems([ids[2]], for: bob) == 0)
      try await store.clearGrocery(.all, for: alice)
      #expect(try await store.groceryItems(of: alice).isEmpty)
    }
  }

  @Test(arguments: Backend.allCases) func addingARecipeReplacesItsRows(_ backend: Backend)
    async throws
  {
    var builder = SnapshotBuilder()
    for recipe in SampleRecipes.all { builder.add(recipe) }
    let snapshot = builder.build()
    let recipe = try #require(SampleRecipes.all.first { $0.ingredients.count >= 3 })
    try await withStore(backend) { store in
      let alice = try await store.createProfile(name: "alice", role: .user).profile
      try await store.addGroceryItems([.init(name: "by hand")], for: alice)
      let all = try await store.addRecipeToGrocery(
        recipe, lines: .all, staples: .include, stapleNames: [], matching: .family,
        snapshot: snapshot, for: alice)
      #expect(all.count == recipe.ingredients.count)
      let have = recipe.ingredients[0].name
      try await store.addToPantry([have], for: alice)
      let missing = try await store.addRecipeToGrocery(
        recipe, lines: .missing, staples: .include, stapleNames: [], matching: .family,
        snapshot: snapshot, for: alice)
      #expect(!missing.contains { $0.name == have })
      let listed = try await store.groceryItems(of: alice)
      #expect(listed.first?.name == "by hand")
      #expect(listed.filter { $0.recipeID == recipe.id }.count == missing.count)
    }
  }

  @Test(arguments: Backend.allCases) func pantryAndPointsOncePerRecipeLine(_ backend: Backend)
    async throws
  {
    try await withStore(backend) { store in
      let alice = try await store.createProfile(name: "alice", role: .user).profile
      let bob = try await store.createProfile(name: "bob", role: .user).profile
      try await store.addToPantry(["milk", "egg", "Zucchini", "egg"], for: alice)
      // Byte order, as SQLite sorts: capitals first.
      #expect(try await store.pantry(of: alice) == ["Zucchini", "egg", "milk"])
      #expect(try await store.pantry(of: bob).isEmpty)
      #expect(try await store.removeFromPantry("egg", for: alice))
      #expect(try await !store.removeFromPantry("egg", for: alice))
      #expect(try await store.markAtHome("flour", recipeID: "r1", for: alice))
      #expect(try await !store.markAtHome("flour", recipeID: "r1", for: alice))
      #expect(try await store.markAtHome("flour", recipeID: "r2", for: alice))
      #expect(try await store.points(of: alice) == 2)
      #expect(try await store.points(of: bob) == 0)
      #expect(try await store.pantry(of: alice) == ["Zucchini", "flour", "milk"])
    }
  }

  @Test(arguments: Backend.allCases) func concurrentWritesAllLand(_ backend: Backend) async throws {
    try await withStore(backend) { store in
      let alice = try await store.createProfile(name: "alice", role: .user).profile
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          group.addTask { try await store.addToPantry(["item \(index)"], for: alice) }
        }
        try await group.waitForAll()
      }
      #expect(try await store.pantry(of: alice).count == 40)
    }
  }

  @Test(arguments: Backend.allCases) func hostileTextIsStoredAsText(_ backend: Backend)
    async throws
  {
    try await withStore(backend) { store in
      let alice = try await store.createProfile(name: "alice", role: .user).profile
      let hostile = "x'); DROP TABLE profiles; --"
      try await store.addToPantry([hostile], for: alice)
      _ = try await store.addFavorite(hostile, title: "\"quoted\" \\ title", for: alice)
      #expect(try await store.pantry(of: alice) == [hostile])
      #expect(try await store.favorites(of: alice).first?.title == "\"quoted\" \\ title")
      #expect(try await store.profiles().count == 1)
    }
  }
}
