module gqlparser-peer
