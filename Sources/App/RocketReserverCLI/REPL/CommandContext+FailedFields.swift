extension CommandContext {
  /// Says which fields of an answer failed and why (`launch.rocket: MESSAGE`, the server's text
  /// made safe), one error line each, after the rest of the answer was shown. The outcome is
  /// status 1 when a field failed (the answer is not whole), else success.
  func reportFailed(_ fields: [FailedField]) -> CommandOutcome {
    var outcome = CommandOutcome.success
    for field in fields { outcome = fail(field.line) }
    return outcome
  }
}
