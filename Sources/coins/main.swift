import CoinsCommandLine

await CoinsCLI.main()
