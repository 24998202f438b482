import Foundation
import TestSupport
import Testing

/// The transcripts of the README and `docs/usage.md` are runs of the program: every ```text block made only of
/// `$ rocket-reserver ...` and `$ printf ... | rocket-reserver` commands is replayed at a
/// terminal (80 columns, no colours, no pager), in order in one fresh home, and each command's
/// output and exit status must read as the README shows them. A block with an interactive
/// session, `serve`, `watch` or other programs is documentation only.
@Suite struct TranscriptTests {
  /// A command of a transcript and what it is shown to print.
  struct Step {
    var command: String
    var expected: String
    var status: Int32
  }

  /// The text of `page`, a path from the package's root.
  private static func text(of page: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(page)
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The runnable blocks, each as its steps.
  static func transcripts(_ text: String) -> [[Step]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.components(separatedBy: "\n") {
      if current == nil, line == "```text" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current ?? [])
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks.compactMap { lines -> [Step]? in
      let commands = lines.filter { $0.hasPrefix("$ ") }
      let runnable =
        !commands.isEmpty && lines.first?.hasPrefix("$ ") == true
        && commands.allSatisfy { command in
          (command.hasPrefix("$ rocket-reserver ") || command.hasPrefix("$ printf '"))
            && command.hasSuffix("rocket-reserver") == command.hasPrefix("$ printf")
            && !command.contains(" serve") && !command.contains(" watch")
        }
      guard runnable else { return nil }
      var steps: [Step] = []
      for line in lines {
        if line.hasPrefix("$ ") {
          steps.append(Step(command: String(line.dropFirst(2)), expected: "", status: 0))
        } else if line.hasPrefix("(exit status "), let number = Int32(line.dropFirst(13).dropLast()) {
          steps[steps.count - 1].status = number
        } else {
          steps[steps.count - 1].expected += line + "\n"
        }
      }
      return steps
    }
  }

  /// What a terminal shows of `transcript`: lines without carriage returns, a spinner's frames
  /// (drawn and erased with `\r` and `ESC [K`) gone.
  static func shown(_ transcript: String) -> String {
    transcript.replacing("\r\n", with: "\n").components(separatedBy: "\n").map { line in
      (line.components(separatedBy: "\r").last ?? "").replacing("\u{1B}[K", with: "")
    }.joined(separator: "\n")
  }

  @Test(arguments: ["README.md", "docs/usage.md"])
  func theTranscriptsAreWhatTheProgramPrints(page: String) throws {
    let blocks = Self.transcripts(try Self.text(of: page))
    #expect(blocks.count >= 1)
    for steps in blocks {
      let fixture = try ShellFixture()
      // The README's user is ada, whose home is /home/ada.
      let home = fixture.root.path
      let path =
        BuiltProduct.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      let environment = fixture.environment([
        "XDG_CONFIG_HOME": home + "/.config", "PATH": path, "COLUMNS": "80",
      ])
      for step in steps {
        let terminal = try PseudoTerminal(
          URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", step.command], environment: environment)
        let status = try terminal.waitForExit(timeout: ShellFixture.patience)
        let output = Self.shown(terminal.transcript).replacing(home, with: "/home/ada")
        #expect(output == step.expected, "\(step.command)")
        #expect(status == step.status, "\(step.command)")
      }
    }
  }
}
