package server

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
)

// TLSFiles names the PEM files of the gRPC port's TLS setup.
type TLSFiles struct {
	// Cert and Key are the server's certificate chain and private key; both or neither.
	Cert, Key string
	// ClientCA, when set, turns on mutual TLS: every client must present a certificate
	// signed by one of these CAs, else the handshake fails. It needs Cert and Key.
	ClientCA string
}

// Enabled reports whether any TLS file is named.
func (f TLSFiles) Enabled() bool { return f.Cert != "" || f.Key != "" || f.ClientCA != "" }

// Config loads the files into a server TLS configuration (TLS 1.2 or later; with
// ClientCA, client certificates required and verified). Errors name the file at fault.
func (f TLSFiles) Config() (*tls.Config, error) {
	if f.Cert == "" || f.Key == "" {
		return nil, errors.New("TLS needs both a certificate (--tls-cert) and its key (--tls-key)")
	}
	cert, err := tls.LoadX509KeyPair(f.Cert, f.Key)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate %s with key %s: %w", f.Cert, f.Key, err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	if f.ClientCA != "" {
		pem, err := os.ReadFile(f.ClientCA)
		if err != nil {
			return nil, fmt.Errorf("TLS client CA: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("TLS client CA %s: no PEM certificate in the file", f.ClientCA)
		}
		cfg.ClientCAs = pool
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
	}
	return cfg, nil
}
