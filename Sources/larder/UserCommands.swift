import ArgumentParser
import Foundation
import LarderCore
import LarderServer
import LarderStore

/// `--profile NAME` for user-state commands; the profile must exist.
struct ProfileOption: ParsableArguments {
  @Option(help: "The profile (default: default).") var profile = "default"

  func resolve(_ store: any UserStateStore) async throws -> UserStore.Profile {
    guard
      let found = try await store.profiles().first(where: { $0.name == profile && !$0.revoked })
    else {
      throw CommandFailure("no live profile named \"\(profile)\" (see `larder profile list`)")
    }
    return found
  }
}

extension ProfileRole: ExpressibleByArgument {}

/// `larder profile create|list|token|revoke`.
struct ProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profile", abstract: "Manage profiles and their API tokens.",
    subcommands: [Create.self, List.self, Token.self, Revoke.self])

  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create a profile and print its token (shown once).")
    @Argument(help: "The profile's name.") var name: String
    @Option(
      help: ArgumentHelp(
        "user (its own favorites, grocery list and pantry) or admin (also POST /v1/admin/reload).",
        valueName: "role"))
    var role: ProfileRole = .user
    @OptionGroup var userData: UserDataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await userData.withStore { store in
        let created: (profile: UserStore.Profile, token: String)
        do {
          created = try await store.createProfile(name: name, role: role)
        } catch let error as UserStoreError {
          throw CommandFailure(error.description)
        }
        if output.json {
          return try Console.printJSON([
            "name": created.profile.name, "role": created.profile.role.rawValue,
            "token": created.token,
          ])
        }
        print(
          "Created \(role.rawValue) profile \"\(created.profile.name)\". Token (shown once): \(created.token)"
        )
      }
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List profiles.")
    @OptionGroup var userData: UserDataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let profiles = try await userData.withStore { try await $0.profiles() }
      if output.json { return try Console.printJSON(profiles) }
      if profiles.isEmpty {
        print("No profiles yet (create one with `larder profile create NAME`).")
      }
      for p in profiles {
        print(
          "\(p.name)  \(p.role.rawValue)  created \(p.createdAt)\(p.revoked ? "  (revoked)" : "")")
      }
    }
  }

  struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Issue a new token for a profile (the old one stops working; a revoked profile is live again, with its data)."
    )
    @Argument(help: "The profile's name.") var name: String
    @OptionGroup var userData: UserDataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      guard let token = try await userData.withStore({ try await $0.issueToken(name: name) }) else {
        throw CommandFailure("no profile named \"\(name)\" (see `larder profile list`)")
      }
      if output.json {
        return try Console.printJSON(["name": name, "token": token])
      }
      print("New token for \"\(name)\" (shown once; the old one no longer works): \(token)")
    }
  }

  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Revoke a profile's token (its data stays).")
    @Argument(help: "The profile's name.") var name: String
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      guard try await userData.withStore({ try await $0.revokeProfile(name: name) }) else {
        throw CommandFailure("no live profile named \"\(name)\"")
      }
      print("Revoked \"\(name)\".")
    }
  }
}

/// `larder favorites list|add|remove`.
struct FavoritesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "favorites", abstract: "A profile's saved recipes.",
    subcommands: [List.self, Add.self, Remove.self],
    defaultSubcommand: List.self)

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List favorites.")
    @OptionGroup var profile: ProfileOption
    @OptionGroup var index: IndexOptions
    @OptionGroup var userData: UserDataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await userData.withStore { store in
        let saved = try await store.favorites(of: try await profile.resolve(store))
        // `available` says whether the index still has each recipe, as over HTTP.
        let answer = try OpenedIndex(index).readText {
          try ResponseShapes.Favorites(saved, reader: $0)
        }
        if output.json { return try Console.printJSON(answer) }
        guard !answer.favorites.isEmpty else {
          return print("No favorites yet (save one with `larder favorites add ID`).")
        }
        for f in answer.favorites {
          print(
            "\(f.recipeId)  \(f.title)  (saved \(f.savedAt))\(f.available ? "" : "  (no longer in the index)")"
          )
        }
      }
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Save a recipe.")
    @Argument(help: "The recipe's id.") var id: String
    @OptionGroup var profile: ProfileOption
    @OptionGroup var index: IndexOptions
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      guard let recipe = try OpenedIndex(index).readText({ try $0.recipe(publicID: id) }) else {
        throw CommandFailure("no recipe with id \"\(id)\"")
      }
      try await userData.withStore { store in
        _ = try await store.addFavorite(
          recipe.id, title: recipe.title, for: try await profile.resolve(store))
        print("Saved \"\(recipe.title)\".")
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a saved recipe.")
    @Argument(help: "The recipe's id.") var id: String
    @OptionGroup var profile: ProfileOption
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      try await userData.withStore { store in
        guard try await store.removeFavorite(id, for: try await profile.resolve(store)) else {
          throw CommandFailure("\"\(id)\" is not a favorite")
        }
        print("Removed \"\(id)\".")
      }
    }
  }
}

