import CImages

/// How a terminal can draw a picture, best first.
public enum TerminalGraphics: String, Sendable, CaseIterable {
  /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  case kitty
  /// iTerm2's inline images (iTerm2, WezTerm).
  case iterm2
  /// DEC sixel graphics (xterm -ti vt340, foot, mlterm, Windows Terminal).
  case sixel
  /// Unicode block characters in 24-bit colour: any colour terminal.
  case blocks

  /// libchafa's pixel mode for this way.
  var chafaProtocol: cimages_protocol {
    switch self {
    case .kitty: CIMAGES_KITTY
    case .iterm2: CIMAGES_ITERM2
    case .sixel: CIMAGES_SIXEL
    case .blocks: CIMAGES_BLOCKS
    }
  }
}
