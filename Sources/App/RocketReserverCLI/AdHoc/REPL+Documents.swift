import CommandLineKit
import GraphQLWire

/// The shell's GraphQL documents: a line that starts one (`{`, `query`, `mutation`,
/// `subscription`, `fragment`) is read to its end (on `...>` lines at the prompt), kept in
/// history as one entry, checked and sent as `query` sends it; Tab inside it completes from the
/// schema.
extension REPL {
  /// Sets Tab completion: from the schema inside a document, from the commands otherwise.
  func installCompletion(on editor: LineEditor, context: CommandContext, documents: ShellDocuments) {
    let registry = self.registry
    editor.completionProvider = { line, cursor in
      if let completions = documents.completions(line: line, cursor: cursor) {
        return completions.labels
      }
      return registry.completions(line: line, cursor: cursor, context: context)
    }
    editor.completionWord = { line, cursor in documents.completions(line: line, cursor: cursor)?.prefix }
    // The only numbers Tab offers are launch ids: listed with their missions' names.
    editor.completionDescription = { candidate in context.shell.missionName(ofLaunch: candidate) }
  }

  /// Reads the rest of the document `line` starts, records it in history and sends it; Ctrl-C
  /// while typing abandons it (nothing recorded or sent), Ctrl-C while it runs cancels it. `\e`
  /// on a line of its own hands the lines so far to the editor, as `edit` does the last document.
  func interactDocument(
    _ line: String, editor: LineEditor, context: CommandContext, documents: ShellDocuments
  ) async -> CommandOutcome {
    switch documents.read(firstLine: line, editor: editor) {
    case nil:
      return .success
    case .toEdit(let typed):
      let outcome = await TerminalEcho.suppressed {
        try? await ProcessSignals.run { await EditCommand.editAndSend(typed, context: context) }
      }
      for entry in memory.takeHistoryEntries() { editor.addToHistory(entry) }
      return outcome ?? .failed()
    case .document(let document):
      if !line.hasPrefix(" ") { editor.addToHistory(document) }
      let outcome = await TerminalEcho.suppressed {
        try? await ProcessSignals.run {
          await CommandTiming.measured(context) {
            await AdHocQuery.run(AdHocRequest(document: document), context: context)
          }
        }
      }
      return outcome ?? .failed()
    }
  }

  /// Checks and sends a document read from a script, starting on script line `line`; one the
  /// input ended inside is an error at its open bracket (status 2), and nothing is sent.
  func runScriptDocument(_ joined: DocumentLines.Joined, startingAt line: Int, context: CommandContext) async
    -> CommandOutcome
  {
    switch joined {
    case .unfinished(let text):
      let report = DocumentLines.report([DocumentLines.endedInside(text)], document: text, scriptLine: line)
      context.output.writeError(report + "\n")
      return .failed(ExitStatus.usage)
    case .complete(let text):
      var request = AdHocRequest(document: text)
      request.scriptLine = line
      return await CommandTiming.measured(context) { await AdHocQuery.run(request, context: context) }
    }
  }
}
