import GraphQLWire

/// Parses a GraphQL document: operations, fragments, type-system definitions and extensions.
///
/// For example:
///
///     let document = try parse(Source("query { launches { cursor } }"))
///
/// - Parameters:
///   - options: limits (`maxTokens`, `maxDepth`) and `noLocation`; default: no token limit,
///     depth 256.
/// - Returns: the document, each node with its `range` in `source`.
/// - Throws: `GraphQLError` with a graphql-js `Syntax Error: ...` message and the location.
public func parse(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
  try parse(source, options: options, ownsSource: false)
}

/// `parse(_:options:)`; `ownsSource` when the caller made `source` for this parse alone, so the
/// document may take it as its identity (see `DocumentIdentity`).
func parse(_ source: Source, options: ParseOptions, ownsSource: Bool) throws(GraphQLError) -> Document {
  var parser = try Parser(source: source, options: options)
  return try parser.parseDocument(ownsSource: ownsSource)
}

/// Parses a document from text, named `GraphQL request` in messages.
///
/// - Throws: `GraphQLError` for a syntax error.
public func parse(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
  try parse(Source(text), options: options, ownsSource: true)
}

/// Parses a document from raw bytes that should be UTF-8, such as a file or request body.
///
/// - Parameters:
///   - name: what messages call the source (default `GraphQL request`).
/// - Throws: `GraphQLError`: `Syntax Error: Invalid UTF-8 ...` at the first malformed byte, or any
///   syntax error of the text.
public func parse(
  utf8 bytes: [UInt8], name: String = "GraphQL request", options: ParseOptions = ParseOptions()
) throws(GraphQLError) -> Document {
  try parse(try Source(validatingUTF8: bytes, name: name), options: options, ownsSource: true)
}

/// Parses one value, such as `{ size: SMALL }` (graphql-js's `parseValue`); variables allowed.
///
/// - Throws: `GraphQLError` for a syntax error, or if anything follows the value.
public func parseValue(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
  try parseWhole(text, options) { (parser) throws(GraphQLError) in
    try parser.parseValueLiteral(isConst: false)
  }
}

/// Parses one constant value (no variables), such as a default value (`parseConstValue`).
///
/// - Throws: `GraphQLError` for a syntax error, a variable, or anything after the value.
public func parseConstValue(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError)
  -> Value
{
  try parseWhole(text, options) { (parser) throws(GraphQLError) in
    try parser.parseValueLiteral(isConst: true)
  }
}

/// Parses one type reference, such as `[ID!]!` (graphql-js's `parseType`).
///
/// - Throws: `GraphQLError` for a syntax error, or if anything follows the type.
public func parseType(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError)
  -> TypeReference
{
  try parseWhole(text, options) { (parser) throws(GraphQLError) in try parser.parseTypeReference() }
}

/// What `part` parses of `text`, which must be all of it.
private func parseWhole<Part>(
  _ text: String, _ options: ParseOptions, _ part: (inout Parser) throws(GraphQLError) -> Part
) throws(GraphQLError) -> Part {
  var parser = try Parser(source: Source(text), options: options)
  try parser.expect(.startOfFile)
  let parsed = try part(&parser)
  try parser.expect(.endOfFile)
  return parsed
}
