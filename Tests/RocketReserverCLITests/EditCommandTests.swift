import Foundation
import TestSupport
import Testing

/// `edit` in the shell and `query --edit` on the command line, against a real `serve`, with an
/// editor the test writes: a script that records what it was given (its words, the file, its
/// and its directory's modes, the terminal's mode) and puts in the text the test left for it.
@Suite struct EditCommandTests {
  /// The test's editor and what it recorded.
  struct Editor {
    let folder: URL

    init(in fixture: ShellFixture) throws {
      folder = fixture.root.appendingPathComponent("editor")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // Leaves the terminal as a crashed editor might (no echo, not line by line): the shell
      // must put its own mode back.
      let script = """
        #!/bin/sh
        dir='\(folder.path)'
        n=$(( $(cat "$dir/count" 2>/dev/null || echo 0) + 1 ))
        echo $n > "$dir/count"
        for file; do :; done
        printf '%s\\n' "$@" > "$dir/arguments-$n"
        cp "$file" "$dir/seen-$n"
        echo "$file" > "$dir/path-$n"
        stat -c '%a' "$file" "$(dirname "$file")" > "$dir/modes-$n"
        stty -a > "$dir/stty-$n" 2>/dev/null
        if [ -f "$dir/next" ]; then cat "$dir/next" > "$file"; fi
        stty -echo -icanon 2>/dev/null
        exit $(cat "$dir/status" 2>/dev/null || echo 0)

        """
      let path = folder.appendingPathComponent("my editor")
      try Data(script.utf8).write(to: path)
      #expect(chmod(path.path, 0o755) == 0)
    }

    /// `EDITOR` as a user with a path holding a blank and an option would write it.
    var command: String { "'\(folder.appendingPathComponent("my editor").path)' --wait" }

    var runs: Int { Int(read("count").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 }

    func read(_ name: String) -> String {
      (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// What the editor writes over the file next; nil: it leaves the file as it is.
    func willWrite(_ text: String?) throws {
      let next = folder.appendingPathComponent("next")
      if let text {
        try Data(text.utf8).write(to: next)
      } else {
        try? FileManager.default.removeItem(at: next)
      }
    }

    func willExit(_ status: Int32) throws {
      try Data("\(status)\n".utf8).write(to: folder.appendingPathComponent("status"))
    }
  }

  @Test func editOpensTheLastDocumentAndSendsItWhenChanged() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let editor = try Editor(in: fixture)
    let endpoint = ["--endpoint", served.endpoint.absoluteString]
    let terminal = try fixture.startShell(["EDITOR": editor.command, "VISUAL": ""], arguments: endpoint)

    terminal.send("{ launch(id: 1) { site } }\n")
    #expect(try fixture.expectPrompt(terminal).contains("\"site\": \"Kwajalein Atoll\""))

    // Changed: shown, then sent to the server.
    try editor.willWrite("{ launch(id: 2) { mission { name } } }\n")
    terminal.send("edit\n")
    let edited = try fixture.expectPrompt(terminal)
    #expect(editor.runs == 1)
    #expect(editor.read("seen-1") == "{ launch(id: 1) { site } }\n")
    #expect(edited.contains("{ launch(id: 2) { mission { name } } }"), "\(edited)")
    #expect(edited.contains("\"name\": \"DemoSat\""), "\(edited)")
    // Split as a shell splits it; the copy private, and gone afterwards.
    let file = editor.read("path-1").trimmingCharacters(in: .newlines)
    #expect(editor.read("arguments-1") == "--wait\n\(file)\n")
    #expect(editor.read("modes-1") == "600\n700\n")
    #expect(file.hasSuffix(".graphql") && !FileManager.default.fileExists(atPath: file))
    #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))

    // Unchanged (the editor writes nothing): nothing sent, and said so.
    try editor.willWrite(nil)
    terminal.send("\\e\n")
    let unchanged = try fixture.expectPrompt(terminal)
    #expect(editor.read("seen-2") == "{ launch(id: 2) { mission { name } } }\n")
    #expect(unchanged.contains("edit: the document is unchanged: nothing sent"), "\(unchanged)")
    #expect(!unchanged.contains("\"data\""))

    // An editor that fails: nothing sent either, whatever it wrote.
    try editor.willWrite("{ launch(id: 3) { site } }")
    try editor.willExit(3)
    terminal.send("edit\n")
    let failed = try fixture.expectPrompt(terminal)
    #expect(failed.contains("exited with status 3: nothing run"), "\(failed)")
    #expect(!failed.contains("\"data\""))

    // Each editor got the terminal as it was before the shell took it, although each one left
    // it without echo and canonical mode.
    for run in 1...3 {
      let mode = editor.read("stty-\(run)")
      #expect(mode.contains(" icanon") && !mode.contains("-icanon"), "run \(run): \(mode)")
      #expect(mode.contains(" echo ") && !mode.contains("-echo "), "run \(run): \(mode)")
    }
    // `\e` on a `...>` line hands the document typed so far to the editor (psql's query buffer).
    try editor.willExit(0)
    try editor.willWrite("{ launch(id: 20) { site } }")
    terminal.send("{ launch(id: 20) {\n")
    try terminal.expect("...> ", timeout: ShellFixture.patience)
    terminal.send("\\e\n")
    let buffer = try fixture.expectPrompt(terminal)
    #expect(editor.read("seen-4") == "{ launch(id: 20) {\n")
    #expect(buffer.contains("\"site\": \"CCAFS SLC 40\""), "\(buffer)")
    terminal.send("total\n")
    #expect(try fixture.expectPrompt(terminal).contains("trips booked in all"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)

    // The edited document went into the history as a typed one: `query --edit` outside the
    // shell starts from it, and sends what the editor made of it.
    try editor.willExit(0)
    try editor.willWrite("{ launch(id: 3) { id } }")
    let oneShot = try fixture.run(
      endpoint + ["query", "--edit"], environment: ["EDITOR": editor.command, "VISUAL": ""])
    #expect(oneShot.status == 0, "\(oneShot.standardError)")
    #expect(editor.read("seen-5") == "{ launch(id: 20) { site } }\n")
    #expect(oneShot.standardOutput.contains("\"id\": \"3\""), "\(oneShot.standardOutput)")
    #expect(oneShot.standardError.contains("{ launch(id: 3) { id } }"))

    // VISUAL comes first; a document given is where it starts; unchanged sends nothing.
    try editor.willWrite(nil)
    let given = try fixture.run(
      endpoint + ["query", "--edit", "{ launch(id: 4) { id } }"],
      environment: ["VISUAL": editor.command, "EDITOR": "false"])
    #expect(given.status == 0, "\(given.standardError)")
    #expect(editor.read("seen-6") == "{ launch(id: 4) { id } }\n")
    #expect(given.standardOutput.isEmpty)
    #expect(given.standardError == "rocket-reserver: query: the document is unchanged: nothing sent\n")

    // An editor that cannot be run is a failure that names it.
    let missing = try fixture.run(
      endpoint + ["query", "--edit", "{ launch(id: 4) { id } }"],
      environment: ["VISUAL": "", "EDITOR": "no-such-editor-here"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("cannot run the editor 'no-such-editor-here'"), "\(missing)")
    #expect(missing.standardOutput.isEmpty)
  }
}
