import ArgumentParser

/// `larder`: index recipe corpora and query them from the command line.
@main
struct LarderCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "larder",
    abstract: "A local recipe search index and query engine.",
    subcommands: [
      ServeCommand.self, IndexCommand.self, AddCommand.self, RemoveCommand.self,
      CompactCommand.self, InfoCommand.self, SuggestCommand.self, FindCommand.self,
      PantryCommand.self, SearchCommand.self, ShowCommand.self, CategoriesCommand.self,
      AreasCommand.self,
      RandomCommand.self, ProfileCommand.self, FavoritesCommand.self, GroceryCommand.self,
      ParseIngredientCommand.self, QueryCommand.self, GenerateCommand.self, BaselineCommand.self,
      WriteBenchCommand.self, ChangeLogCommand.self,
    ]
  )
}
