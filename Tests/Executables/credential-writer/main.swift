// A test fixture for FileCredentialStore: saves credentials from a separate process, so tests
// can kill a writer at random moments or run it under a different umask.
//
//   credential-writer loop FILE ENDPOINT EMAIL_A TOKEN_A EMAIL_B TOKEN_B
//       saves A, prints "ready", then saves B, A, B, ... until killed.
//   credential-writer save FILE ENDPOINT EMAIL TOKEN [UMASK_OCTAL]
//       sets the umask (if given), saves once and exits.
import Foundation
import RocketClient
import RocketReserverCLI

/// Writes one line to standard error, unbuffered.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("credential-writer: \(message)\n".utf8))
}

/// Prints `message` to standard error and exits with status 2.
func fail(_ message: String) -> Never {
  printError(message)
  exit(2)
}

/// Saves, turning a failure into exit status 1 with the error's message.
func save(_ store: FileCredentialStore, _ credential: Credential) {
  do {
    try store.save(credential)
  } catch {
    printError("\(error)")
    exit(1)
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "loop" where arguments.count == 7:
  let store = FileCredentialStore(path: arguments[1])
  let first = Credential(endpoint: arguments[2], email: arguments[3], token: arguments[4])
  let second = Credential(endpoint: arguments[2], email: arguments[5], token: arguments[6])
  save(store, first)
  // Unbuffered, so the test sees it while the loop runs.
  FileHandle.standardOutput.write(Data("ready\n".utf8))
  while true {
    save(store, second)
    save(store, first)
  }
case "save" where arguments.count == 5 || arguments.count == 6:
  if arguments.count == 6 {
    guard let mask = mode_t(arguments[5], radix: 8) else { fail("bad umask \(arguments[5])") }
    umask(mask)
  }
  save(
    FileCredentialStore(path: arguments[1]),
    Credential(endpoint: arguments[2], email: arguments[3], token: arguments[4]))
default:
  fail(
    "usage: credential-writer loop FILE ENDPOINT EMAIL_A TOKEN_A EMAIL_B TOKEN_B | save FILE ENDPOINT EMAIL TOKEN [UMASK]"
  )
}
