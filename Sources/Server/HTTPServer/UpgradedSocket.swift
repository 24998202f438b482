import CMicroHTTPD

/// A socket libmicrohttpd handed over after a `101`, with the bytes that came after the head;
/// `close` is the one way to end it (and give its long-lived slot back).
///
/// `@unchecked Sendable`: the handle is used once, by `close`, on the thread that owns the socket.
package struct UpgradedSocket: @unchecked Sendable {
  package let descriptor: Int32
  /// Bytes libmicrohttpd read past the request head, which belong to the new protocol.
  package let extraInput: [UInt8]
  private let handle: OpaquePointer
  private let core: ServerCore

  init(descriptor: Int32, extraInput: [UInt8], handle: OpaquePointer, core: ServerCore) {
    self.descriptor = descriptor
    self.extraInput = extraInput
    self.handle = handle
    self.core = core
  }

  /// Closes the socket; call it exactly once.
  package func close() {
    core.upgradedClosed(descriptor)
    cmhd_upgrade_close(handle)
  }
}
