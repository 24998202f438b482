import CommandLineKit
import FoundationEssentials
import TerminalImages

#if canImport(Glibc)
  import Glibc
#endif

/// Draws a mission patch under a command's text, where the terminal can.
///
/// Only on a terminal, for the text format (never `--json` or a row format), and not with
/// `--no-images`, `NO_IMAGES` or the config file's `images = off`. The terminal's way of drawing
/// comes from ``TerminalGraphicsQuery``; the image from ``PatchImageSource``. A patch that cannot
/// be had or drawn costs one warning line on standard error: the command still succeeds.
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
  /// terminal can draw them; else nothing (the URL is already in the text).
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
      warn(error.message)
      return
    }
    guard
      let picture = image.render(
        as: graphics, columns: columns, rows: rows, cell: Terminal.cellSize(of: STDOUT_FILENO))
    else {
      warn("cannot draw it: \(DecodedImage.rendererProblem ?? "libchafa failed")")
      return
    }
    context.output.write(String(decoding: picture.bytes, as: UTF8.self) + "\n")
  }

  private func warn(_ problem: String) {
    context.output.writeError(
      context.errorPrefix
        + context.errorStyle.warning("mission patch not shown: " + TerminalText.safe(problem))
        + "\n")
  }
}
