// Package memtest measures the heap a piece of work takes, for the tests that pin the
// service's memory bounds (issue 29).
package memtest

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// PeakHeapGrowth runs f and returns how far the heap's live and not yet collected
// objects rose above their level after a full collection before it, sampled every
// half millisecond (runtime/metrics reads without stopping the world).
func PeakHeapGrowth(f func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := read()
	peak := base
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(500 * time.Microsecond)
		defer t.Stop()
		for {
			if v := read(); v > peak {
				peak = v
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	if v := read(); v > peak {
		peak = v
	}
	return peak - base
}
