import CoinsCommandLine

CoinsCLI.main()
