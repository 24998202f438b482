import CommandLineKit
import RocketClient

// The kit's declarations as this program uses them: completion hands their value types the
// ``CommandContext`` of the line.
package typealias ValueType<Value: Sendable> = CommandLineKit.ValueType<Value, CommandContext>
package typealias Positional<Value: Sendable> = CommandLineKit.Positional<Value, CommandContext>
package typealias OptionBinding<Root: ParsableOptions> = CommandLineKit.OptionBinding<Root, CommandContext>
package typealias OptionDeclaration = CommandLineKit.OptionDeclaration<CommandContext>
package typealias ArgumentDeclaration = CommandLineKit.ArgumentDeclaration<CommandContext>
public typealias CommandDeclaration = CommandLineKit.CommandDeclaration<CommandContext>

extension CommandLineKit.ValueType where Value == String, Context == CommandContext {
  /// A launch id: a flight number, canonical (`042` is `42`); Tab offers the ids known (shown
  /// so far, or in a fresh shell cached or in the embedded catalog) that are not on the line yet,
  /// in numeric order.
  static let launchID = launchIDs { $0.launchIDsForCompletion }

  /// The id of a launch the logged-in user booked, parsed as ``launchID``; Tab offers the user's
  /// trips not on the line yet.
  static let bookedLaunchID = launchIDs { $0.bookedLaunchIDs }

  private static func launchIDs(offering known: @escaping @Sendable (ShellState) -> [String]) -> Self {
    Self(
      "a launch id (a number such as 42)",
      candidates: { typed, context in known(context.shell).filter { !typed.contains($0) } },
      problem: LaunchID.problem
    ) { LaunchID.parse($0) }
  }

  /// An http:// or https:// URL with a host, kept as typed.
  static let url = Self("an http:// or https:// URL") { EndpointURL.parse($0) == nil ? nil : $0 }

  /// Where `connect` goes: an http(s) URL or `embedded`; Tab offers `embedded` and the
  /// endpoints with a saved login.
  static let endpointTarget = Self(
    "an http:// or https:// URL, or 'embedded'",
    candidates: { _, context in
      let logins = (try? context.session?.client.credentials?.allCredentials()) ?? []
      let endpoints = logins.map(\.endpoint).filter { $0 != Credential.embeddedEndpoint }
      return [SessionConnector.embeddedWord] + Set(endpoints).sorted()
    },
    problem: { EndpointURL.problem($0, source: nil) }
  ) { $0 == SessionConnector.embeddedWord || EndpointURL.parse($0) != nil ? $0 : nil }

  /// A profile of the configuration file; Tab offers those it declares.
  static let profileName = Self(
    "a profile name",
    candidates: { _, context in context.current.connector?.profileNames ?? [] },
    problem: { $0.isEmpty ? "the value is empty: give a profile name" : nil }
  ) { $0.isEmpty ? nil : $0 }

  /// A command name or alias; Tab offers the names.
  static let commandName = Self(
    "a command name",
    candidates: { _, context in context.registry.commands.map(\.name) }
  ) { $0 }

  /// A `tripsBooked` event id, as `watch --json` prints it: a string of digits.
  static let eventID = Self("an event id (digits, as watch --json prints it)") { word in
    guard !word.isEmpty, word.count <= 19, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    // Without leading zeros, so that ids compare as the server writes them.
    return Int(word).map(String.init)
  }
}
