/// The commands the program offers; add new commands to `all`.
public enum CommandCatalog {
  /// Every command, in any order (the registry sorts them).
  public static var all: [any Command] {
    [HelpCommand(), QuitCommand()]
  }

  /// A registry of `all`.
  public static var registry: CommandRegistry { CommandRegistry(all) }
}
