import RocketClient

extension CommandContext {
  /// `--include`: each answer's status line and header fields before the result, on standard
  /// output as curl -i (standard error with `--json`, to keep one document); a note for answers
  /// without HTTP.
  func writeIncludedHeads(_ heads: [ResponseHead], session: Session) {
    let token = try? session.client.credentials?.credential(for: session.client.endpointKey)?.token
    let given = session.requestOptions.headers["Authorization"]
    // A token given as `Authorization: Bearer TOKEN` is masked wherever it shows, alone too.
    let secrets = [token, given, given?.split(separator: " ").last.map(String.init)].compactMap { $0 }
    for head in heads {
      guard let text = head.text(masking: secrets) else {
        let source = head.fromCache ? "the cache" : "the embedded backend, in-process"
        output.writeError(errorStyle.dim("(answered by \(source): no HTTP status or header fields)") + "\n")
        continue
      }
      if json { output.writeError(text) } else { output.write(text) }
    }
  }
}
