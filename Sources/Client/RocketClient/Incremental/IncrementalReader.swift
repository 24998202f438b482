import FoundationEssentials
import GraphQLWire

/// Reads an incremental `multipart/mixed` answer to a query: each part is one payload, merged
/// into an ``IncrementalResult`` and handed to the observer as a stage as soon as its JSON is
/// complete (``MultipartMixedParser``).
struct IncrementalReader {
  /// The GraphQL endpoint, named in errors.
  let endpoint: URL
  /// Who sees each stage; nil when only the merged result matters.
  let observer: (@Sendable (IncrementalStage) -> Void)?

  /// Reads `response` to its last payload (`hasNext: false`) and returns the merged result; an
  /// answer that ends before it is `.transport(.connectionLost)`.
  func read(_ response: HTTPStreamedResponse, boundary: String) async throws(RocketClientError)
    -> TransportResponse
  {
    var parser = MultipartMixedParser(boundary: boundary, maxPartSize: HTTPClient.defaultMaxBodySize)
    var result = IncrementalResult()
    var byteCount = 0
    var body = response.body.makeAsyncIterator()
    reading: while result.payloadCount == 0 || result.hasNext {
      let chunk: [UInt8]?
      do {
        chunk = try await body.next()
      } catch let error as HTTPTransportError {
        if case .cancelled = error { throw RocketClientError.cancelled }
        throw RocketClientError.transport(error.naming(endpoint))
      } catch {
        if Task.isCancelled { throw RocketClientError.cancelled }
        throw RocketClientError.transport(.connectionLost(endpoint: endpoint))
      }
      if Task.isCancelled { throw RocketClientError.cancelled }
      guard let chunk else { break reading }
      byteCount += chunk.count
      let parts: [[UInt8]]
      do {
        parts = try parser.feed(chunk)
      } catch {
        throw invalid("a multipart part larger than \(HTTPClient.defaultMaxBodySize >> 20) MiB")
      }
      for part in parts {
        guard let payload = try? JSON(parsing: part) else {
          throw invalid("a multipart part that is not JSON")
        }
        do {
          try result.apply(payload)
        } catch {
          throw invalid("an incremental payload that does not merge: \(error.reason)")
        }
        observer?(
          IncrementalStage(
            payload: payload, result: result.json, hasNext: result.hasNext, index: result.payloadCount))
        if !result.hasNext { break reading }
      }
      if parser.isEnded { break reading }
    }
    guard result.payloadCount > 0 else { throw invalid("a multipart answer without a payload") }
    if result.hasNext { throw RocketClientError.transport(.connectionLost(endpoint: endpoint)) }
    // The close delimiter may follow the last payload in a write of its own: reading it (a few
    // chunks at most) keeps the connection for the next request.
    var trailing = 0
    while !parser.isEnded, trailing < 2, let chunk = try? await body.next() {
      trailing += 1
      _ = try? parser.feed(chunk)
    }
    if parser.isEnded { _ = try? await body.next() }
    return TransportResponse(json: result.json, status: response.status, byteCount: byteCount)
  }

  private func invalid(_ reason: String) -> RocketClientError {
    .invalidResponse(endpoint: endpoint.absoluteString, reason: "HTTP 200 with " + reason)
  }
}
