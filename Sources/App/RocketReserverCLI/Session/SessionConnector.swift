import CommandLineKit
import RocketClient

/// Builds the session `connect` switches a shell to, as the command line would have started
/// it: `connect URL` as `--endpoint URL`, `connect embedded` as no endpoint at all,
/// `connect --profile NAME` as `--profile NAME` (its endpoint, timeout, headers, cache policy).
///
/// The options the shell was started with stay (timeout, headers, `--data-dir`, `--verbose`),
/// except the endpoint, which `connect` replaces, and an Authorization header: a token given
/// for one server is never sent to another (`connect --profile` keeps the profile's own).
struct SessionConnector: Sendable {
  /// Why no session could be made, in one line, and the exit status (2 for a malformed
  /// endpoint, 78 for a broken config file or an unknown profile).
  struct Failure: Error {
    let message: String
    let status: Int32
  }

  /// The options given on the command line, before the config file was laid under them.
  let commandLine: GlobalOptions
  /// The process's environment, read once at start (its variables before the config file was
  /// laid under them, its directories, its clock).
  let program: ProgramEnvironment

  /// The process environment's variables, before the config file was laid under them.
  var environment: [String: String] { program.variables }

  /// The word `connect` takes for the embedded backend.
  static let embeddedWord = "embedded"

  /// What the new session is and what was left behind.
  struct Connection {
    let session: Session
    /// Whether an Authorization header of the previous server's was left out.
    let droppedAuthorization: Bool
  }

  /// The configuration file's profiles, for Tab after `connect --profile`.
  var profileNames: [String] {
    guard let directories = program.directories else { return [] }
    return ConfigFile.profileNames(path: directories.config + "/config")
  }

  /// The session for `target` (an http(s) URL, `embedded`, or nil for the profile's endpoint)
  /// and `profile` (nil: the one the shell started with). Touches no file but the config file.
  /// - Throws: `Failure` for a malformed endpoint, an unknown profile or a broken config file.
  func connect(to target: String?, profile: String?) throws(Failure) -> Connection {
    var options = commandLine
    var environment = self.environment
    options.endpoint = nil
    environment["ROCKET_RESERVER_ENDPOINT"] = nil
    let commandLineAuthorization = options.headers["Authorization"] != nil
    options.headers["Authorization"] = nil
    let chosenProfile =
      profile ?? commandLine.profile
      ?? environment["ROCKET_RESERVER_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
    if let directories = program.directories {
      do throws(ConfigFile.Problem) {
        var file = try ConfigFile.load(path: directories.config + "/config", profile: chosenProfile)
        // A profile's token is for the profile's endpoint: kept only when that is where we go.
        if target != nil || profile == nil,
          file.headers.contains(where: { $0.name.lowercased() == "authorization" })
        {
          file.headers.removeAll { $0.name.lowercased() == "authorization" }
        }
        file.apply(to: &options, environment: &environment)
      } catch {
        throw Failure(message: "config \(error.message)", status: ExitStatus.config)
      }
    }
    switch target {
    case Self.embeddedWord?:
      environment["ROCKET_RESERVER_ENDPOINT"] = nil
    case let text?:
      guard EndpointURL.parse(text) != nil else {
        throw Failure(message: EndpointURL.problem(text, source: nil), status: ExitStatus.usage)
      }
      options.endpoint = text
    case nil:
      break
    }
    do throws(UsageError) {
      let session = try RocketReserverMain.makeSession(
        options: options, environment: environment, directories: program.directories, clock: program.clock)
      return Connection(session: session, droppedAuthorization: commandLineAuthorization)
    } catch {
      throw Failure(message: error.message, status: ExitStatus.usage)
    }
  }
}
