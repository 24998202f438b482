/// Prints the answer to `bookTrips` or `cancelTrip`: the server's message and each launch's new
/// booked state, and turns `success: false` into a failed outcome.
enum TripUpdateRendering {
  /// - Parameters:
  ///   - success: the server's `success` flag.
  ///   - message: the server's message.
  ///   - launches: the launches it reported, with their booked state now.
  ///   - failure: the error line when `success` is false, such as `cancel 5: you have no trip
  ///     on launch 5`.
  ///   - context: where to print.
  static func show(
    success: Bool, message: String?, launches: [(id: String, isBooked: Bool)], failure: String,
    context: CommandContext
  ) -> CommandOutcome {
    let style = context.style
    var text = ""
    for launch in launches {
      let state = launch.isBooked ? style.success("booked") : "not booked"
      text += "launch \(launch.id): \(state)\n"
    }
    context.shell.noteBookings(launches)
    if success {
      context.output.write(TerminalText.safe(message ?? "done") + "\n" + text)
      return .success
    }
    context.output.write(text)
    return context.fail(failure)
  }
}
