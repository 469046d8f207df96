package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// errorDomain is the google.rpc.ErrorInfo domain of the errors this service raises.
const errorDomain = "arbiter.v1"

// Reasons (google.rpc.ErrorInfo.reason) beyond the apiconv.Code* ones.
const (
	reasonMissingStart    = "MISSING_GAME_START"
	reasonDuplicateStart  = "DUPLICATE_GAME_START"
	reasonEmptyRequest    = "EMPTY_REQUEST"
	reasonGameOver        = "GAME_OVER"
	reasonTooManyStreams  = "TOO_MANY_STREAMS"
	reasonStreamMemory    = "STREAM_MEMORY_SPENT"
	reasonInvalidNotation = "INVALID_NOTATION"
	reasonInvalidUpto     = "INVALID_UPTO_PLY"
	reasonInvalidArgument = "INVALID_ARGUMENT"
	reasonCaseNotFound    = "CASE_NOT_FOUND"
	reasonNoCasebook      = "NO_CASEBOOK"
	reasonTooManyItems    = "TOO_MANY_ITEMS"
	reasonStreamTimeout   = "STREAM_TIMEOUT"
	reasonDraining        = "DRAINING"
	reasonShutdown        = "SHUTTING_DOWN"
	reasonMalformedBody   = "MALFORMED_MESSAGE"
	reasonTooLarge        = "RESPONSE_TOO_LARGE"
	reasonMixedGames      = "MIXED_GAMES" // Compare over rulesets of different games
)

// maxDescription bounds the text of an error description; echoed input inside it is
// clipped to maxEcho bytes where the server can, and this is the safety net.
const maxDescription = 512

// fieldStatus builds a status with a BadRequest field violation and an ErrorInfo.
// Echoed input (metadata values, the description) is clipped, so that a megabyte-long
// field is not sent back in full.
func fieldStatus(code codes.Code, field, reason, description string, meta map[string]string) error {
	description = clipTo(escapeControls(description), maxDescription)
	field = clip(field)
	st := status.New(code, field+": "+description)
	if meta == nil {
		meta = map[string]string{}
	}
	for k, v := range meta {
		if k != "valid_rulesets" {
			meta[k] = clip(escapeControls(v))
		}
	}
	meta["field"] = field
	st, err := st.WithDetails(
		&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{
			Field: field, Description: description, Reason: reason,
		}}},
		&errdetails.ErrorInfo{Reason: reason, Domain: errorDomain, Metadata: meta},
	)
	if err != nil { // cannot happen with these well-formed details
		return status.Error(code, field+": "+description)
	}
	return st.Err()
}

// invalidField turns a request problem into InvalidArgument. prefix is prepended to the
// field name for nested messages ("start." for a GameStart); rename, when not empty,
// replaces the field (the single move of a stream message).
func invalidField(fe *apiconv.FieldError, prefix, rename string) error {
	field := prefix + fe.Field
	if rename != "" {
		field = rename
	}
	meta := map[string]string{}
	var me *xiangqi.MoveError
	var ue *arbiter.UnknownRulesetError
	var fen *xiangqi.FENError
	var gme *arbiter.MoveError
	switch {
	case errors.As(fe.Err, &me):
		meta["ply"] = strconv.Itoa(me.Ply + 1)
		meta["move"] = me.Text
	case errors.As(fe.Err, &gme):
		meta["ply"] = strconv.Itoa(gme.Ply)
		meta["move"] = gme.Text
		if gme.Code != "" {
			meta["rule"] = gme.Code
		}
	case errors.As(fe.Err, &ue):
		meta["ruleset"] = ue.ID
		meta["valid_rulesets"] = strings.Join(ue.Valid, ",")
	case errors.As(fe.Err, &fen):
		if fen.Rank >= 0 {
			meta["rank"] = strconv.Itoa(fen.Rank)
		}
		if fen.File >= 0 {
			meta["file"] = string(rune('a' + fen.File))
		}
	}
	return fieldStatus(codes.InvalidArgument, field, fe.Code, fe.Reason, meta)
}

// tooLong is the error for a history over the ply limit.
func tooLong(field string, n, limit int) error {
	return fieldStatus(codes.ResourceExhausted, field, apiconv.CodeTooLong,
		fmt.Sprintf("%d plies exceed the server's limit of %d", n, limit),
		map[string]string{"limit": strconv.Itoa(limit)})
}

// domainError maps an error from the domain or apiconv to a status: field errors become
// InvalidArgument; anything else is Internal (a bug), with its text hidden from clients.
func domainError(err error, prefix string) error {
	if fe := apiconv.AsFieldError(err); fe != nil {
		return invalidField(fe, prefix, "")
	}
	return status.Error(codes.Internal, "internal error")
}

// contextError maps a finished context to DeadlineExceeded or Canceled.
func contextError(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return status.FromContextError(err).Err()
	}
	return nil
}

func fieldIndex(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }
