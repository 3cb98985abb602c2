/// A command that parsed but could not do what it was asked (an unknown ingredient, recipe,
/// category or profile): printed as `Error: message` with exit status 1 and no usage, since
/// the command line was well formed. Usage errors are `ValidationError`s thrown from
/// `validate()`, which swift-argument-parser prints with the subcommand's own usage.
struct CommandFailure: Error, CustomStringConvertible {
  /// What went wrong, for the user.
  let description: String

  /// A failure saying `message`.
  init(_ message: String) { description = message }
}
