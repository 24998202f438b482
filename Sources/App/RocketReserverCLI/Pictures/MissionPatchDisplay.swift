import CommandLineKit
import FoundationEssentials
import Glibc
import TerminalImages

/// Draws a mission patch under a command's text: only on a terminal, for the text format, and not
/// with `--no-images`, `NO_IMAGES` or `images = off`. A patch that cannot be had or drawn costs
/// one warning line on standard error: the command still succeeds.
struct MissionPatchDisplay {
  /// The cells a patch may take under `launch`.
  static let launchSize = (columns: 24, rows: 12)

  let context: CommandContext

  /// Whether this command's output may carry a picture.
  var isEnabled: Bool {
    context.outputIsTerminal && context.format == .table && !context.environment.options.noImages
      && (context.environment.variables["NO_IMAGES"] ?? "").isEmpty
  }

  /// Draws the patch at `url` in at most `columns` x `rows` cells, if pictures are on and the
  /// terminal can; else nothing (the URL is already in the text).
  func draw(_ url: String?, columns: Int, rows: Int) async {
    guard isEnabled, let url, let location = URL(string: url),
      let graphics = TerminalGraphicsQuery.graphics(environment: context.environment.variables)
    else { return }
    let source = PatchImageSource(
      directories: context.environment.directories,
      requests: context.session?.requestOptions ?? RequestOptions())
    let image: DecodedImage
    do throws(PatchImageError) {
      image = try await context.withSpinner("Fetching the mission patch") { () throws(PatchImageError) in
        try await source.image(at: location)
      }
    } catch {
      context.warn("mission patch not shown: " + TerminalText.safe(error.message))
      return
    }
    guard
      let picture = image.render(
        as: graphics, columns: columns, rows: rows, cell: Terminal.cellSize(of: STDOUT_FILENO))
    else {
      let problem = "cannot draw it: \(DecodedImage.rendererProblem ?? "libchafa failed")"
      context.warn("mission patch not shown: " + TerminalText.safe(problem))
      return
    }
    context.output.write(String(decoding: picture.bytes, as: UTF8.self) + "\n")
  }
}
