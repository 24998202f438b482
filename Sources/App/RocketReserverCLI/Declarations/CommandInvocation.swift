import CommandLineKit

/// A command's words parsed once against the declaration of the command they name: what
/// `REPL.execute` runs, whether the words came from argv or from a shell line.
struct CommandInvocation: Sendable {
  /// The first word, as typed.
  let name: String
  /// The command it names, or nil for an unknown word.
  let command: (any Command)?
  /// The arguments to run with, a request for the command's help, or the first bad word.
  let result: Result<ArgumentParser.Result, ArgumentParser.Failure>
  /// The shared options given with the command (`--json`, `--endpoint`), collected even when
  /// `result` is a failure, so the failure is shown in the format the words asked for.
  let sharedOptions: ParsedOptions
  /// Whether session options (`--endpoint`) are accepted: on the command line, not a shell line.
  let allowsSession: Bool

  /// Parses `words` (the command name and its words) against the command `registry` names.
  init(_ words: [String], registry: CommandRegistry, allowsSession: Bool) {
    name = words.first ?? ""
    self.allowsSession = allowsSession
    command = registry.command(named: name)
    let shared = ArgumentParser.Shared(options: GlobalOptions.declarations, allowsSession: allowsSession)
    // An unknown command has no words of its own; its shared ones still choose the format of
    // the error.
    let declaration = command?.declaration ?? CommandDeclaration(name, summary: "")
    let parsed = ArgumentParser.parse(Array(words.dropFirst()), for: declaration, shared: shared)
    result = command == nil ? .failure(ArgumentParser.Failure(message: "", showsUsage: false)) : parsed.result
    sharedOptions = parsed.sharedOptions
  }

  /// The shared options the session must know before it is made (`launch 1 --endpoint URL`):
  /// those given with a command whose words parse; none otherwise, so the command's own parse
  /// error is what the user sees.
  var sessionOptions: ParsedOptions {
    guard case .success(.run) = result else { return ParsedOptions() }
    return sharedOptions
  }
}
