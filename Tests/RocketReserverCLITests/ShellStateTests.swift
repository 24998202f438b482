import Testing

@testable import RocketReserverCLI

/// Where `more` continues is the shell's, not the session's: it stays across commands on one
/// session and starts afresh when `connect` switches to another.
@Suite struct ShellStateTests {
  @Test func theWalkIsTheShellsAndConnectStartsItAfresh() {
    // Making a session touches no file: the database opens with the first request.
    let current = CurrentSession(
      Session(endpoint: nil, databasePath: "/nonexistent/backend.sqlite", credentials: nil))
    let context = CommandContext(registry: CommandCatalog.registry)
    #expect(context.shell.pagingPageSize == nil)
    current.shell.startPaging(pageSize: 3)
    #expect(current.shell.pagingPageSize == 3)
    let previous = current.replace(
      with: Session(endpoint: nil, databasePath: "/nonexistent/other.sqlite", credentials: nil))
    previous?.close()
    #expect(current.shell.pagingPageSize == nil)
  }
}
