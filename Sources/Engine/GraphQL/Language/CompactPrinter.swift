/// Prints a document on one line with only the spaces GraphQL needs: the form to send over the
/// wire. The output is graphql-js's `stripIgnoredCharacters(print(document))`: no commas, no
/// line breaks, a space only between two names/numbers/strings (or before `...` after one), and
/// block strings in their minimized form.
///
/// - Returns: the text; `parse(printCompact(document))` gives back `document` (ranges aside).
public func printCompact(_ document: Document) -> String {
  let lexer = Lexer(source: Source(print(document)))
  var output: [UInt8] = []
  var lastWasWord = false
  var token = Token(kind: .startOfFile, start: 0, end: 0)
  // `print`'s output always lexes: nothing throws here.
  while let next = try? lexer.readToken(from: token.end), next.kind != .endOfFile {
    token = next
    let isWord = token.kind.hasValue
    // `a ...b` is not `a...b` to a reader, and graphql-js keeps the space.
    if lastWasWord && (isWord || token.kind == .spread) { output.append(0x20) }
    if token.kind == .blockString {
      output += BlockString.print(lexer.stringValue(of: token), minimize: true).utf8
    } else {
      output += lexer.bytes[token.start..<token.end]
    }
    lastWasWord = isWord
  }
  return String(decoding: output, as: UTF8.self)
}
