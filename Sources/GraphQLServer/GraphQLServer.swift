/// GraphQL over HTTP on libmicrohttpd. It knows nothing of launches.
public enum GraphQLServerModule {}
