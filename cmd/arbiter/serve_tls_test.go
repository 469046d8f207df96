package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// pki is a throw-away CA with a server and a client certificate, written as PEM files.
type pki struct {
	dir                                                  string
	caPEM                                                []byte
	caFile, serverCert, serverKey, clientCert, clientKey string
	pool                                                 *x509.CertPool
	client                                               tls.Certificate
}

func newPKI(t *testing.T) *pki {
	t.Helper()
	p := &pki{dir: t.TempDir()}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "arbiter test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	p.caPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER})
	p.caFile = p.write(t, "ca.pem", p.caPEM)
	p.pool = x509.NewCertPool()
	p.pool.AddCert(ca)
	leaf := func(name string, serial int64, usage x509.ExtKeyUsage) (certFile, keyFile string, pair tls.Certificate) {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{usage},
			DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
		if err != nil {
			t.Fatal(err)
		}
		kder, err := x509.MarshalECPrivateKey(key)
		if err != nil {
			t.Fatal(err)
		}
		certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
		keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder})
		pair, err = tls.X509KeyPair(certPEM, keyPEM)
		if err != nil {
			t.Fatal(err)
		}
		return p.write(t, name+".pem", certPEM), p.write(t, name+"-key.pem", keyPEM), pair
	}
	p.serverCert, p.serverKey, _ = leaf("server", 2, x509.ExtKeyUsageServerAuth)
	p.clientCert, p.clientKey, p.client = leaf("client", 3, x509.ExtKeyUsageClientAuth)
	return p
}

func (p *pki) write(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(p.dir, name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// serveTLS runs `arbiter serve` with args until the test ends and returns its address.
func serveTLS(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var logs lockedBuffer
	done := make(chan int)
	go func() {
		done <- runServe(ctx, append([]string{"--grpc-addr", "127.0.0.1:0", "--metrics-addr", "off", "--drain-timeout", "1s"}, args...), io.Discard, &logs)
	}()
	t.Cleanup(func() { cancel(); <-done })
	addr, _ := servingAddrs(t, &logs)
	return addr
}

// call makes one ListRulesets call with creds and returns its error.
func call(t *testing.T, addr string, creds credentials.TransportCredentials) error {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = arbiterv1.NewArbiterServiceClient(conn).ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{})
	return err
}

// issue 9, finding 9: TLS and mutual TLS on the gRPC port.
func TestServeTLS(t *testing.T) {
	p := newPKI(t)
	t.Run("tls", func(t *testing.T) {
		addr := serveTLS(t, "--tls-cert", p.serverCert, "--tls-key", p.serverKey)
		if err := call(t, addr, credentials.NewTLS(&tls.Config{RootCAs: p.pool})); err != nil {
			t.Errorf("TLS client: %v", err)
		}
		if err := call(t, addr, insecure.NewCredentials()); err == nil {
			t.Error("a plaintext client got an answer from a TLS server")
		}
		if err := call(t, addr, credentials.NewTLS(&tls.Config{})); err == nil {
			t.Error("a client that does not trust the CA got an answer")
		}
		if code := run(context.Background(), []string{"health", "--addr", addr, "--tls-ca", p.caFile}, nil, io.Discard, io.Discard); code != exitOK {
			t.Errorf("arbiter health over TLS: exit %d", code)
		}
	})
	t.Run("mutual", func(t *testing.T) {
		// From the environment, as a container would set it.
		t.Setenv("ARBITER_TLS_CERT", p.serverCert)
		t.Setenv("ARBITER_TLS_KEY", p.serverKey)
		t.Setenv("ARBITER_TLS_CLIENT_CA", p.caFile)
		addr := serveTLS(t)
		if err := call(t, addr, credentials.NewTLS(&tls.Config{RootCAs: p.pool, Certificates: []tls.Certificate{p.client}})); err != nil {
			t.Errorf("client with a certificate: %v", err)
		}
		if err := call(t, addr, credentials.NewTLS(&tls.Config{RootCAs: p.pool})); err == nil {
			t.Error("a client without a certificate got an answer")
		}
		if err := call(t, addr, insecure.NewCredentials()); err == nil {
			t.Error("a plaintext client got an answer")
		}
		health := []string{"health", "--addr", addr, "--tls-ca", p.caFile}
		if code := run(context.Background(), health, nil, io.Discard, io.Discard); code == exitOK {
			t.Error("arbiter health without a client certificate passed")
		}
		health = append(health, "--tls-cert", p.clientCert, "--tls-key", p.clientKey)
		if code := run(context.Background(), health, nil, io.Discard, io.Discard); code != exitOK {
			t.Errorf("arbiter health with a client certificate: exit %d", code)
		}
	})
	t.Run("bad setup", func(t *testing.T) {
		for name, args := range map[string][]string{
			"cert without key": {"--tls-cert", p.serverCert},
			"client CA only":   {"--tls-client-ca", p.caFile},
		} {
			var stderr lockedBuffer
			if code := runServe(context.Background(), args, io.Discard, &stderr); code != exitUsage {
				t.Errorf("%s: exit %d, want %d: %s", name, code, exitUsage, stderr.String())
			}
		}
		var stderr lockedBuffer
		args := []string{"--grpc-addr", "127.0.0.1:0", "--metrics-addr", "off", "--tls-cert", p.serverCert, "--tls-key", p.caFile}
		if code := runServe(context.Background(), args, io.Discard, &stderr); code != exitInput {
			t.Errorf("mismatched key: exit %d, want %d: %s", code, exitInput, stderr.String())
		}
	})
}

// With TLS on the gRPC port the HTTP port is HTTPS with the same certificate and, under
// mutual TLS, the same client certificate requirement: the HTTP/JSON API is the same
// service and must not be open in clear beside it.
func TestServeHTTPTLS(t *testing.T) {
	p := newPKI(t)
	ctx, cancel := context.WithCancel(context.Background())
	var logs lockedBuffer
	done := make(chan int)
	go func() {
		done <- runServe(ctx, []string{"--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--metrics-addr", "off",
			"--drain-timeout", "1s", "--tls-cert", p.serverCert, "--tls-key", p.serverKey, "--tls-client-ca", p.caFile}, io.Discard, &logs)
	}()
	t.Cleanup(func() { cancel(); <-done })
	addr := httpAddr(t, &logs)
	get := func(scheme string, tc *tls.Config) (int, error) {
		t.Helper()
		c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: tc}}
		resp, err := c.Get(scheme + "://" + addr + "/v1/rulesets")
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	if code, err := get("https", &tls.Config{RootCAs: p.pool, Certificates: []tls.Certificate{p.client}}); err != nil || code != http.StatusOK {
		t.Errorf("HTTPS with a client certificate: %d %v, want 200", code, err)
	}
	if code, err := get("https", &tls.Config{RootCAs: p.pool}); err == nil {
		t.Errorf("HTTPS without a client certificate answered %d", code)
	}
	if code, err := get("http", nil); err == nil && code == http.StatusOK {
		t.Error("plain HTTP got the API from a TLS server")
	}
}
