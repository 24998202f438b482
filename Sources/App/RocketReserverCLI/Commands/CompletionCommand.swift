import CommandLineKit

/// `completion bash|zsh|fish`: prints the shell's completion script (see `CompletionScripts`).
public struct CompletionCommand: Command {
  static let shell = Positional(
    "SHELL", type: .choice(CompletionScripts.Shell.self, noun: "shell"), help: "bash, zsh or fish")

  public let declaration = CommandDeclaration(
    "completion", summary: "print the Tab completion script for bash, zsh or fish",
    details: """
      bash: source <(rocket-reserver completion bash), or save it as
      ~/.local/share/bash-completion/completions/rocket-reserver. zsh: save it as _rocket-reserver
      in a directory on $fpath. fish: save it as ~/.config/fish/completions/rocket-reserver.fish.
      make install installs all three, and the manual page.
      """,
    arguments: [shell.declaration])

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let shell = arguments[Self.shell] else { return .failed(ExitStatus.usage) }
    context.output.write(CompletionScripts.script(for: shell))
    return .success
  }
}
