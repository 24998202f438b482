import TerminalImages

/// What a terminal answered to the graphics queries (``TerminalGraphicsQuery``): kitty's
/// graphics query (`ESC _G i=31 ... a=q`, answered `ESC _Gi=31;OK ESC \`) and the primary device
/// attributes (`ESC [c`, answered `ESC [? 62;4;... c`, where 4 means sixel), which every terminal
/// answers, so their answer ends the wait.
struct GraphicsAnswers: Equatable, Sendable {
  /// Kitty's query (a 1x1 RGB image only checked, never shown), then the device attributes.
  static let queries = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

  var kitty = false
  var sixel = false
  /// Whether the device attributes' answer has arrived (nothing more will).
  var complete = false

  /// The answers found in what the terminal wrote back so far.
  init(parsing bytes: [UInt8]) {
    kitty = bytes.firstRange(of: Array("\u{1B}_Gi=31;OK".utf8)) != nil
    guard let start = bytes.firstRange(of: Array("\u{1B}[?".utf8))?.upperBound,
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "c"))
    else { return }
    complete = true
    sixel = bytes[start..<end].split(separator: UInt8(ascii: ";")).contains {
      Array($0) == [UInt8(ascii: "4")]
    }
  }

  init(kitty: Bool = false, sixel: Bool = false, complete: Bool = true) {
    self.kitty = kitty
    self.sixel = sixel
    self.complete = complete
  }

  /// The best way to draw here: kitty when it answered, iTerm2's images under iTerm2 or WezTerm
  /// (which have no query for them), sixel, else coloured blocks (nil under `NO_COLOR`).
  func graphics(environment: [String: String]) -> TerminalGraphics? {
    if kitty { return .kitty }
    if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm2 }
    if sixel { return .sixel }
    return (environment["NO_COLOR"] ?? "").isEmpty ? .blocks : nil
  }
}
