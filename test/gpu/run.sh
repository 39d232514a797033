#!/bin/sh
# Runs a program as a test (for forced.sh, which runs scripts).
#   run.sh PROGRAM [ARGS...]
"$@"
