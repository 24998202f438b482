import Foundation
import TestSupport
import Testing

/// The completion scripts, run by the real bash and zsh, complete a command, an option and a
/// launch id from the program's declarations; the manual page renders without warnings.
@Suite struct CompletionScriptTests {
  /// Runs `script` with `shell`, the binary first on PATH, in a fresh home.
  private func run(_ shell: String, _ arguments: [String], _ script: String) throws -> ProcessResult {
    let fixture = try ShellFixture()
    let path =
      BuiltProduct.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return try runProcess(
      URL(fileURLWithPath: shell), arguments + ["-c", script],
      environment: fixture.environment(["PATH": path]))
  }

  private func bash(_ words: String) throws -> [String] {
    let script = """
      source <(rocket-reserver completion bash)
      COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      _rocket_reserver
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try run("/bin/bash", ["--norc", "--noprofile"], script)
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  /// What zsh would insert (the words after `--`), or with `shown` what it would list (the
  /// array `-d` names).
  private func zsh(_ words: String, shown: Bool = false) throws -> [String] {
    // compadd and compdef are the completion system's; stand-ins print what would be offered.
    let offered = shown ? #""${(@P)${@[${@[(i)-d]}+1]}}""# : #""${(@)@[${@[(i)--]}+1,-1]}""#
    let script = """
      compdef() { :; }
      compadd() { print -rl -- \(offered); }
      _files() { print -r -- "_files $*"; }
      source <(rocket-reserver completion zsh)
      words=(\(words)); CURRENT=${#words}
      _rocket_reserver
      """
    let result = try run("/usr/bin/zsh", ["-f"], script)
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func bashCompletesCommandsOptionsAndLaunchIDs() throws {
    #expect(try bash("rocket-reserver la") == ["launch", "launches"])
    #expect(try bash("rocket-reserver launches --pa") == ["--page-size"])
    #expect(try bash("rocket-reserver launch 10") == ["10"] + (100...109).map(String.init))
    #expect(try bash("rocket-reserver --format c") == ["csv"])
  }

  @Test func launchIDsAreAnsweredWithTheirMissionNames() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["__complete", "launch", "11"])
    #expect(result.standardOutput == "11\tCASSIOPE\n110\tCRS-21\n")
    let commands = try fixture.run(["__complete", "la"])
    #expect(commands.standardOutput == "launch\nlaunches\n")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshListsLaunchIDsWithTheirMissionNames() throws {
    // The descriptions line up: the ids are padded to the widest.
    #expect(try zsh("rocket-reserver launch 11", shown: true) == ["11   -- CASSIOPE", "110  -- CRS-21"])
    #expect(try zsh("rocket-reserver launch 11") == ["11", "110"])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshCompletesCommandsOptionsAndLaunchIDs() throws {
    #expect(try zsh("rocket-reserver la") == ["launch", "launches"])
    #expect(try zsh("rocket-reserver launches --pa") == ["--page-size"])
    #expect(try zsh("rocket-reserver book 10") == ["10"] + (100...109).map(String.init))
  }

  @Test func aPathOptionsValueIsAnsweredWithAMarkerNeverWithCommandNames() throws {
    let fixture = try ShellFixture()
    for (words, marker) in [
      (["-f", "s"], ":files"), (["--file", ""], ":files"), (["--cacert", "c"], ":files"),
      (["query", "--file", "q"], ":files"), (["query", "-f", ""], ":files"),
      (["--data-dir", "d"], ":directories"),
    ] {
      let result = try fixture.run(["__complete"] + words)
      #expect(result.standardOutput == marker + "\n", "\(words)")
    }
    // A command name is still offered where a command goes.
    #expect(try fixture.run(["__complete", "s"]).standardOutput == "schema\nserve\n")
  }

  @Test func profileNamesComeFromTheConfigFile() throws {
    let fixture = try ShellFixture()
    let config = fixture.root.appendingPathComponent("config/rocket-reserver")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "[profile staging]\nendpoint = http://127.0.0.1:9/graphql\n[profile prod]\nformat = json\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    #expect(try fixture.run(["__complete", "--profile", ""]).standardOutput == "staging\nprod\n")
    #expect(try fixture.run(["__complete", "--profile", "st"]).standardOutput == "staging\n")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func bashLeavesAPathToItsOwnFileCompletion() throws {
    // Empty, so that `complete -o default` completes file names.
    #expect(try bash("rocket-reserver -f s") == [])
    #expect(try bash("rocket-reserver query --file s") == [])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshCompletesFilesAfterPathOptions() throws {
    #expect(try zsh("rocket-reserver -f s") == ["_files "])
    #expect(try zsh("rocket-reserver --cacert c") == ["_files "])
    #expect(try zsh("rocket-reserver query --file q") == ["_files "])
    #expect(try zsh("rocket-reserver --data-dir d") == ["_files -/"])
  }

  @Test func theManualPageRendersWithoutWarnings() throws {
    let result = try run(
      "/bin/sh", [],
      "rocket-reserver man > page.1 && MANWIDTH=80 man --warnings -l page.1 && rm page.1")
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    #expect(result.standardOutput.contains("ROCKET-RESERVER(1)"))
    // Every command is on it.
    #expect(result.standardOutput.contains("launches [--page-size N]"))
    #expect(result.standardOutput.contains("completion SHELL"))
    // Every exit status, the outbox's 75 among them.
    let statuses = result.standardOutput.components(separatedBy: "EXIT STATUS").last ?? ""
    for status in ["0", "1", "2", "66", "69", "74", "75", "77", "78"] {
      #expect(statuses.contains("       \(status)"), "status \(status) on the manual page")
    }
    #expect(statuses.contains("queued in the outbox"))
  }
}
