import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// An interactive line reader on libedit's native API: emacs keys, UTF-8, a prompt that may
/// change between reads, persistent history, Tab completion through a Swift provider, and Ctrl-C
/// that clears the line instead of killing the program.
///
/// Lines are not added to history automatically, so a caller can keep secrets out of it.
/// Not thread-safe, and one per process: it owns the process's standard input.
public final class LineEditor {
  /// The full words that could replace the word under the cursor, given the line and the
  /// cursor's position in Unicode scalars.
  public typealias CompletionProvider = (_ line: String, _ cursor: Int) -> [String]

  /// The prompt shown by the next `readLine()`; may change between reads.
  public var prompt: String {
    didSet { setPromptStorage(prompt) }
  }

  /// Proposes Tab completions; `nil` (the default) makes Tab do nothing.
  public var completionProvider: CompletionProvider?

  /// A short description of a candidate for Tab lists (`42  (Starlink-15)`), or nil.
  public var completionDescription: ((_ candidate: String) -> String?)?

  /// The part of the word under the cursor that completions replace where words are not
  /// separated by blanks (a document: `items(pa` completes `pa`); nil: after the last blank.
  public var completionWord: ((_ line: String, _ cursor: Int) -> String?)?

  package let editLine: OpaquePointer
  package let history: OpaquePointer
  /// The prompt as a C string that libedit may read at any time during `el_gets`.
  private var promptStorage: UnsafeMutablePointer<CChar>?
  /// Where history lives between runs; nil keeps it in memory only.
  package let historyPath: String?
  /// False after loading failed: saving then would overwrite entries we could not read.
  package var historyWritable: Bool
  /// Where the prompt, the line and Tab lists are drawn: standard output when it is the
  /// terminal, else standard error (so `program > out.txt` keeps an editor, as psql does).
  package let displayDescriptor: Int32
  /// Warnings go here, at most one per problem kind.
  package let warn: (String) -> Void
  package var hasWarnedAboutSaving = false

  /// Starts libedit on the process's standard streams, with the history file at `historyPath`
  /// (loaded now, saved after each `addToHistory(_:)`; nil: none) and one-line warnings to
  /// `warn` (default: standard error).
  /// - Throws: `LineEditorError` when libedit or the interrupt handler cannot be set up.
  public init(
    prompt: String = "> ", historyPath: String? = nil, historySize: Int32 = 1000,
    warn: ((String) -> Void)? = nil
  ) throws {
    if let problem = cedit_open_error() {
      throw LineEditorError.libraryMissing(String(cString: problem))
    }
    try ProcessSignals.install()
    Self.selectUTF8Locale()
    let display = Self.displayDescriptor()
    let displayStream = display == STDOUT_FILENO ? cel_stdout() : cel_stderr()
    guard let editLine = el_init(ProgramName.current, cel_stdin(), displayStream, cel_stderr()) else {
      throw LineEditorError.initialisationFailed("el_init")
    }
    guard let history = history_init() else {
      el_end(editLine)
      throw LineEditorError.initialisationFailed("history_init")
    }
    self.editLine = editLine
    self.history = history
    self.displayDescriptor = display
    self.prompt = prompt
    self.historyPath = historyPath
    self.historyWritable = historyPath != nil
    self.warn = warn ?? { writeWarning($0) }
    setPromptStorage(prompt)
    configure(historySize: historySize)
    loadHistory()
  }

  deinit {
    el_end(editLine)
    history_end(history)
    free(promptStorage)
  }

  /// Reads one line, showing the prompt and letting the user edit it; blocks until Return,
  /// Ctrl-C or Ctrl-D.
  public func readLine() -> LineEditorEvent {
    ProcessSignals.consume()
    // Editing mode before the prompt is drawn: libedit would switch only afterwards, and keys
    // typed in between would meet the kernel's line discipline (Ctrl-D becoming a NUL).
    TerminalSignals.install()
    _ = cel_prep_term(editLine, 1)
    var count: Int32 = 0
    let raw = el_gets(editLine, &count)
    _ = cel_prep_term(editLine, 0)
    TerminalSignals.uninstall()
    guard let raw, count > 0 else {
      // count is -1 when the reader saw Ctrl-C (or a read error), 0 at end of input.
      let interrupted = ProcessSignals.consume()
      // Put the terminal back and empty the buffer so the next prompt starts clean.
      el_reset(editLine)
      writeDisplay(interrupted ? "^C\n" : "\n")
      return interrupted ? .interrupted : .endOfFile
    }
    var text = String(cString: raw)
    if text.hasSuffix("\n") { text.removeLast() }
    return .line(text)
  }

