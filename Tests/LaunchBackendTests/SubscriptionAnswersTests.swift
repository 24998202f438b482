import GraphQL
import GraphQLWire
import Testing

@testable import LaunchBackend

/// Identical subscriptions share one execution per event; anything that may change the answer
/// (document, variables, credential) or a newer event computes afresh.
@Suite struct SubscriptionAnswersTests {
  /// Counts the executions in `counted`; an answer names its credential, event and number.
  private func answer(
    _ answers: SubscriptionAnswers, _ key: SubscriptionAnswers.Key, event: Int, _ counted: inout Int
  ) -> [UInt8] {
    answers.answer(for: key, event: event) {
      counted += 1
      return Array("\(key.authorization ?? "-") \(event) #\(counted)".utf8)
    }
  }

  @Test func identicalSubscriptionsShareTheAnswerToAnEvent() {
    let answers = SubscriptionAnswers()
    var counted = 0
    let anonymous = SubscriptionAnswers.Key(
      request: GraphQLRequest(query: "subscription { tripsBooked }"), authorization: nil)
    let first = answer(answers, anonymous, event: 7, &counted)
    #expect(answer(answers, anonymous, event: 7, &counted) == first)
    #expect(counted == 1)
    // Another credential, other variables, another document: computed once each.
    let signedIn = SubscriptionAnswers.Key(
      request: GraphQLRequest(query: "subscription { tripsBooked }"), authorization: "token-a")
    let withVariables = SubscriptionAnswers.Key(
      request: GraphQLRequest(query: "subscription { tripsBooked }", variables: ["x": .int(1)]),
      authorization: nil)
    let renamed = SubscriptionAnswers.Key(
      request: GraphQLRequest(query: "subscription { n: tripsBooked }"), authorization: nil)
    #expect(String(decoding: answer(answers, signedIn, event: 7, &counted), as: UTF8.self) == "token-a 7 #2")
    _ = answer(answers, withVariables, event: 7, &counted)
    _ = answer(answers, renamed, event: 7, &counted)
    #expect(answer(answers, signedIn, event: 7, &counted) == Array("token-a 7 #2".utf8))
    #expect(counted == 4)
  }

  @Test func aNewerEventIsComputedAndAnOlderOneIsNotStored() {
    let answers = SubscriptionAnswers()
    var counted = 0
    let key = SubscriptionAnswers.Key(
      request: GraphQLRequest(query: "subscription { tripsBooked }"), authorization: nil)
    _ = answer(answers, key, event: 1, &counted)
    #expect(String(decoding: answer(answers, key, event: 2, &counted), as: UTF8.self) == "- 2 #2")
    // A subscriber replaying event 1 gets it computed, and the newest stays cached.
    #expect(String(decoding: answer(answers, key, event: 1, &counted), as: UTF8.self) == "- 1 #3")
    #expect(String(decoding: answer(answers, key, event: 1, &counted), as: UTF8.self) == "- 1 #4")
    #expect(String(decoding: answer(answers, key, event: 2, &counted), as: UTF8.self) == "- 2 #2")
  }
}
