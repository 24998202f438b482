// libFuzzer entry point for the GraphQL parser and printers (see Fuzz/run.sh).
//
// Compiled into the same module as Sources/Engine/GraphQL, so it calls the internal API directly.
// Every input is parsed as UTF-8 with limits; whatever parses must print to text that parses
// back to the same AST, in both the canonical and the compact form. A mismatch traps, which
// libFuzzer reports as a crash and saves as an input to turn into a regression test.

/// The limits for fuzz inputs: small enough that each input runs in microseconds.
private let fuzzOptions = ParseOptions(maxTokens: 20_000, maxDepth: 64, noLocation: true)

/// Parses `data`; on success, checks that both printers round-trip and walks the AST.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  guard let document = try? parse(utf8: bytes, options: fuzzOptions) else { return 0 }
  // Walking must not crash either, and must see every definition.
  var definitions = 0
  var visitor = ASTVisitor()
  visitor.document.enter = { document, _ in
    definitions = document.definitions.count
    return .continue
  }
  visit(document, visitor)
  precondition(definitions == document.definitions.count, "visitor missed the document")

  for (form, text) in [("print", print(document)), ("printCompact", printCompact(document))] {
    let reparsed: Document
    do {
      reparsed = try parse(text, options: ParseOptions(maxDepth: 64, noLocation: true))
    } catch {
      fatalError(
        "\(form) output does not parse: \(error)\n--- input\n\(String(decoding: bytes, as: UTF8.self))\n--- \(form)\n\(text)"
      )
    }
    if reparsed != document {
      fatalError(
        "\(form) round trip changed the AST\n--- input\n\(String(decoding: bytes, as: UTF8.self))\n--- \(form)\n\(text)"
      )
    }
  }
  return 0
}
