package chinese

import (
	"math/rand/v2"
	"testing"
)

// TestTableLikeMap runs seeded random puts, gets and clears on a table and a map side by
// side, with keys that collide often (few distinct hashes), and through the wrap of the
// generation stamps.
func TestTableLikeMap(t *testing.T) {
	type key struct {
		a uint64
		b int8
	}
	r := rand.New(rand.NewPCG(5, 2026))
	var tb table[key, int]
	m := map[key]int{}
	wrapped := false
	for round := range 200 {
		if round == 100 {
			// The stamps wrap within the next clears.
			tb.clear()
			clear(m)
			tb.gen = ^uint32(0) - 1
		}
		for range r.IntN(3000) {
			k := key{uint64(r.IntN(500)), int8(r.IntN(3))}
			h := k.a % 37 // many keys share a hash
			if r.IntN(3) == 0 {
				v := r.Int()
				tb.put(k, h, v)
				m[k] = v
			}
			got, ok := tb.get(k, h)
			want, wok := m[k]
			if ok != wok || got != want {
				t.Fatalf("round %d: get %v = %d %v, map %d %v", round, k, got, ok, want, wok)
			}
		}
		if tb.len() != len(m) {
			t.Fatalf("round %d: len %d, map %d", round, tb.len(), len(m))
		}
		if r.IntN(4) == 0 || round > 100 && round < 104 {
			wrapped = wrapped || tb.gen == ^uint32(0)
			tb.clear()
			clear(m)
		}
	}
	if !wrapped {
		t.Error("the generation stamps never wrapped")
	}
}

// TestTableGrowAtHighGeneration grows a table whose stamps are about to wrap, then
// clears it through the wrap: what was put before is gone, what is put after is there.
func TestTableGrowAtHighGeneration(t *testing.T) {
	var tb table[uint64, int]
	tb.put(1, 1, 1)
	tb.clear()
	tb.gen = ^uint32(0)
	for k := uint64(0); k < 3*minTableSlots; k++ { // grows twice
		tb.put(k, k*0x9e3779b97f4a7c15, int(k))
	}
	for k := uint64(0); k < 3*minTableSlots; k++ {
		if v, ok := tb.get(k, k*0x9e3779b97f4a7c15); !ok || v != int(k) {
			t.Fatalf("after the grows: get %d = %d %v", k, v, ok)
		}
	}
	mul := uint64(0x9e3779b97f4a7c15)
	h5 := 5 * mul
	tb.gen = ^uint32(0)
	tb.clear() // wraps
	if _, ok := tb.get(5, h5); ok || tb.len() != 0 {
		t.Fatalf("after the wrap: entry 5 still there (len %d)", tb.len())
	}
	tb.put(5, h5, 50)
	if v, ok := tb.get(5, h5); !ok || v != 50 || tb.len() != 1 {
		t.Fatalf("after the wrap: get 5 = %d %v, len %d", v, ok, tb.len())
	}
}
