/// `launches [--page-size N]`: the first page of launches, newest first.
public struct LaunchesCommand: Command {
  public let name = "launches"
  public let summary = "list launches, newest first (then 'more' for the next page)"
  public let usage = "launches [--page-size N]"
  public let details = "N is 1 to 100 (default: the server's, 20). The BOOKED column marks your trips."

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    var pageSize: Int?
    var words = arguments[...]
    while let word = words.popFirst() {
      let (option, inline) = GlobalOptions.splitOption(word)
      guard option == "--page-size" else {
        return context.badArgument("unexpected '\(word)'", for: self)
      }
      guard let text = inline ?? words.popFirst() else {
        return context.badArgument("--page-size needs a number", for: self)
      }
      guard let size = Int(text), (1...100).contains(size) else {
        return context.badArgument("--page-size takes a number from 1 to 100, not '\(text)'", for: self)
      }
      pageSize = size
    }
    context.session?.startPaging(pageSize: pageSize)
    return await MoreCommand.showNextPage(context: context)
  }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    arguments.isEmpty ? ["--page-size"].filter { $0.hasPrefix(word) } : []
  }
}
