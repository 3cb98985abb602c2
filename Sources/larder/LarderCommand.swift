import ArgumentParser

/// `larder`: index recipe corpora and query them from the command line.
@main
struct LarderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "larder",
        abstract: "A local recipe search index and query engine.",
        subcommands: [QueryCommand.self]
    )
}
