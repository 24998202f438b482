import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// Tab completion: asks the Swift provider, inserts the common prefix, lists on ambiguity.
extension LineEditor {
  /// Handles one Tab press and returns libedit's redraw instruction (`CC_*`).
  fileprivate func complete() -> UInt8 {
    guard let completionProvider else { return UInt8(CC_ERROR) }
    var cursor: Int32 = 0
    var length: Int32 = 0
    guard let buffer = cel_wline(editLine, &cursor, &length) else { return UInt8(CC_ERROR) }
    var scalars = String.UnicodeScalarView()
    for index in 0..<Int(length) {
      if let scalar = Unicode.Scalar(UInt32(bitPattern: buffer[index])) { scalars.append(scalar) }
    }
    let line = String(scalars)
    let cursorOffset = min(Int(cursor), scalars.count)
    let candidates = completionProvider(line, cursorOffset)
    let documentWord = completionWord?(line, cursorOffset)
    let word = documentWord ?? Completion.word(in: line, cursor: cursorOffset)
    // In a document (`completionWord`) a name is followed by what the user types next (`{`, `(`, `:`),
    // not by a blank: `name{` must not become `name {` by surprise.
    switch Completion.action(word: word, candidates: candidates, appendsSpace: documentWord == nil) {
    case .none:
      return UInt8(CC_ERROR)
    case .insert(let text):
      return el_insertstr(editLine, text) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_ERROR)
    case .list(let choices):
      let width = Terminal.columns(of: displayDescriptor)
      let widest = choices.map(\.count).max() ?? 0
      let described = choices.map {
        Completion.listed($0, description: completionDescription?($0), width: widest)
      }
      let listing = Completion.columns(described, width: width)
      let stream = displayDescriptor == STDOUT_FILENO ? cel_stdout() : cel_stderr()
      _ = fputs("\n" + listing, stream)
      _ = fflush(stream)
      return UInt8(CC_REDISPLAY)
    }
  }
}

/// EL_ADDFN callback bound to Tab.
package func lineEditorComplete(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
  LineEditor.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
}
