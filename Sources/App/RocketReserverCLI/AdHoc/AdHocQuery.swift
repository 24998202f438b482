import CommandLineKit
import GraphQL
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI

/// Sends an ad-hoc GraphQL document, after checking it locally, and prints the whole response.
///
/// The document, operation and variables are checked against the endpoint's schema as the
/// executor would; a problem prints as `query:LINE:COL: error: MESSAGE` with the line and a caret,
/// and nothing is sent (status 2). The response prints as indented JSON, an incremental one
/// payload by payload (`StagePrinter`). The status is 0 without errors, 77 when an error says to
/// log in, 1 for other errors, 69 when the endpoint cannot be reached.
enum AdHocQuery {
  static func run(_ request: AdHocRequest, context: CommandContext) async -> CommandOutcome {
    // Checked or not, it is what `edit` opens next: the one to mend.
    context.memory.noteDocument(request.document)
    let schema: GraphQLSchema
    switch await EndpointSchema.lookup(context: context) {
    case .success(let found): schema = found
    case .failure(let failure): return failure.outcome
    }
    let check = DocumentCheck(request.document, schema: schema)
    let operation: OperationDefinition
    switch check.operation(named: request.operationName, variables: request.variables, schema: schema) {
    case .success(let found): operation = found
    case .failure(let failure):
      let report = DocumentLines.report(
        failure.diagnostics, document: request.document, scriptLine: request.scriptLine)
      context.output.writeError(report + "\n")
      return .failed(ExitStatus.usage)
    }
    let graphQLRequest = GraphQLRequest(
      query: request.document, operationName: request.operationName,
      variables: request.variables.isEmpty ? nil : request.variables)
    if operation.operation == .subscription { return await follow(graphQLRequest, context: context) }
    // The kind decides whether the client may retry (only queries are).
    let operationType = GraphQLOperationType(rawValue: operation.operation.rawValue) ?? .mutation
    // The spinner runs until the first payload; an incremental answer's later payloads print
    // as they come, after it.
    let sent = await context.request("Sending the \(operation.operation.rawValue)") {
      requests throws(RocketClientError) in
      let stages = StageIterator(requests.stages(graphQLRequest, operationType: operationType))
      guard let first = try await stages.next() else {
        throw RocketClientError.invalidResponse(
          endpoint: requests.session.client.endpointKey, reason: "no answer")
      }
      return (first, stages)
    }
    guard case .succeeded(let (first, stages), _) = sent else { return sent.failure }
    let style = context.style
    let response: JSON
    if first.hasNext {
      let printer = StagePrinter(context: context, style: style)
      printer.write(first)
      var last = first
      do throws(RocketClientError) {
        while let stage = try await stages.next() {
          printer.write(stage)
          last = stage
        }
      } catch {
        return context.outcome(for: error)
      }
      // The stages end before the last payload only when the command is cancelled (Ctrl-C):
      // the transport reports an answer cut short as an error.
      if last.hasNext { return context.outcome(for: .cancelled) }
      response = last.result
      printer.writeMerged(response)
    } else {
      response = first.result
      if !context.writeFiltered(response) {
        context.writeResult(
          PrettyJSON.format(response, style: style, forTerminal: context.outputIsTerminal) + "\n")
      }
    }
    let errors = (response["errors"]?.arrayValue ?? []).map(GraphQLError.init(responseJSON:))
    if errors.isEmpty { return .success }
    // The test the generated operations use (any `Data` type gives the same static answer).
    if errors.contains(where: GraphQLResult<TotalTripsBookedQuery.Data>.isNotLoggedIn) {
      return .failed(ExitStatus.notLoggedIn)
    }
    return .failed(ExitStatus.failure)
  }

  /// Streams a subscription's results, each as indented JSON, until Ctrl-C (or SIGTERM outside
  /// the shell), reconnecting as `watch` does.
  private static func follow(_ request: GraphQLRequest, context: CommandContext) async -> CommandOutcome {
    let style = context.style
    guard let session = context.session else {
      return context.fail("this command needs a server, and none is configured")
    }
    let transport = session.subscriptionTransport()
    let client = session.client
    let headers = session.requestOptions.headers
    let follower = SubscriptionFollower(
      start: { resumeAfter throws(RocketClientError) in
        try await client.subscribe(request.resuming(after: resumeAfter), headers: headers, via: transport)
      },
      name: "subscription")
    return await StopOnSignal.run(enabled: !context.isInteractive) {
      await follower.run(context: context) { result in
        if !context.writeFiltered(result, streamed: true) {
          context.output.write(
            PrettyJSON.format(result, style: style, forTerminal: context.outputIsTerminal) + "\n")
        }
        return context.output.failure?.errno != nil ? .stop(.failed()) : .keepGoing
      }
    }
  }
}
