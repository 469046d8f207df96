package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

const healthUsage = `usage: arbiter health [--addr HOST:PORT] [--service NAME] [--timeout 5s] [TLS flags]

Asks a running arbiter (or any gRPC server) for its health over grpc.health.v1 and
exits 0 when it answers SERVING, 1 otherwise (NOT_SERVING while it drains, no answer,
bad flags). For container health checks where there is no shell or grpcurl, such as the
distroless image of the Dockerfile. It prints the status, or why there is none.

Flags:
`

func runHealth(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("health", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envDefault("ARBITER_GRPC_ADDR", "127.0.0.1:50051"), "gRPC address of the server ($ARBITER_GRPC_ADDR)")
	service := fs.String("service", "", `service to ask about ("" is the whole server)`)
	timeout := fs.Duration("timeout", 5*time.Second, "time limit for the answer")
	useTLS := fs.Bool("tls", false, "connect over TLS (implied by the other --tls flags)")
	ca := fs.String("tls-ca", "", "PEM CA bundle to verify the server with (default: the system's)")
	serverName := fs.String("tls-server-name", "", "name to verify the server certificate against (default: the host of --addr)")
	cert := fs.String("tls-cert", "", "PEM client certificate, for a server that requires one (mutual TLS)")
	key := fs.String("tls-key", "", "PEM private key of --tls-cert")
	fs.Usage = func() { fmt.Fprint(stderr, healthUsage); fs.PrintDefaults() }
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "arbiter health: unexpected argument %q (use --addr)\n", rest[0])
		return exitUsage
	}
	creds := insecure.NewCredentials()
	if *useTLS || *ca != "" || *cert != "" || *key != "" || *serverName != "" {
		tc := &tls.Config{ServerName: *serverName, MinVersion: tls.VersionTLS12}
		if *ca != "" {
			pem, err := os.ReadFile(*ca)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter health:", err)
				return exitUsage
			}
			tc.RootCAs = x509.NewCertPool()
			if !tc.RootCAs.AppendCertsFromPEM(pem) {
				fmt.Fprintf(stderr, "arbiter health: --tls-ca %s: no PEM certificate in the file\n", *ca)
				return exitUsage
			}
		}
		if *cert != "" || *key != "" {
			kp, err := tls.LoadX509KeyPair(*cert, *key)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter health: client certificate:", err)
				return exitUsage
			}
			tc.Certificates = []tls.Certificate{kp}
		}
		creds = credentials.NewTLS(tc)
	}
	conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		fmt.Fprintf(stderr, "arbiter health: --addr %q: %v\n", *addr, err)
		return exitUsage
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{Service: *service})
	if err != nil {
		fmt.Fprintf(stderr, "arbiter health: %s: %v\n", *addr, err)
		return exitUsage
	}
	fmt.Fprintln(stdout, resp.GetStatus())
	if resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		return exitUsage
	}
	return exitOK
}
