package server

import (
	"fmt"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	_ "google.golang.org/grpc/encoding/proto" // registers the "proto" codec wrapped here
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"
)

// decodeErrors is the server's codec: the standard proto codec, except that a body it
// cannot decode (a malformed message, a string field with invalid UTF-8) is not an error
// at the codec. gRPC would report that as Internal before any interceptor runs, so it
// would be neither counted in grpc_server_handled_total nor logged. Instead the message
// is left empty and the error is kept, keyed by the message; the interceptors take it
// back (take) for the request they were given and fail the call with InvalidArgument,
// counted and logged like any other bad request.
type decodeErrors struct {
	pending sync.Map // proto.Message -> error
}

func (c *decodeErrors) codec() encoding.CodecV2 { return encoding.GetCodecV2("proto") }

func (c *decodeErrors) Name() string { return "proto" }

func (c *decodeErrors) Marshal(v any) (mem.BufferSlice, error) { return c.codec().Marshal(v) }

func (c *decodeErrors) Unmarshal(data mem.BufferSlice, v any) error {
	err := c.codec().Unmarshal(data, v)
	if err == nil {
		return nil
	}
	m, ok := v.(proto.Message)
	if !ok {
		return err
	}
	proto.Reset(m)
	c.pending.Store(m, err)
	return nil
}

// take returns the status for a request message the codec could not decode, or nil.
func (c *decodeErrors) take(req any) error {
	if req == nil {
		return nil
	}
	err, ok := c.pending.LoadAndDelete(req)
	if !ok {
		return nil
	}
	return fieldStatus(codes.InvalidArgument, "body", reasonMalformedBody,
		fmt.Sprintf("the request message cannot be decoded as %T: %v", req, err.(error)), nil)
}
