#if canImport(Glibc)
  import Glibc
#endif

/// The program's entry point: parses global options, then runs a command, the REPL or `serve`.
///
/// `main.swift` hands it the arguments after the program name and exits with the status it returns.
public enum RocketReserverMain {
  /// Runs the program with `arguments` (argv without the program name) and returns its exit status.
  public static func run(arguments: [String]) async -> Int32 {
    let (noColor, remaining) = extractNoColorOption(arguments)
    let options: GlobalOptions
    do {
      options = try GlobalOptions.parse(remaining)
    } catch let error as UsageError {
      writeStandardError("rocket-reserver: \(error.message)\n\(Usage.hint)\n")
      return ExitStatus.usage
    } catch {
      writeStandardError("rocket-reserver: \(error)\n")
      return ExitStatus.failure
    }
    if options.showHelp {
      writeStandardOutput(Usage.text)
      return ExitStatus.success
    }
    if options.showVersion {
      writeStandardOutput("rocket-reserver \(Version.current)\n")
      return ExitStatus.success
    }
    let environment = processEnvironment()
    let repl = REPL(
      registry: CommandCatalog.registry,
      style: TextStyle.detect(
        isTerminal: Terminal.isTerminal(STDOUT_FILENO), environment: environment,
        noColorOption: noColor),
      errorStyle: TextStyle.detect(
        isTerminal: Terminal.isTerminal(STDERR_FILENO), environment: environment,
        noColorOption: noColor),
      environment: environment)
    if !options.command.isEmpty {
      return await repl.runOneShot(options.command)
    }
    if Terminal.isTerminal(STDIN_FILENO) {
      return await repl.runInteractive()
    }
    return await repl.runLines()
  }

  /// Removes `--no-color` from the options before the command word.
  // GlobalOptions does not know this option yet; it belongs there (see the line-editor report).
  static func extractNoColorOption(_ arguments: [String]) -> (Bool, [String]) {
    var found = false
    var result: [String] = []
    var inOptions = true
    for word in arguments {
      if inOptions && word == "--no-color" {
        found = true
        continue
      }
      if inOptions && (word == "--" || !word.hasPrefix("-")) { inOptions = false }
      result.append(word)
    }
    return (found, result)
  }

  /// The environment as a dictionary, read once from `environ`.
  private static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
