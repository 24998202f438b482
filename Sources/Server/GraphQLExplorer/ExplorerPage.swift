/// The explorer's files, built once from the embedded sources: the page, a first script that asks
/// for the schema at once, one script (CodeMirror, add-ons, the explorer) and one style sheet.
enum ExplorerPage {
  /// Where versioned assets are served: `/explorer/NAME.VERSION.EXT`.
  static let assetPrefix = "/explorer/"

  static let script = ExplorerAsset(
    contentType: "text/javascript; charset=utf-8",
    text: [
      EmbeddedResources.codeMirrorJS, EmbeddedResources.showHintJS, EmbeddedResources.lintJS,
      EmbeddedResources.matchBracketsJS, EmbeddedResources.closeBracketsJS, EmbeddedResources.commentJS,
      EmbeddedResources.graphQLModeJS, EmbeddedResources.explorerJS,
    ].joined(separator: "\n;\n"))

  static let boot = ExplorerAsset(
    contentType: "text/javascript; charset=utf-8", text: EmbeddedResources.explorerBootJS)

  static let styleSheet = ExplorerAsset(
    contentType: "text/css; charset=utf-8",
    text: [
      EmbeddedResources.codeMirrorCSS, EmbeddedResources.showHintCSS, EmbeddedResources.lintCSS,
      EmbeddedResources.explorerCSS,
    ].joined(separator: "\n"))

  static let bootPath = "\(assetPrefix)explorer-boot.\(boot.version).js"
  static let scriptPath = "\(assetPrefix)explorer.\(script.version).js"
  static let styleSheetPath = "\(assetPrefix)explorer.\(styleSheet.version).css"

  /// The page, naming the versioned assets (it is not versioned itself, so it is revalidated).
  static let page = ExplorerAsset(
    contentType: "text/html; charset=utf-8",
    text: EmbeddedResources.explorerHTML
      .replacing("{{BOOT}}", with: bootPath)
      .replacing("{{SCRIPT}}", with: scriptPath)
      .replacing("{{STYLESHEET}}", with: styleSheetPath))

  /// The asset at `path`, or nil.
  static func asset(at path: String) -> ExplorerAsset? {
    switch path {
    case bootPath: boot
    case scriptPath: script
    case styleSheetPath: styleSheet
    default: nil
    }
  }
}
