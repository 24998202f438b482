import CommandLineKit
import Foundation
import Testing

@testable import RocketReserverCLI

/// The history file handling, in process (libedit works without a terminal).
@Suite struct LineEditorHistoryTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func entriesAreSavedAndReloadedButOnlyWhenAdded() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("a/b/history").path
    var warnings: [String] = []
    do {
      let editor = try LineEditor(historyPath: path, warn: { warnings.append($0) })
      editor.addToHistory("help")
      editor.addToHistory("help")  // H_SETUNIQUE drops the repeat
      editor.addToHistory("  ")
      editor.addToHistory("book 42 ünï")
      #expect(editor.historyEntries == ["help", "book 42 ünï"])
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("a").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    let reloaded = try LineEditor(historyPath: path, warn: { warnings.append($0) })
    #expect(reloaded.historyEntries == ["help", "book 42 ünï"])
    #expect(warnings.isEmpty)
  }

  @Test func aFailedSaveWarnsOnceAndNeverCrashes() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("history").path
    var warnings: [String] = []
    let editor = try LineEditor(historyPath: path, warn: { warnings.append($0) })
    editor.addToHistory("one")
    // Something that cannot be replaced by rename(2), even by root: a non-empty directory.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path + "/keep", withIntermediateDirectories: true)
    editor.addToHistory("two")
    editor.addToHistory("three")
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("cannot save history file \(path)") == true)
    #expect(FileManager.default.fileExists(atPath: path + "/keep"))
    // No temporary file is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["history"])
  }

  @Test func anUnusableDirectoryWarnsAndKeepsHistoryInMemory() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let blocker = root.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    var warnings: [String] = []
    let editor = try LineEditor(historyPath: blocker.path + "/history", warn: { warnings.append($0) })
    editor.addToHistory("help")
    #expect(editor.historyEntries == ["help"])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("history will not be saved") == true)
  }
}
