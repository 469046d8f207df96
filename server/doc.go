// Package server implements arbiter.v1.ArbiterService over gRPC. Handlers only decode
// the request (package apiconv), call the domain (packages arbiter and casebook) and
// encode the response; this package is the only place that maps domain errors to gRPC
// status codes:
//
//   - a bad field (FEN, move, ruleset, policy, notation, page token) is InvalidArgument
//     with a google.rpc.BadRequest field violation naming the field ("fen",
//     "moves[17]", "start.policy.loss_at_occurrence", "move") and a google.rpc.ErrorInfo
//     whose reason says what kind of problem it is (INVALID_FEN, INVALID_MOVE,
//     AMBIGUOUS_MOVE, ILLEGAL_MOVE, UNKNOWN_RULESET, INVALID_POLICY, ...);
//   - a history longer than Config.MaxPlies, a request larger than
//     Config.MaxMessageBytes or more open game streams than Config.MaxStreams is
//     ResourceExhausted;
//   - an unknown casebook case is NotFound; a move after the end of a streamed game is
//     FailedPrecondition; a request over Config.RequestTimeout is DeadlineExceeded;
//   - a panic in a handler is recovered, logged with its stack and reported as Internal;
//     the process and the other requests go on.
//
// The server is stateless apart from open PlayGame streams, whose state (an
// xqrules.Session) lives exactly as long as the stream, so replicas can sit behind any
// gRPC load balancer.
//
// Metrics go to a caller-supplied, non-global Prometheus registry: the usual gRPC server
// metrics (grpc_server_started_total, grpc_server_handled_total,
// grpc_server_handling_seconds, grpc_server_msg_received_total,
// grpc_server_msg_sent_total) and the domain metrics arbiter_rulings_total,
// arbiter_active_streams, arbiter_history_plies and arbiter_panics_total.
package server
