/// The client: transports, auth header, credential store and error model.
public enum RocketClientModule {}
