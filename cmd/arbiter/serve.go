package main

import (
	"context"
	"fmt"
	"io"
)

// runServe is replaced by the gRPC server (issue 6); until then it says so.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "arbiter serve: the server is not built into this binary yet")
	return exitUsage
}
