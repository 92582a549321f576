import CoinsCommandLine
import CoinsCurlTransport

// The executable wires the network in: libcurl, opened on the first request (or loaded ahead
// when one is likely); nothing else knows which transport it is.
CoinsCLI.main(
  network: NetworkAccess(
    makeTransport: { CurlTransport(environment: $0) },
    warmUp: { CurlTransport.warmUp(libraryPath: $0["COINS_LIBCURL"]) }))
