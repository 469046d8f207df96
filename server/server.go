package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/picture"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
)

// Server implements arbiter.v1.ArbiterService. Create it with New; it is safe for
// concurrent use.
type Server struct {
	arbiterv1.UnimplementedArbiterServiceServer

	cfg     Config
	reg     *arbiter.Registry
	book    *casebook.Book
	log     *slog.Logger
	m       *metrics
	streams chan struct{} // one token per open game stream
	health  *health.Server
	decode  decodeErrors // bodies the codec could not read, by message

	draining     atomic.Bool  // GracefulStop has begun: new RPCs are refused
	inflight     atomic.Int64 // admitted RPCs still running (health checks aside)
	drainTimeout time.Duration
	stopCtx      context.Context // ends when the drain period is over
	stop         context.CancelFunc
	resets       *resetGuard  // closes connections that cancel RPCs too fast (rapid reset)
	peers        peerStreams  // open game streams per client address
	streamMem    streamMemory // the open streams' footprints, against the stream memory budgets
	replies      *replyPool   // the unary replies computed and not yet sent, over all connections
}

// New returns a server for the rulesets of reg and the cases of book (nil: the casebook
// RPCs fail with FailedPrecondition). Zero limits in cfg take DefaultConfig's values. A
// nil logger discards logs. The metrics are registered on metrics (nil: a private
// registry); registering them twice on one registry is an error.
func New(cfg Config, reg *arbiter.Registry, book *casebook.Book, logger *slog.Logger, metrics *prometheus.Registry) (*Server, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if metrics == nil {
		metrics = prometheus.NewRegistry()
	}
	if reg == nil {
		reg = &arbiter.Registry{}
	}
	m, err := newMetrics(metrics)
	if err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	stopCtx, stop := context.WithCancel(context.Background())
	return &Server{cfg: cfg, reg: reg, book: book, log: logger, m: m,
		streams: make(chan struct{}, cfg.MaxStreams), health: health.NewServer(),
		stopCtx: stopCtx, stop: stop, resets: newResetGuard(cfg.MaxResetsPerConn, cfg.MaxResetsPerPeer), replies: newReplyPool(cfg.MaxUnsentBytes, cfg.MaxUnsentBytesPerPeer)}, nil
}

// Config returns the limits in force.
func (s *Server) Config() Config { return s.cfg }

// Health returns the health service: SERVING for "" and "arbiter.v1.ArbiterService"
// once GRPCServer registered it; call Shutdown on it to report NOT_SERVING while
// draining.
func (s *Server) Health() *health.Server { return s.health }

// Keepalive settings: the server pings a connection silent for keepaliveTime and drops
// it when the ping is not answered within keepaliveTimeout (a peer that vanished); a
// connection without RPCs for maxConnectionIdle is closed (clients reconnect on demand);
// clients may ping at most every minClientPing, with or without open RPCs.
const (
	keepaliveTime     = time.Minute
	keepaliveTimeout  = 20 * time.Second
	maxConnectionIdle = 15 * time.Minute
	minClientPing     = 10 * time.Second
)

// ServerOptions returns the options the service needs: its codec (a body that cannot be
// decoded is InvalidArgument), its interceptors (metrics, logging, drain gate, deadline,
// panic recovery), the message size limit, the per-connection stream limit, keepalive
// enforcement and the handshake timeout.
func (s *Server) ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.ForceServerCodecV2(&s.decode),
		grpc.Creds(s.Credentials(nil)),
		grpc.MaxSendMsgSize(s.cfg.MaxResponseBytes),
		grpc.ChainUnaryInterceptor(s.unaryInterceptors()...),
		grpc.ChainStreamInterceptor(s.streamInterceptors()...),
		grpc.MaxRecvMsgSize(s.cfg.MaxMessageBytes),
		grpc.MaxConcurrentStreams(uint32(s.cfg.MaxStreamsPerConn)),
		grpc.MaxHeaderListSize(uint32(s.cfg.MaxHeaderListBytes)),
		grpc.StatsHandler(s.resets),
		grpc.ConnectionTimeout(s.cfg.HandshakeTimeout),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			Time: keepaliveTime, Timeout: keepaliveTimeout, MaxConnectionIdle: maxConnectionIdle,
		}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: minClientPing, PermitWithoutStream: true}),
	}
}

