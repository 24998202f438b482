import CommandLineKit
import GraphQL

/// `edit` (or `\e`, psql's `\e`): the last GraphQL document in `$VISUAL` or `$EDITOR`, sent when
/// the editor exits 0 with it changed, and recorded in the history as a typed document is.
/// `query --edit` does the same outside the shell, starting from the document it is given.
public struct EditCommand: Command {
  public let declaration = CommandDeclaration(
    "edit", aliases: ["e", "\\e"],
    summary: "edit the last GraphQL document in $VISUAL or $EDITOR, then send it (psql's \\e)",
    details: """
      Opens the last document sent (typed, by query or by edit; in a fresh shell the newest one in
      the history; \\e on a ...> line: the document being typed) in $VISUAL, else $EDITOR, else
      vi, run as /bin/sh runs it (EDITOR="code --wait" works), on a temporary copy 0600 in a
      directory of its own, removed afterwards. When the editor exits 0 with the document changed,
      it is shown, recorded in the history and sent as query sends it; unchanged, or an editor
      that fails, sends nothing and says so (status 0 and 1). query --edit does the same from the
      command line, starting from its DOCUMENT or -f FILE.
      """,
    recordedInHistory: false, availability: .shellOnly)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    await Self.editAndSend(Self.lastDocument(context) ?? "", context: context)
  }

  /// Opens `text` in the editor and, when it comes back changed, records and sends it.
  static func editAndSend(_ text: String, context: CommandContext) async -> CommandOutcome {
    switch edit(text, context: context, by: "edit") {
    case .finished(let outcome): return outcome
    case .document(let document):
      context.memory.recordInHistory(document)
      return await CommandTiming.measured(context) {
        await AdHocQuery.run(AdHocRequest(document: document), context: context)
      }
    }
  }

  /// What came of an editor: the document to send, or the outcome to end with.
  enum Edited {
    case document(String)
    case finished(CommandOutcome)
  }

  /// Opens `text` in the user's editor for the command `name`; shows the document to send.
  static func edit(_ text: String, context: CommandContext, by name: String) -> Edited {
    let variables = context.environment.variables
    let editor = ExternalEditor.command(environment: variables)
    let root = variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    do throws(ExternalEditor.Failure) {
      switch try ExternalEditor.edit(text, command: editor, temporaryRoot: root) {
      case .unchanged:
        context.output.writeError(context.errorPrefix + "\(name): the document is unchanged: nothing sent\n")
        return .finished(.success)
      case .changed(let document) where document.allSatisfy(\.isWhitespace):
        context.output.writeError(context.errorPrefix + "\(name): the document is empty: nothing sent\n")
        return .finished(.success)
      case .changed(var document):
        // As typed at the prompt: without the newline editors end files with.
        while document.last?.isWhitespace == true { document.removeLast() }
        context.output.writeError(context.errorStyle.dim(TerminalText.safe(document)) + "\n")
        return .document(document)
      }
    } catch {
      return .finished(context.fail("\(name): \(error.message)"))
    }
  }

  /// The document `edit` starts from: the last one this run sent, else the history's newest.
  static func lastDocument(_ context: CommandContext) -> String? {
    if let last = context.memory.lastDocument { return last }
    guard let path = context.environment.directories?.historyFile else { return nil }
    return LineEditor.entries(ofFile: path).last(where: startsGraphQLDocument)
  }
}
