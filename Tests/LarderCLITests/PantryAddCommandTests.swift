import Foundation
import LarderTestSupport
import Testing

/// `larder pantry add` stores only names that resolve, as canonical names.
@Suite struct PantryAddCommandTests {
  @Test func unknownNamesAreRefusedWithSuggestionsAndNothingIsAdded() throws {
    let dir = try Fixtures.temporaryDirectory()
    let environment = Fixtures.isolatedEnvironment(in: dir)
    let create = try CommandRunner.run(["profile", "create", "sam"], environment: environment)
    #expect(create.status == 0, "\(create.stderr)")
    let added = try CommandRunner.run(
      ["pantry", "add", "Eggs", "crème fraîche", "--profile", "sam"], environment: environment)
    #expect(added.status == 0, "\(added.stderr)")
    let refused = try CommandRunner.run(
      ["pantry", "add", "flour", "garlick", "--profile", "sam"], environment: environment)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("garlick") && refused.stderr.contains("\"garlic\""))
    let list = try CommandRunner.run(
      ["pantry", "list", "--profile", "sam", "--json"], environment: environment)
    let json = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8))
    let names = (json as? [String: Any])?["pantry"] as? [String] ?? (json as? [String] ?? [])
    #expect(Set(names) == ["egg", "creme fraiche"], "\(list.stdout)")
  }
}
