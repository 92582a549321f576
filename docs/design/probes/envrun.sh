#!/bin/sh
# envrun.sh VAR=VAL... -- cmd
exec env "$@"
