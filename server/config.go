package server

import "time"

// Config holds the server's limits.
type Config struct {
	// MaxPlies is the longest history a request or a game stream may carry (moves of an
	// Adjudicate or Compare request; resumed plus streamed moves of a game).
	MaxPlies int
	// MaxMessageBytes is the largest request message the server accepts.
	MaxMessageBytes int
	// MaxStreams is the number of PlayGame streams that may be open at once, over all
	// connections; one more is refused with ResourceExhausted.
	MaxStreams int
	// RequestTimeout bounds each unary request (a shorter client deadline wins). Zero
	// means no server-side bound. Streams are not bounded: a game lasts as long as it
	// lasts.
	RequestTimeout time.Duration
}

// DefaultConfig returns the limits `arbiter serve` uses unless told otherwise.
func DefaultConfig() Config {
	return Config{
		MaxPlies:        4000,
		MaxMessageBytes: 1 << 20,
		MaxStreams:      10000,
		RequestTimeout:  10 * time.Second,
	}
}

// withDefaults fills zero limits from DefaultConfig (RequestTimeout stays as given).
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.MaxPlies <= 0 {
		c.MaxPlies = d.MaxPlies
	}
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = d.MaxMessageBytes
	}
	if c.MaxStreams <= 0 {
		c.MaxStreams = d.MaxStreams
	}
	return c
}
