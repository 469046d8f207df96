package main

import (
	"errors"
	"strings"

	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// fileHint returns what to do about a file a command could not read as games (err may be
// nil when the file read fine but held no games), prefixed with "; ", or "".
func fileHint(name string, err error, command string) string {
	var be *pgn.BinaryError
	switch {
	case errors.As(err, &be) && strings.Contains(be.Kind, "compressed"):
		return "; " + command + " reads game records (decompress it first) and .tsv.gz databases"
	case errors.As(err, &be) && strings.Contains(be.Kind, "archive"):
		return "; " + command + " reads game records (unpack the archive first)"
	case errors.As(err, &be):
		return "; " + command + " reads game records: PGN, XQF, DhtmlXQ, CBR, CBL, CBF"
	}
	return ""
}

// fenHint returns a hint for a start position rejected only because a piece stands on
// a point it can never reach, which --relaxed-fen accepts; "" otherwise.
func fenHint(err error) string {
	var fe *xiangqi.FENError
	if errors.As(err, &fe) && strings.Contains(fe.Reason, "can never reach") {
		return " (--relaxed-fen accepts pieces on such points, as some databases have them)"
	}
	return ""
}
