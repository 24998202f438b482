import Glibc
import RocketReserverCLI

let status = await RocketReserverMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