  /// Adds `line` to the history (unless blank) and saves the history file at once, so a crash
  /// loses nothing. A failed save warns once and leaves the old file intact.
  public func addToHistory(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace) else { return }
    _ = cel_hist_enter(history, line)
    saveHistory()
  }

  /// The history entries, oldest first (for tests and diagnostics).
  public var historyEntries: [String] { Self.entries(of: history) }

  /// Whether the shell can edit lines: standard input is a terminal and so is standard output
  /// or standard error, where the prompt is then drawn.
  public static var canEdit: Bool {
    Terminal.isTerminal(STDIN_FILENO)
      && (Terminal.isTerminal(STDOUT_FILENO) || Terminal.isTerminal(STDERR_FILENO))
  }

  /// Standard output when it is a terminal, else standard error.
  package static func displayDescriptor() -> Int32 {
    Terminal.isTerminal(STDOUT_FILENO) ? STDOUT_FILENO : STDERR_FILENO
  }

  /// Writes `text` where the editor draws (see `displayDescriptor`).
  package func writeDisplay(_ text: String) {
    if displayDescriptor == STDOUT_FILENO {
      writeStandardOutput(text)
    } else {
      writeStandardError(text)
    }
  }

  // MARK: - Setup

  private func configure(historySize: Int32) {
    _ = cel_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    _ = cel_set_prompt(editLine, lineEditorPrompt)
    _ = cel_set_editor(editLine, "emacs")
    // No EL_SIGNAL: its handler races el_gets from another thread; see TerminalSignals.
    _ = cel_set_getcfn(editLine, interruptibleGetCharacter)
    _ = cel_hist_setsize(history, historySize)
    _ = cel_hist_setunique(history, 1)
    _ = cel_set_history(editLine, history)
    _ = cel_addfn(editLine, "rr-complete", "complete the word under the cursor", lineEditorComplete)
    _ = cel_bind(editLine, "^I", "rr-complete")
    for (sequence, function) in Self.keyBindings { _ = cel_bind(editLine, sequence, function) }
    // ~/.editrc last, so the user's own bindings win.
    _ = el_source(editLine, nil)
  }

  /// The keys terminals send for Home, End, Delete and Ctrl-Left/Right that libedit's emacs map
  /// lacks: xterm's (`\e[H`, `\e[F`, `\e[1;5D`), the VT220 ones tmux and screen send (`\e[1~`,
  /// `\e[4~`), rxvt's (`\e[7~`, `\e[8~`) and the application-mode ones (`\eOH`, `\eOF`).
  package static let keyBindings: [(String, String)] = [
    ("\\e[1~", "ed-move-to-beg"), ("\\e[7~", "ed-move-to-beg"), ("\\e[H", "ed-move-to-beg"),
    ("\\eOH", "ed-move-to-beg"), ("\\e[4~", "ed-move-to-end"), ("\\e[8~", "ed-move-to-end"),
    ("\\e[F", "ed-move-to-end"), ("\\eOF", "ed-move-to-end"), ("\\e[3~", "ed-delete-next-char"),
    ("\\e[1;5D", "ed-prev-word"), ("\\e[1;5C", "em-next-word"), ("\\e[5D", "ed-prev-word"),
    ("\\e[5C", "em-next-word"),
  ]

  private func setPromptStorage(_ text: String) {
    free(promptStorage)
    promptStorage = strdup(text)
  }

  /// The prompt for the C callback; never NULL.
  fileprivate var promptPointer: UnsafeMutablePointer<CChar>? { promptStorage }

  /// Without a UTF-8 locale libedit drops non-ASCII input: use the user's locale when it is
  /// UTF-8, else C.UTF-8. Only the character type category changes, so number formatting in C
  /// code elsewhere in the process stays in the "C" locale whatever the user's settings.
  private static func selectUTF8Locale() {
    if setlocale(LC_CTYPE, "") != nil && cel_codeset_is_utf8() != 0 { return }
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  /// The editor that owns `editLine`, from libedit's client data.
  package static func owner(of editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = cel_get_clientdata(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
  }
}

/// EL_PROMPT callback: returns the owner's current prompt.
private func lineEditorPrompt(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  LineEditor.owner(of: editLine)?.promptPointer
}