// GRPCServer returns a gRPC server with ServerOptions (and opts after them) that serves
// the ArbiterService, the health service and reflection.
func (s *Server) GRPCServer(opts ...grpc.ServerOption) *grpc.Server {
	gs := grpc.NewServer(append(s.ServerOptions(), opts...)...)
	arbiterv1.RegisterArbiterServiceServer(gs, s)
	healthpb.RegisterHealthServer(gs, s.health)
	s.health.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	s.health.SetServingStatus(arbiterv1.ArbiterService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	reflection.Register(gs)
	return gs
}

// lookupRuleset finds a ruleset by id, with option overrides. An unknown one is
// InvalidArgument on field, listing the valid ids (an id too long to be one is not
// repeated in full).
func (s *Server) lookupRuleset(field, id string) (arbiter.Ruleset, error) {
	if len(id) > MaxRulesetIDBytes {
		return nil, fieldStatus(codes.InvalidArgument, field, apiconv.CodeUnknownRuleset,
			fmt.Sprintf("a ruleset id of %d bytes is longer than the limit of %d: %s (valid: %s, each with +option=value overrides)",
				len(id), MaxRulesetIDBytes, strconv.Quote(clip(id)), strings.Join(s.reg.IDs(), ", ")),
			map[string]string{"ruleset": id, "valid_rulesets": strings.Join(s.reg.IDs(), ","), "limit": strconv.Itoa(MaxRulesetIDBytes)})
	}
	rs, err := apiconv.Lookup(s.reg, field, id)
	if err != nil {
		return nil, domainError(err, "")
	}
	return rs, nil
}

// Adjudicate rules on one history.
func (s *Server) Adjudicate(ctx context.Context, req *arbiterv1.AdjudicateRequest) (*arbiterv1.AdjudicateResponse, error) {
	rs, err := s.lookupRuleset("ruleset", req.GetRuleset())
	if err != nil {
		return nil, err
	}
	fen, moves, src, err := s.recordHistory(req.GetRecord(), req.GetFen(), req.GetMoves(), req.GetNotation(), rs.Info().Game)
	if err != nil {
		return nil, err
	}
	switch n := int(req.GetUptoPly()); {
	case n < 0:
		return nil, fieldStatus(codes.InvalidArgument, "upto_ply", reasonInvalidUpto,
			fmt.Sprintf("upto_ply %d: want a ply from 1 (0 judges every move)", n), nil)
	case n > 0 && n < len(moves):
		moves = moves[:n] // the record as it stood after ply n
	}
	start, err := s.gameStart("", rs, fen, req.GetDeal(), moves, req.GetNotation(), req.GetPolicy())
	if err != nil {
		return nil, err
	}
	s.m.historyPlies.Observe(float64(len(moves)))
	pics := apiconv.PicturesOf(req)
	if pics.Plies && len(moves) > apiconv.MaxPlyPictures {
		return nil, tooLong("ply_svgs", len(moves), apiconv.MaxPlyPictures)
	}
	if pics.Plies && picture.HasPlyPictures(rs.Info().Game) {
		// Refused before the work when the pictures alone cannot fit in a reply.
		if n := (len(moves) + 1) * minPlyPicture; n > s.cfg.MaxResponseBytes {
			return nil, s.tooLargeAtLeast(n, "at least ")
		}
	}
	resp, err := s.adjudicate(ctx, rs, start, moves, pics)
	if err != nil {
		return nil, err
	}
	resp.Source = src
	return resp, contextError(ctx)
}

// Compare rules on one history under several rulesets of one game. A move one ruleset
// rejects and another accepts is shown side by side; a move every ruleset rejects at
// the same ply is an error of the request.
func (s *Server) Compare(ctx context.Context, req *arbiterv1.CompareRequest) (*arbiterv1.CompareResponse, error) {
	var sets []arbiter.Ruleset
	if len(req.GetRulesets()) == 0 {
		sets = s.reg.Rulebooks()
	}
	seen := map[string]bool{}
	for i, id := range req.GetRulesets() {
		if seen[id] {
			continue // a ruleset named twice is ruled on once
		}
		if len(seen) == s.cfg.MaxRulesets {
			return nil, fieldStatus(codes.InvalidArgument, "rulesets", reasonTooManyItems,
				fmt.Sprintf("more than %d distinct ruleset ids", s.cfg.MaxRulesets),
				map[string]string{"limit": strconv.Itoa(s.cfg.MaxRulesets)})
		}
		seen[id] = true
		field := fieldIndex("rulesets", i)
		rs, err := s.lookupRuleset(field, id)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(sets, func(o arbiter.Ruleset) bool { return o.Info().ID == rs.Info().ID }) {
			continue
		}
		if len(sets) > 0 && sets[0].Info().Game != rs.Info().Game {
			return nil, fieldStatus(codes.InvalidArgument, field, reasonMixedGames,
				"the rulesets of one comparison must belong to the same game (the history is written in one game's notation)", nil)
		}
		sets = append(sets, rs)
	}
	var first arbiter.Ruleset
	game := arbiter.GameXiangqi
	if len(sets) > 0 {
		first, game = sets[0], sets[0].Info().Game
	}
	fen, moves, src, err := s.recordHistory(req.GetRecord(), req.GetFen(), req.GetMoves(), req.GetNotation(), game)
	if err != nil {
		return nil, err
	}
	start, err := s.gameStart("", first, fen, req.GetDeal(), moves, req.GetNotation(), req.GetPolicy())
	if err != nil {
		return nil, err
	}
	s.m.historyPlies.Observe(float64(len(moves)))
	// The answer is bounded before the work (every ruleset reports every ply, and a ply
	// report is at least minPlyReport bytes) and checked after each ruleset, which stops
	// the comparison as soon as the answer is over the limit (issue 29, finding 4: 16
	// chu shogi rulesets over 4,000 plies cost 210 MB before the answer was refused).
	if n := len(sets) * len(moves) * minPlyReport; n > s.cfg.MaxResponseBytes {
		return nil, s.tooLargeAtLeast(n, "at least ")
	}
	size := 0
	out := &arbiterv1.CompareResponse{}
	var firstErr error
	firstField, rejectedAll := "", true
	for _, rs := range sets {
		if err := contextError(ctx); err != nil {
			return nil, err
		}
		a, err := s.adjudicate(ctx, rs, start, moves, apiconv.Pictures{})
		if err != nil {
			// A move one ruleset rejects may be legal under another: a disagreement to
			// show side by side, not a failure of the comparison.
			st, _ := status.FromError(err)
			rej := rejectedMove(st)
			if rej == nil {
				return nil, err
			}
			if firstErr == nil {
				firstErr, firstField = err, rej.GetField()
			} else if rej.GetField() != firstField {
				rejectedAll = false
			}
			a = &arbiterv1.AdjudicateResponse{Ruleset: rs.Info().ID, Game: apiconv.Game(rs.Info()), Rejected: rej,
				Explanation: "rejected: " + rej.GetDescription()}
		} else {
			rejectedAll = false
		}
		a.Source = src
		if len(out.Adjudications) > 0 && apiconv.Disagree(out.Adjudications[0], a) {
			out.Disagree = true
		}
		out.Adjudications = append(out.Adjudications, a)
		if size += protowire.SizeBytes(proto.Size(a)) + 1; size > s.cfg.MaxResponseBytes {
			return nil, s.tooLargeAtLeast(size, "at least ")
		}
	}
	if firstErr != nil && rejectedAll {
		// A move every ruleset rejects at the same ply is a bad request, as for
		// Adjudicate: there is nothing to compare.
		return nil, firstErr
	}
	return out, nil
}

// ListRulesets lists the registered rulesets, ordered by id.
func (s *Server) ListRulesets(ctx context.Context, req *arbiterv1.ListRulesetsRequest) (*arbiterv1.ListRulesetsResponse, error) {
	out := &arbiterv1.ListRulesetsResponse{}
	for _, info := range s.reg.Infos() {
		out.Rulesets = append(out.Rulesets, apiconv.RulesetInfo(info))
	}
	return out, nil
}

// isEOF reports whether a stream's Recv error is the client closing its side.
func isEOF(err error) bool { return err == io.EOF }
