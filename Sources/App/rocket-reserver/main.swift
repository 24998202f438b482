import RocketReserverCLI

#if canImport(Glibc)
  import Glibc
#endif

let status = await RocketReserverMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
