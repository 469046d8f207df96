// Package apiconv is the only mapping between the domain packages (xiangqi, notation,
// arbiter) and the protobuf messages of arbiter.v1. The gRPC server and the CLI's
// `judge --json` both use it, so the service and the command line describe a ruling
// with the same message.
//
// The domain enums (arbiter.Nature, Verdict, Result, ...) are numbered like their proto
// counterparts by design; the mapping still goes through small explicit functions so
// that a renumbering on either side is caught by the tests instead of silently
// changing the API.
//
// Input parsing (ParseHistory, CheckPolicy, LookupRuleset) reports problems as
// *FieldError values that name the offending request field ("fen", "moves[17]",
// "ruleset", "policy.loss_at_occurrence"), ready to become google.rpc.BadRequest
// field violations or CLI messages.
package apiconv
