package server

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the server's collectors, registered on the caller's registry.
type metrics struct {
	started     *prometheus.CounterVec   // grpc_type, grpc_service, grpc_method
	handled     *prometheus.CounterVec   // grpc_type, grpc_service, grpc_method, grpc_code
	handling    *prometheus.HistogramVec // grpc_type, grpc_service, grpc_method, grpc_code
	msgReceived *prometheus.CounterVec   // grpc_type, grpc_service, grpc_method
	msgSent     *prometheus.CounterVec   // grpc_type, grpc_service, grpc_method

	rulings       *prometheus.CounterVec // ruleset, verdict
	activeStreams prometheus.Gauge
	streamBytes   prometheus.Gauge
	historyPlies  prometheus.Histogram
	panics        prometheus.Counter
	replyHeld     prometheus.Gauge // bytes reserved for replies or queued unsent, over all connections
	replyWaiting  prometheus.Gauge // calls waiting for their connection's reply budget
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	rpc := []string{"grpc_type", "grpc_service", "grpc_method"}
	rpcCode := append(append([]string(nil), rpc...), "grpc_code")
	m := &metrics{
		started: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "grpc_server_started_total",
			Help: "Total number of RPCs started on the server.",
		}, rpc),
		handled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "grpc_server_handled_total",
			Help: "Total number of RPCs completed on the server, regardless of success or failure.",
		}, rpcCode),
		handling: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "grpc_server_handling_seconds",
			Help: "Histogram of response latency (seconds) of RPCs handled by the server, including the service's own time only.",
			Buckets: []float64{0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
				0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60, 600, 3600},
		}, rpcCode),
		msgReceived: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "grpc_server_msg_received_total",
			Help: "Total number of RPC stream messages received on the server.",
		}, rpc),
		msgSent: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "grpc_server_msg_sent_total",
			Help: "Total number of gRPC stream messages sent by the server.",
		}, rpc),
		rulings: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_rulings_total",
			Help: "Rulings on repetition cycles, by ruleset and verdict.",
		}, []string{"ruleset", "verdict"}),
		activeStreams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_active_streams",
			Help: "Number of PlayGame streams open now.",
		}),
		streamBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_stream_bytes",
			Help: "Bytes the open PlayGame streams' games hold, as charged to --max-stream-bytes (each game's footprint, an upper bound).",
		}),
		historyPlies: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "arbiter_history_plies",
			Help:    "Plies per history: per Adjudicate or Compare request, and per game stream when it closes.",
			Buckets: []float64{0, 10, 25, 50, 100, 150, 200, 300, 500, 1000, 2000, 5000},
		}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "arbiter_panics_total",
			Help: "Panics recovered in RPC handlers (each also counted as an Internal error).",
		}),
		replyHeld: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_reply_bytes_held",
			Help: "Bytes of unary replies being computed or queued and not yet sent, over all connections (each connection is bounded by --max-unsent-bytes-per-conn).",
		}),
		replyWaiting: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_reply_budget_waiting",
			Help: "Unary calls waiting for their connection's reply budget (its client has not read earlier replies).",
		}),
	}
	for _, c := range []prometheus.Collector{m.started, m.handled, m.handling, m.msgReceived, m.msgSent,
		m.rulings, m.activeStreams, m.streamBytes, m.historyPlies, m.panics, m.replyHeld, m.replyWaiting} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// ruling counts one ruling on a cycle.
func (m *metrics) ruling(ruleset string, v arbiter.Verdict) {
	m.rulings.WithLabelValues(ruleset, verdictLabel(v)).Inc()
}

func verdictLabel(v arbiter.Verdict) string {
	switch v {
	case arbiter.VerdictDraw:
		return "draw"
	case arbiter.VerdictRedMustChange:
		return "red_must_change"
	case arbiter.VerdictBlackMustChange:
		return "black_must_change"
	}
	return "none"
}
