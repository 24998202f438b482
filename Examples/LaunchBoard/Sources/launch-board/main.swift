// launch-board ENDPOINT: prints the three newest launches, then books trips as
// board@example.com and prints the first booking the server's subscription reports.
// launch-board ENDPOINT COUNT: prints the COUNT newest launches only (or why there are none).
import Foundation
import LaunchBoard

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3, let endpoint = URL(string: arguments[1]),
  arguments.count == 2 || Int(arguments[2]) != nil
else {
  fail("usage: launch-board ENDPOINT [COUNT]", status: 2)
}
let board = LaunchBoard(endpoint: endpoint)
do {
  if arguments.count == 3, let count = Int(arguments[2]) {
    for line in try await board.lines(first: count) { print(line) }
    exit(0)
  }
  for line in try await board.lines(first: 3) { print(line) }
  let change = try await board.firstBooking(
    email: "board@example.com", launchIDs: ["110", "109", "108", "107"])
  print("bookings: \(change > 0 ? "+" : "")\(change)")
} catch {
  fail("launch-board: \(error)", status: 1)
}