/// `larder grocery list|add|add-recipe|check|remove|clear`.
struct GroceryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grocery",
    abstract: "A profile's grocery list (the same ingredient merged across recipes).",
    subcommands: [List.self, Add.self, AddRecipe.self, Check.self, Remove.self, Clear.self],
    defaultSubcommand: List.self)

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the merged list.")
    @OptionGroup var profile: ProfileOption
    @OptionGroup var userData: UserDataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await userData.withStore { store in
        let answer = ResponseShapes.GroceryAnswer(
          try await store.groceryItems(of: try await profile.resolve(store)),
          aisles: GroceryAisles(vocabulary: try Vocabulary.bundled()))
        if output.json { return try Console.printJSON(answer) }
        guard !answer.items.isEmpty else {
          return print("The grocery list is empty (add items with `larder grocery add`).")
        }
        var aisle: String?
        for entry in answer.items {
          if entry.aisle != aisle {
            print("\(aisle == nil ? "" : "\n")\(entry.aisle):")
            aisle = entry.aisle
          }
          let amounts = entry.amounts.compactMap(\.display).joined(separator: " + ")
          let recipes = entry.recipes.map(\.title).joined(separator: "; ")
          print(
            "  \(entry.checked ? "[x]" : "[ ]") \(entry.name)\(amounts.isEmpty ? "" : "  \(amounts)")  #\(entry.itemIDs.map(String.init).joined(separator: ","))"
              + (recipes.isEmpty ? "" : "  (for \(recipes))"))
        }
      }
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Add an item as typed (\"2 cups flour\", \"a pinch of salt\"), or NAME with --quantity/--unit."
    )
    @Argument(
      help: "What to buy: read like a recipe line unless --quantity or --unit gives the amount.")
    var name: String
    @Option(help: "Amount.") var quantity: Double?
    @Option(help: "Unit (g, ml, cup, ...).") var unit: String?
    @OptionGroup var profile: ProfileOption
    @OptionGroup var userData: UserDataOptions

    func validate() throws {
      guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw ValidationError("give the item's name")
      }
      if let quantity, !(quantity.isFinite && (0...1_000_000).contains(quantity)) {
        throw ValidationError("--quantity must be from 0 to 1000000")
      }
      if let unit, UnitTable.unit(named: unit) == nil {
        throw ValidationError(
          "--unit \"\(unit)\" is not a unit Larder knows (g, kg, ml, tsp, cup, ...)")
      }
    }

    func run() async throws {
      var item = UserStore.NewGroceryItem(
        name: name, quantity: quantity, unit: unit.flatMap(UnitTable.unit(named:)))
      if quantity == nil, unit == nil {
        // "2 cups flour": read like a recipe line, so it merges with the recipes' flour.
        let typed = TypedGroceryItem(
          parsing: name, parser: IngredientLineParser(vocabulary: try Vocabulary.bundled()))
        if let amount = typed.quantity, amount > 1_000_000 {
          throw CommandFailure("\"\(name)\" asks for more than 1000000")
        }
        item = .init(name: typed.name, quantity: typed.quantity, unit: typed.unit)
      }
      try await userData.withStore { store in
        try await store.addGroceryItems([item], for: try await profile.resolve(store))
        let amount = ShoppingAmount.text(quantity: item.quantity, unit: item.unit)
        print("Added \(item.name)\(amount.map { " (\($0))" } ?? "").")
      }
    }
  }

  struct AddRecipe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-recipe", abstract: "Add a recipe's ingredients that are not in the pantry.")
    @Argument(help: "The recipe's id.") var id: String
    @Flag(help: "Add every ingredient, even those in the pantry.") var all = false
    @Option(help: "Whether staples (water, salt, black pepper, ...) go on the list.")
    var staples = GroceryStaples.skip
    @OptionGroup var matching: MatchingOptions
    @OptionGroup var profile: ProfileOption
    @OptionGroup var index: IndexOptions
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      let (recipe, snapshot) = try OpenedIndex(index).read { opened in
        guard let recipe = try opened.reader.recipe(publicID: id) else {
          throw CommandFailure("no recipe with id \"\(id)\"")
        }
        return (recipe, opened.ingredients)
      }
      try await userData.withStore { store in
        let rows = try await store.addRecipeToGrocery(
          recipe, lines: all ? .all : .missing, staples: staples,
          stapleNames: (try? StapleList.bundled().names) ?? [], matching: matching.matching,
          snapshot: snapshot, for: try await profile.resolve(store))
        // Adding a recipe again replaces its earlier rows (no doubled amounts).
        print("The list has \(rows.count) item(s) for \"\(recipe.title)\".")
      }
    }
  }

  struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check items off by their #numbers.")
    @Argument(help: "Item numbers.") var ids: [Int64]
    @Flag(help: "Uncheck instead.") var undo = false
    @OptionGroup var profile: ProfileOption
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      try await userData.withStore { store in
        let changed = try await store.setGroceryItems(
          ids, checked: undo ? .unchecked : .checked, for: try await profile.resolve(store))
        print("\(changed) item(s) \(undo ? "unchecked" : "checked off").")
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove items by their #numbers.")
    @Argument(help: "Item numbers.") var ids: [Int64]
    @OptionGroup var profile: ProfileOption
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      try await userData.withStore { store in
        print(
          "\(try await store.removeGroceryItems(ids, for: try await profile.resolve(store))) item(s) removed."
        )
      }
    }
  }

  struct Clear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove checked items (or all with --all).")
    @Flag(help: "Remove every item.") var all = false
    @OptionGroup var profile: ProfileOption
    @OptionGroup var userData: UserDataOptions

    func run() async throws {
      try await userData.withStore { store in
        try await store.clearGrocery(all ? .all : .checked, for: try await profile.resolve(store))
        print(all ? "Cleared the list." : "Cleared checked items.")
      }
    }
  }
}

