import GraphQL

/// The interactive shell's GraphQL documents: a line that starts one (`{`, `query`, `mutation`,
/// `subscription`, `fragment`) is read to its end on `...>` lines, kept in history as one entry,
/// checked and sent as `query` sends it; Tab inside it completes from the schema.
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
  }

  /// Reads the rest of the document `line` starts, records it in history and sends it; Ctrl-C
  /// while typing abandons it (nothing recorded or sent), Ctrl-C while it runs cancels it.
  func interactDocument(
    _ line: String, editor: LineEditor, context: CommandContext, documents: ShellDocuments
  ) async -> CommandOutcome {
    guard let document = documents.read(firstLine: line, editor: editor) else { return .success }
    if !line.hasPrefix(" ") { editor.addToHistory(document) }
    let outcome = try? await InterruptSignal.run {
      await AdHocQuery.run(AdHocRequest(document: document), context: context)
    }
    return outcome ?? .failed()
  }
}
