import EngineProbes
import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// The probe documents: each validates within a CPU-time bound (the thread's CPU time, not
/// the wall clock). Release builds take well under 50 ms each (`make bench` measures them); the
/// bound here is generous for debug builds and loaded machines, and still far below the seconds to
/// minutes these documents cost when comparisons grew with the cube of the field count.
@Suite struct ProbeDocumentTests {
  static let schemaURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Operations/schema.graphqls")

  static func launchSchema() throws -> GraphQLSchema {
    try buildSchema(String(contentsOf: schemaURL, encoding: .utf8))
  }

  @Test(arguments: ProbeDocuments.validation)
  func validatesWithinItsCPUBound(_ probe: ProbeDocuments.Probe) throws {
    let schema = try Self.launchSchema()
    let document = try parse(Source(probe.text), options: ParseOptions(maxTokens: 15_000))
    let (errors, seconds) = ThreadCPUTime.measure { validate(schema: schema, document: document) }
    #expect(seconds < 0.5, "\(probe.name): \(seconds) s of CPU")
    #expect(errors.isEmpty == probe.isValid, "\(probe.name): \(errors.prefix(2))")
    if !probe.isValid {
      // The cap: 100 errors and graphql-js's "Too many validation errors".
      #expect(errors.count == 101)
      #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
    }
  }

  @Test(arguments: ProbeDocuments.validation + ProbeDocuments.execution)
  func probesAreServerSizedDocuments(_ probe: ProbeDocuments.Probe) throws {
    // Each is what a client may send `serve`: under 50 KB and within its 15 000-token limit.
    #expect(probe.text.utf8.count < 50_000)
    _ = try parse(Source(probe.text), options: ParseOptions(maxTokens: 15_000))
  }
}

extension ProbeDocuments.Probe: CustomTestStringConvertible {
  public var testDescription: String { name }
}