/// `larder pantry list`.
struct PantryListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Show a profile's pantry and points.")
  @OptionGroup var profile: ProfileOption
  @OptionGroup var userData: UserDataOptions
  @OptionGroup var output: OutputOptions

  func run() async throws {
    try await userData.withStore { store in
      let owner = try await profile.resolve(store)
      let pantry = try await store.pantry(of: owner)
      let points = try await store.points(of: owner)
      if output.json {
        return try Console.printJSON(ResponseShapes.PantryAnswer(pantry: pantry, points: points))
      }
      guard !pantry.isEmpty else {
        return print(
          "The pantry is empty (add with `larder pantry add NAME`); \(points) point(s).")
      }
      print("Pantry (\(points) point(s)): " + pantry.joined(separator: ", "))
    }
  }
}

/// `larder pantry add NAME...`.
struct PantryAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add ingredients to a profile's pantry.")
  @Argument(help: "Ingredients.") var names: [String]
  @OptionGroup var profile: ProfileOption
  @OptionGroup var index: IndexOptions
  @OptionGroup var userData: UserDataOptions

  func run() async throws {
    let canonical: [String]
    do {
      canonical = try OpenedIndex(index).read { try $0.ingredients.canonicalIngredientNames(names) }
    } catch let error as QueryError {
      throw CommandFailure("\(error.description); nothing was added")
    }
    try await userData.withStore { store in
      try await store.addToPantry(canonical, for: try await profile.resolve(store))
      print("Pantry: added \(canonical.joined(separator: ", ")).")
    }
  }
}

/// `larder pantry remove NAME`.
struct PantryRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove an ingredient from a pantry.")
  @Argument(help: "The ingredient.") var name: String
  @OptionGroup var profile: ProfileOption
  @OptionGroup var userData: UserDataOptions

  func run() async throws {
    try await userData.withStore { store in
      guard
        try await store.removeFromPantry(
          SearchFolding.fold(name), for: try await profile.resolve(store))
      else {
        throw CommandFailure("\"\(name)\" is not in the pantry")
      }
      print("Removed \(name).")
    }
  }
}
