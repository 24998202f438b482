import CommandLineKit
import GraphQL
import GraphQLWire
import LaunchBackend
import RocketClient
import Synchronization

/// GraphQL documents typed at the interactive shell: the lines so far of the one being typed
/// (for `...>` continuation and for Tab), and the schema Tab completes from: the embedded
/// backend's, or the copy `SchemaCache` holds for `--endpoint` (Tab never waits for the network).
final class ShellDocuments: Sendable {
  static let continuationPrompt = "...> "

  /// The session's endpoint key, nil without a session.
  private let endpoint: String?
  private let cache: SchemaCache?
  /// The lines before the one being edited, joined by `\n`; nil when no document is open.
  private let pending = Mutex<String?>(nil)
  /// The schema for Tab, kept once found (a miss is retried: a `query` may have cached it since).
  private let schema = Mutex<GraphQLSchema?>(nil)

  init(endpoint: String?, cache: SchemaCache? = EndpointSchema.defaultCache()) {
    self.endpoint = endpoint
    self.cache = cache
  }

  /// What the prompt made of a document.
  enum Typed: Equatable {
    case document(String)
    /// `\e` on a `...>` line (psql's `\e`): the lines before it, for the editor to finish.
    case toEdit(String)
  }

  /// The line that hands the document typed so far to the editor.
  static let editLine = "\\e"

  /// Reads the lines of a document that starts with `firstLine` while it needs more, with the
  /// `...>` prompt; nil when Ctrl-C or Ctrl-D abandoned it.
  func read(firstLine: String, editor: LineEditor) -> Typed? {
    let prompt = editor.prompt
    defer {
      pending.withLock { $0 = nil }
      editor.prompt = prompt
    }
    var toEdit: String?
    let joined = DocumentLines.join(firstLine: firstLine) { text in
      pending.withLock { $0 = text }
      editor.prompt = Self.continuationPrompt
      guard case .line(let line) = editor.readLine() else { return nil }
      if line.split(whereSeparator: \.isWhitespace) == [Substring(Self.editLine)] {
        toEdit = text
        return nil
      }
      return line
    }
    if let toEdit { return .toEdit(toEdit) }
    guard case .complete(let text) = joined else { return nil }
    return .document(text)
  }

  /// The completions at `cursor` (in Unicode scalars) when the line is part of a document; nil
  /// for a command line.
  func completions(line: String, cursor: Int) -> Completions? {
    let before = pending.withLock { $0 }
    guard before != nil || startsGraphQLDocument(line) else { return nil }
    guard let schema = completionSchema() else { return nil }
    let head = before.map { $0 + "\n" } ?? ""
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: line.unicodeScalars.prefix(cursor))
    let offset = head.utf8.count + String(scalars).utf8.count
    return GraphQL.completions(in: head + line, at: offset, schema: schema)
  }

  private func completionSchema() -> GraphQLSchema? {
    if let found = schema.withLock({ $0 }) { return found }
    guard let endpoint else { return nil }
    let found: GraphQLSchema?
    if endpoint == Credential.embeddedEndpoint {
      found = try? LaunchBackend.schema()
    } else {
      found = cache?.introspection(for: endpoint).flatMap { try? buildClientSchema($0) }
    }
    schema.withLock { $0 = found }
    return found
  }
}
