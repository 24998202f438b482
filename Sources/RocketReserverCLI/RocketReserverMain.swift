#if canImport(Glibc)
  import Glibc
#endif

/// The program's entry point: parses global options, then runs a command, the REPL or `serve`.
///
/// `main.swift` hands it the arguments after the program name and exits with the status it returns.
public enum RocketReserverMain {
  /// Runs the program with `arguments` (argv without the program name) and returns its exit status.
  public static func run(arguments: [String]) async -> Int32 {
    let options: GlobalOptions
    do {
      options = try GlobalOptions.parse(arguments)
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
    writeStandardOutput(Usage.text)
    return ExitStatus.success
  }
}
