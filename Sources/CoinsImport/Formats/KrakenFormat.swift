/// Kraken: the ledgers (every balance change) or the trades export, told apart by the header.
enum KrakenFormat {
  static let format = ImportFormat(
    "kraken", "Kraken ledgers or trades", KrakenLedgerFormat.versions + KrakenTradesFormat.versions)
}
