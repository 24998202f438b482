/// A small Swift face on SQLite: connections, prepared statements and transactions as values,
/// errors as Swift errors, C pointers kept inside this module.
public enum SQLiteLibrary {}
