import CMicroHTTPD

// libmicrohttpd's callbacks: each reaches the `ServerCore` (or a stream's `StreamContext`) passed
// as its `cls` and forwards the call.

/// libmicrohttpd's accept policy: a connection beyond the ordinary limit is closed at once (it
/// would otherwise take a long-lived connection's slot).
let serverAcceptPolicy: MHD_AcceptPolicyCallback = { cls, _, _ in
  guard let cls else { return cmhd_no() }
  let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
  return core.connections.admitsOrdinary(limit: core.configuration.connectionLimit) ? cmhd_yes() : cmhd_no()
}

let serverAccessHandler: MHD_AccessHandlerCallback = {
  cls, connection, url, method, version, uploadData, uploadDataSize, requestSlot in
  guard let cls, let connection, let uploadDataSize, let requestSlot else { return cmhd_no() }
  return Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().handle(
    connection: connection, url: url, method: method, version: version, uploadData: uploadData,
    uploadDataSize: uploadDataSize, requestSlot: requestSlot)
}

let serverCompletionHandler: MHD_RequestCompletedCallback = { cls, connection, requestSlot, _ in
  guard let cls, let requestSlot else { return }
  Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().complete(
    connection: connection, requestSlot: requestSlot)
}

let serverConnectionHandler: MHD_NotifyConnectionCallback = { cls, connection, _, code in
  guard let cls, let connection else { return }
  let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
  let socket = cmhd_connection_fd(connection)
  if cmhd_notify_opened(code) != 0 {
    // The address is looked up only when connections are counted per address.
    let address = core.connections.probeOnlyBeyond == nil ? nil : ServerCore.clientAddress(connection)
    core.connections.opened(socket, address: address)
  } else {
    core.connectionClosed(socket)
  }
}

let streamedBodyReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
  guard let cls, let buffer else { return cmhd_reader_end_with_error() }
  let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
  let count = context.body.read(into: buffer, max: max)
  if count > 0 { context.core.metrics?.sentBytes.add(Int(count)) }
  return count
}

let streamedBodyRelease: MHD_ContentReaderFreeCallback = { cls in
  guard let cls else { return }
  let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
  context.core.streamReleased(context.body)
}

/// The 101 went out and the socket is ours (through `urh`).
let upgradeHandler: MHD_UpgradeHandler = { cls, _, _, extraIn, extraInSize, socket, urh in
  guard let cls, let urh else { return }
  let extra: [UInt8] =
    if let extraIn, extraInSize > 0 {
      UnsafeRawBufferPointer(start: extraIn, count: extraInSize).map { $0 }
    } else { [] }
  Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().upgraded(
    socket: Int32(socket), upgrade: urh, extraInput: extra)
}
