import ErrorAwareOperations
import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import TestSupport
import Testing

/// The operations of `Tests/ErrorAwareOperations/Operations/ErrorAware.graphql`, generated for
/// `onError: NULL` by the codegen plugin, against a real `rocket-reserver serve` on an ephemeral
/// loopback port, through the client: a field error the server returns reads as `@catch` says (a
/// `FieldResult`, nil, or an error thrown naming the field's path and message), and semantically
/// non-null fields are plain values.
@Suite struct ErrorAwareOperationTests {
  /// The server of this test, and its data directory (removed when the test lets go of it).
  let server: ServeProcess
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory(prefix: "error-aware")
    server = try ServeProcess(dataDirectory: directory.path, options: ["--drain", "0"])
  }

  func client(_ behavior: ErrorBehavior) -> RocketClient {
    let endpoint = server.endpoint
    return RocketClient(
      transport: HTTPTransport(endpoint: endpoint), credentials: nil, endpointKey: endpoint.absoluteString,
      interceptors: [SendsOnError(behavior: behavior)])
  }

  @Test func theGeneratedOperationsDeclareTheirErrorBehavior() {
    #expect(PageAsResultQuery.errorBehavior == .null)
    #expect(SignInMutation.errorBehavior == .null)
    #expect(!PageAsResultQuery.document.contains("@catch"))
  }

  @Test func resultHoldsTheFieldsErrorBesideTheRest() async throws {
    let result = try await client(PageAsResultQuery.errorBehavior).fetch(PageAsResultQuery(size: .some(0)))
    let data = try #require(result.data)
    let errors = data.launches.errors
    #expect(errors.count == 1)
    #expect(errors.first?.path == [PathComponent.key("launches")])
    #expect(errors.first?.code == "BAD_USER_INPUT")
    #expect(errors.first?.message.isEmpty == false)
    #expect(data.launches.value == nil)
    // Semantically non-null: plain `String`s, no optionals.
    let site: String? = data.launch?.site
    #expect(site == "Kwajalein Atoll")
    #expect(data.launch?.mission.name == "FalconSat")

    let page = try #require(try await client(.null).fetch(PageAsResultQuery(size: .some(2))).data)
    let sites: [String] = try page.launches.get().launches.map { $0.site }
    #expect(sites.count == 2)
  }

  @Test func nullReadsTheFailedFieldAsNil() async throws {
    let failed = try #require(try await client(.null).fetch(PageAsNullQuery(size: .some(0))).data)
    #expect(failed.launches == nil)
    #expect(failed.launch?.site == "Kwajalein Atoll")
    let fine = try #require(try await client(.null).fetch(PageAsNullQuery(size: .some(1))).data)
    #expect(fine.launches?.cursor.isEmpty == false)
  }

  @Test func anOperationsCatchCoversItsFields() async throws {
    let data = try #require(try await client(.null).fetch(PageCaughtByOperationQuery(size: .some(0))).data)
    #expect(data.launches == nil)
    #expect(data.launch?.site == "Kwajalein Atoll")
  }

  @Test func throwNamesTheFieldsPathAndMessage() async throws {
    do throws(RocketClientError) {
      _ = try await client(.null).fetch(PageThrowingQuery(size: .some(0)))
      Issue.record("reading the response did not throw")
    } catch {
      guard case .decoding(let operation, let failure) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(operation == "PageThrowing")
      #expect(failure.path == [.key("launches")])
      #expect(failure.fieldErrors.first?.code == "BAD_USER_INPUT")
      let message = try #require(failure.fieldErrors.first?.message)
      #expect(error.description.contains("at launches: the field failed: \(message)"), "\(error.description)")
    }
  }

  @Test func aSemanticallyNonNullMutationFieldReadsAsAResult() async throws {
    let client = client(.null)
    let refused = try #require(try await client.perform(SignInMutation(email: .some("not-an-email"))).data)
    #expect(refused.login.errors.first?.code == "BAD_USER_INPUT")
    let signedIn = try #require(
      try await client.perform(SignInMutation(email: .some("ada@example.com"))).data)
    #expect(try signedIn.login.get().email == "ada@example.com")
  }

  @Test func aPropagatingServersAnswerReadsToo() async throws {
    // A server that propagates nulls the whole answer: no data, the error in `errors`.
    let result = try await client(.propagate).fetch(PageAsResultQuery(size: .some(0)))
    #expect(result.data == nil)
    #expect(result.errors.first?.code == "BAD_USER_INPUT")
    let page = try #require(try await client(.propagate).fetch(PageAsResultQuery(size: .some(1))).data)
    #expect(page.launches.value?.launches.count == 1)
  }
}

/// Sends each request with the `onError` it is given.
struct SendsOnError: RequestInterceptor {
  let behavior: ErrorBehavior

  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    var request = request
    request.operation.onError = behavior
    return try await chain.proceed(request)
  }
}
