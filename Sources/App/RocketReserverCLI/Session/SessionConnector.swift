import CommandLineKit
import RocketClient

/// Builds the session `connect` switches a shell to, as the command line would have: `connect
/// URL` as `--endpoint URL`, `connect embedded` as none, `connect --profile NAME` as `--profile
/// NAME`. The shell's other options stay, but for an Authorization header: a token given for one
/// server is never sent to another.
struct SessionConnector: Sendable {
  /// Why no session could be made, and the exit status (2 or 78).
  struct Failure: Error {
    let message: String
    let status: Int32
  }

  /// The options given on the command line, before the config file was laid under them.
  let commandLine: GlobalOptions
  /// The process's environment, read once at start.
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

  /// The session for `target` (a URL, `embedded`, or nil: the profile's) and `profile` (nil:
  /// the shell's). Touches no file but the config file.
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
