package web

import (
	"context"
	"math"
	"net"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"
)

// inProcessBuffer is the size of the in-memory pipe between the gateway and the server.
const inProcessBuffer = 1 << 20

// InProcess serves gs on an in-memory listener and returns a client connection to it,
// for the gateway. Calls over it take the same path as calls from the network: gs's
// interceptors, limits and metrics apply, and gs.GracefulStop or gs.Stop ends the
// listener with the others. gs must be a server without transport credentials (the pipe
// never leaves the process); call Close on the connection when done.
//
// Why not the gateway's RegisterXxxHandlerServer, which calls the service methods
// directly: it bypasses every gRPC interceptor, so HTTP requests would escape the
// metrics, the request timeout, the panic recovery and the drain logic.
func InProcess(gs *grpc.Server) (*grpc.ClientConn, error) {
	lis := bufconn.Listen(inProcessBuffer)
	go gs.Serve(lis) //nolint:errcheck // ends when gs stops
	conn, err := grpc.NewClient("passthrough:///arbiter-in-process",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		// The server bounds what it sends (its own limits); the gateway takes all of it.
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(math.MaxInt32)),
	)
	if err != nil {
		lis.Close()
		return nil, err
	}
	return conn, nil
}
