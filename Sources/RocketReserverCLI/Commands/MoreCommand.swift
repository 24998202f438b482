import RocketClient

/// `more`: the next page of the list `launches` started.
public struct MoreCommand: Command {
  public let name = "more"
  public let summary = "show the next page of launches"
  public let usage = "more"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard arguments.isEmpty else { return context.badArgument("takes no arguments", for: self) }
    return await Self.showNextPage(context: context)
  }

  /// Fetches and prints the next page of the session's walk, with the hint for the next one.
  static func showNextPage(context: CommandContext) async -> CommandOutcome {
    let fetched = await context.request("Loading launches") { session throws(RocketClientError) in
      try await session.nextPage()
    }
    guard case .succeeded(let page, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    guard let page else {
      return context.fail("no launches listed yet: type 'launches' first")
    }
    guard let launches = page.launches else {
      if context.json {
        context.writeJSON(data)
      } else {
        context.output.write("no more launches\n")
      }
      return .success
    }
    context.session?.noteLaunchIDs(launches.map(\.id))
    if context.json {
      context.writeJSON(data)
      return .success
    }
    context.output.write(LaunchRendering.table(launches, style: context.style))
    if page.more {
      context.output.write(context.style.dim("type 'more' for the next page") + "\n")
    } else {
      context.output.write(context.style.dim("(end of the list)") + "\n")
    }
    return .success
  }
}
