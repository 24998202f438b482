import CEditLine
import Foundation
import Testing

@Suite struct EditLineShimTests {
  @Test func historySavesAndLoadsEntries() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shim-history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("history").path

    let writer = try #require(history_init())
    defer { history_end(writer) }
    #expect(cel_hist_setsize(writer, 100) >= 0)
    #expect(cel_hist_enter(writer, "launches") >= 0)
    #expect(cel_hist_enter(writer, "book 42 ünïcode") >= 0)
    #expect(cel_hist_count(writer) == 2)
    #expect(cel_hist_save(writer, path) >= 0)

    let reader = try #require(history_init())
    defer { history_end(reader) }
    #expect(cel_hist_setsize(reader, 100) >= 0)
    #expect(cel_hist_load(reader, path) >= 0)
    #expect(cel_hist_count(reader) == 2)
    let newest = try #require(cel_hist_entry(reader, 0))
    let oldest = try #require(cel_hist_entry(reader, 1))
    #expect(String(cString: newest) == "book 42 ünïcode")
    #expect(String(cString: oldest) == "launches")
  }
}
