import RocketReserverAPI

/// Login emails follow the API's rule, which the client checks too: it lives with the API's
/// contract (`RocketReserverAPI`), and the store keys accounts by it.
public typealias EmailAddress = RocketReserverAPI.EmailAddress
