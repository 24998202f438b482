/// Defer And Stream Directive Labels Are Unique (graphql-js 17, incremental delivery RFC)
///
/// "For every `@defer` and `@stream` directive with a `label` argument, the label must be a static
/// string and unique among all the labels of the document."
final class DeferStreamDirectiveLabelRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDirective] }
  override class var isReusable: Bool { true }
  override func reset() {
    knownLabels = [:]
  }

  /// The first directive to use each label.
  private var knownLabels: [String: Directive] = [:]

  func enterDirective(_ node: Directive, location: DirectiveLocation?) {
    let name = node.name.value
    guard name == "defer" || name == "stream",
      let label = node.arguments.first(where: { $0.name.value == "label" })
    else { return }
    switch label.value {
    case .null: return
    case .string(let value, _, _):
      if let first = knownLabels.existing(at: value, orInsert: node) {
        context.report(
          "Defer/Stream directive label argument must be unique.", nodes: [first.range, node.range])
      }
    default:
      context.report(
        "\(name == "defer" ? "Defer" : "Stream") directive label argument must be a static string.",
        nodes: [node.range])
    }
  }
}

extension ValidationRule {
  /// `@defer` and `@stream` labels are static strings, each used once in the document.
  public static let deferStreamDirectiveLabel = ValidationRule(DeferStreamDirectiveLabelRule.self)
}
