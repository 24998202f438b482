import RocketClient

extension CommandContext {
  /// `--include`: prints the status line and header fields of each answer in `heads`, before
  /// the command prints its result. On standard output, as curl -i does, except with `--json`
  /// (and `--jq`), where they go to standard error so that standard output stays one JSON
  /// document. An answer without HTTP (the embedded backend, the cache) gets a note on
  /// standard error instead.
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
