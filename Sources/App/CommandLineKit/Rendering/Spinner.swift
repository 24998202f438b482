/// A progress spinner on standard error for work that takes a while.
public enum Spinner {
  /// How long work may take before the spinner appears.
  public static let delay = Duration.milliseconds(300)
  private static let frames = ["|", "/", "-", "\\"]

  /// Runs `operation`; when `enabled` and it still runs after `delay`, draws `frame label` with
  /// `write` (default standard error) until it ends, then erases it.
  public static func run<T, E: Error>(
    label: String, enabled: Bool,
    write: (@Sendable (String) -> Void)? = nil,
    _ operation: () async throws(E) -> T
  ) async throws(E) -> T {
    guard enabled else { return try await operation() }
    let write = write ?? { writeStandardError($0) }
    let animation = Task {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return false
      }
      var index = 0
      while !Task.isCancelled {
        let frame = "\r\(frames[index % frames.count]) \(label)"
        // Not once a one-shot command's Ctrl-C handler has erased the line (it closes the gate).
        SpinnerFrameGate.shared.draw { write(frame) }
        index += 1
        try? await Task.sleep(for: .milliseconds(100))
      }
      return true
    }
    let result: Result<T, E>
    do throws(E) {
      result = .success(try await operation())
    } catch {
      result = .failure(error)
    }
    animation.cancel()
    if await animation.value {
      write("\r\u{1B}[K")
    }
    switch result {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }
}
