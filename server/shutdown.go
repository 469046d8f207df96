package server

import (
	"time"

	"google.golang.org/grpc"
)

// GracefulStop drains gs: the health service reports NOT_SERVING, new RPCs are refused,
// and open RPCs and streams get up to drain to finish; then whatever is still open is
// cut off with Stop. It reports whether everything finished in time.
func (s *Server) GracefulStop(gs *grpc.Server, drain time.Duration) bool {
	s.health.Shutdown()
	done := make(chan struct{})
	go func() {
		gs.GracefulStop()
		close(done)
	}()
	t := time.NewTimer(drain)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		gs.Stop()
		<-done
		return false
	}
}
