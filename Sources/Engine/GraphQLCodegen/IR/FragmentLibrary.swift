import GraphQL
import GraphQLWire

/// The fragments of every operation file, so an operation may spread a fragment defined in
/// another file, as apollo-ios's codegen allows.
///
/// Each file is validated and compiled as its own text followed by the text of the fragments it
/// needs from other files (`document(for:borrowing:)`); a problem located in a borrowed
/// fragment is reported at that fragment's own file, line and column (`diagnostic(for:in:)`).
struct FragmentLibrary {
  private struct Home {
    let path: String
    let definition: FragmentDefinition
    /// The fragment's text as written, and where it starts in its file (nil when the document
    /// was not parsed from text, then the printed form is used).
    let text: String
    let start: SourceLocation?
  }

  /// A borrowed fragment's place in the text a file is compiled from.
  struct Segment {
    let firstLine: Int
    let lastLine: Int
    let path: String
    let start: SourceLocation
  }

  /// The text a file is validated and compiled from, and where its borrowed fragments are in it.
  struct FileText {
    let text: String
    let segments: [Segment]
  }

  private var homes: [String: Home] = [:]

  /// Collects the fragments of `files`, in order.
  /// - Returns: the library, and a diagnostic for each fragment name defined in two files (a
  ///   name repeated within one file is validation's `UniqueFragmentNames` error).
  static func collect(_ files: [(file: CodegenSourceFile, document: Document)])
    -> (FragmentLibrary, [CodegenDiagnostic])
  {
    var library = FragmentLibrary()
    var diagnostics: [CodegenDiagnostic] = []
    for (file, document) in files {
      for fragment in document.fragments {
        let name = fragment.name.value
        if let home = library.homes[name] {
          guard home.path != file.path else { continue }
          diagnostics.append(
            CodegenDiagnostic(
              path: file.path,
              location: fragment.name.range.flatMap { document.source?.location(ofOffset: $0.start) },
              message: "There can be only one fragment named \"\(name)\"; another is in \(home.path)."))
        } else {
          var text = print(Definition.fragment(fragment))
          var start: SourceLocation?
          if let source = document.source, let range = fragment.range {
            text = String(decoding: source.utf8[range.start..<range.end], as: UTF8.self)
            start = source.location(ofOffset: range.start)
          }
          library.homes[name] = Home(path: file.path, definition: fragment, text: text, start: start)
        }
      }
    }
    return (library, diagnostics)
  }

  /// The names of the fragments `document` (from the file at `path`) spreads but does not
  /// define, directly or through other fragments, in the order first met.
  func borrowed(by document: Document, path: String) -> [String] {
    let own = Set(document.fragments.map(\.name.value))
    let roots: [SelectionSet] = document.definitions.compactMap {
      switch $0 {
      case .operation(let operation): operation.selectionSet
      case .fragment(let fragment): fragment.selectionSet
      default: nil
      }
    }
    // The file's own fragments are roots already; follow only the other files' ones.
    return fragmentsReached(from: roots) { name in
      guard !own.contains(name), let home = homes[name], home.path != path else { return nil }
      return home.definition.selectionSet
    }
  }

  /// The text to validate and compile for a file: its own text (`source`, already parsed), then
  /// each borrowed fragment on lines of its own.
  func text(of source: Source, borrowing names: [String]) -> FileText {
    var text = source.body
    var line = source.location(ofOffset: source.utf8.count).line
    var segments: [Segment] = []
    for name in names {
      guard let home = homes[name] else { continue }
      text += "\n"
      line += 1
      let lines = home.text.utf8.count { $0 == UInt8(ascii: "\n") }
      if let start = home.start {
        segments.append(Segment(firstLine: line, lastLine: line + lines, path: home.path, start: start))
      }
      text += home.text
      line += lines
    }
    return FileText(text: text, segments: segments)
  }

  /// A validation error of the text `text(for:borrowing:)` made for the file at `path`, as a
  /// diagnostic at the file, line and column where its first location was written.
  static func diagnostic(for error: GraphQLError, in fileText: FileText, path: String) -> CodegenDiagnostic {
    guard let location = error.locations.first,
      let segment = fileText.segments.first(where: {
        $0.firstLine <= location.line && location.line <= $0.lastLine
      })
    else { return .from(error, path: path) }
    let line = segment.start.line + location.line - segment.firstLine
    let column =
      location.line == segment.firstLine ? segment.start.column + location.column - 1 : location.column
    return CodegenDiagnostic(
      path: segment.path, location: SourceLocation(line: line, column: column), message: error.message)
  }
}
