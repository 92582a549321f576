import CoinsKit

await CoinsCLI.main()
