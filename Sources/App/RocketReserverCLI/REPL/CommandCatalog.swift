/// The commands the program offers; add new commands to `all`.
public enum CommandCatalog {
  /// Every command, in any order (the registry sorts them).
  public static var all: [any Command] {
    [
      HelpCommand(), QuitCommand(), LaunchesCommand(), MoreCommand(), LaunchCommand(), LoginCommand(),
      LogoutCommand(), WhoamiCommand(), TripsCommand(), BookCommand(), CancelCommand(), TotalCommand(),
      SchemaCommand(), ServeCommand(), QueryCommand(), WatchCommand(), CacheCommand(),
      VersionCommand(), CompletionCommand(), ManualCommand(), AuthCommand(), ConnectCommand(), ProbeCommand(),
      OutboxCommand(), EditCommand(), EveryCommand(), TimingCommand(), PatchCommand(),
    ]
  }

  /// A registry of `all`.
  public static var registry: CommandRegistry { CommandRegistry(all) }
}
