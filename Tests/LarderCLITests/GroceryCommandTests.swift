import Foundation
import LarderTestSupport
import Testing

/// `larder grocery add` checks amounts and units as the API does.
@Suite struct GroceryCommandTests {
  @Test func amountsAndUnitsAreChecked() throws {
    let data = try Fixtures.temporaryDirectory().path
    #expect(
      try CommandRunner.run(["profile", "create", "default", "--user-data", data]).status == 0)
    for (arguments, message) in [
      (["--quantity=-1"], "--quantity must be from 0 to 1000000"),
      (["--quantity", "inf"], "--quantity must be from 0 to 1000000"),
      (["--unit", "furlong"], "is not a unit Larder knows"),
    ] {
      let result = try CommandRunner.run(
        ["grocery", "add", "flour", "--user-data", data] + arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    let added = try CommandRunner.run(
      ["grocery", "add", "sugar", "--quantity", "2", "--unit", "Tablespoons", "--user-data", data])
    #expect(added.status == 0)
    let list = try CommandRunner.run(["grocery", "list", "--json", "--user-data", data])
    #expect(list.stdout.contains("\"tbsp\""))
    #expect(!list.stdout.contains("flour"))
  }
}
