import Foundation
import GraphQLAPI
import RocketClient
import RocketReserverAPI
import Synchronization
import TestSupport
import Testing

/// Cancelling the calling task ends a slow request promptly, on both transports.
@Suite struct CancellationTests {
  @Test func cancellingASlowHTTPRequestReturnsPromptly() async throws {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"totalTripsBooked":1}}"#, delay: .seconds(120)))
    let client = RocketClient(
      transport: HTTPTransport(endpoint: stub.url()), credentials: nil, endpointKey: stub.url().absoluteString
    )
    let task = Task { () async throws(RocketClientError) -> Int? in
      try await client.fetch(TotalTripsBookedQuery()).data?.totalTripsBooked
    }
    #expect(await stub.waitForRequests())
    let start = ContinuousClock.now
    task.cancel()
    let result = await task.result
    // A hang guard: without cancellation the stub answers only after 120 s.
    #expect(ContinuousClock.now - start < .seconds(60))
    #expect(throws: RocketClientError.cancelled) { try result.get() }
  }

  @Test func cancellingASlowInProcessRequestReturnsPromptly() async throws {
    let started = Mutex(false)
    let client = RocketClient(
      transport: InProcessTransport { _, _ in
        started.withLock { $0 = true }
        Thread.sleep(forTimeInterval: 120)
        return .object(["data": .object(["totalTripsBooked": .int(1)])])
      }, credentials: nil, endpointKey: Credential.embeddedEndpoint)
    let task = Task { () async throws(RocketClientError) -> Int? in
      try await client.fetch(TotalTripsBookedQuery()).data?.totalTripsBooked
    }
    let deadline = ContinuousClock.now + .seconds(60)
    while !started.withLock({ $0 }) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(started.withLock { $0 })
    let start = ContinuousClock.now
    task.cancel()
    let result = await task.result
    // The handler still sleeps for two minutes; the caller must not wait for it (a hang guard).
    #expect(ContinuousClock.now - start < .seconds(60))
    #expect(throws: RocketClientError.cancelled) { try result.get() }
  }

  @Test func aTaskCancelledBeforeSendingNeverReachesTheBackend() async throws {
    let calls = Mutex(0)
    let client = RocketClient(
      transport: InProcessTransport { _, _ in
        calls.withLock { $0 += 1 }
        return .object(["data": .object(["totalTripsBooked": .int(1)])])
      }, credentials: nil, endpointKey: Credential.embeddedEndpoint)
    let task = Task { () async throws(RocketClientError) -> Int? in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.fetch(TotalTripsBookedQuery()).data?.totalTripsBooked
    }
    await #expect(throws: RocketClientError.cancelled) { try await task.value }
    #expect(calls.withLock { $0 } == 0)
  }

  @Test func inProcessRequestsRunConcurrentlyOffTheCallerThreads() async throws {
    let inFlight = Mutex((now: 0, most: 0))
    let client = RocketClient(
      transport: InProcessTransport { _, _ in
        inFlight.withLock {
          $0.now += 1; $0.most = max($0.most, $0.now)
        }
        Thread.sleep(forTimeInterval: 0.05)
        inFlight.withLock { $0.now -= 1 }
        return .object(["data": .object(["totalTripsBooked": .int(7)])])
      }, credentials: nil, endpointKey: Credential.embeddedEndpoint)
    let totals = try await withThrowingTaskGroup(of: Int?.self) { group in
      for _ in 0..<8 {
        group.addTask { try await client.fetch(TotalTripsBookedQuery()).data?.totalTripsBooked }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(totals == Array(repeating: 7, count: 8))
    #expect(inFlight.withLock { $0.most } >= 2)
  }
}
