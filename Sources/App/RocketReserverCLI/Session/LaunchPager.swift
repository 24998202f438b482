import CommandLineKit
import RocketClient

/// The walk of the `launches` connection: the hosted tutorial server's cursors are launch dates,
/// which collide, so its `after:` can return a page already seen; ``CursorPager`` stops there.
typealias LaunchPager<Launch: Sendable> = CursorPager<Launch, RocketClientError>

/// One page of the `launches` connection.
typealias LaunchPage<Launch: Sendable> = CursorPage<Launch>
