package chinese

// table is the hash table behind the memo tables of one classification (mateSearch):
// a map without iteration whose clear costs nothing, however far an earlier
// classification grew it (each slot carries the generation it was written in, and a
// clear starts a new generation). It never drops an entry, so it answers exactly like a
// map. The caller hashes the key (tableHash), so the lookups make no indirect call.
type table[K comparable, V any] struct {
	slots []slot[K, V]
	gen   uint32 // the slots of this generation hold entries; 0 is never current
	n     int
}

type slot[K comparable, V any] struct {
	gen  uint32
	hash uint64
	key  K
	val  V
}

// minTableSlots is the size of a table's first allocation.
const minTableSlots = 256

// get returns the value of k (hashed h), and whether it is there.
func (t *table[K, V]) get(k K, h uint64) (V, bool) {
	if t.n > 0 {
		mask := uint64(len(t.slots) - 1)
		for i := h & mask; ; i = (i + 1) & mask {
			s := &t.slots[i]
			if s.gen != t.gen {
				break
			}
			if s.hash == h && s.key == k {
				return s.val, true
			}
		}
	}
	var zero V
	return zero, false
}

// put sets the value of k (hashed h).
func (t *table[K, V]) put(k K, h uint64, v V) {
	if t.gen == 0 {
		t.gen = 1
	}
	if 2*(t.n+1) > len(t.slots) {
		if _, ok := t.get(k, h); !ok {
			t.grow() // only for a new key: an update never fills the table
		}
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = slot[K, V]{gen: t.gen, hash: h, key: k, val: v}
			t.n++
			return
		}
		if s.hash == h && s.key == k {
			s.val = v
			return
		}
	}
}

// grow doubles the table (at most half full) and moves the entries over.
func (t *table[K, V]) grow() {
	old, gen := t.slots, t.gen
	t.slots = make([]slot[K, V], max(minTableSlots, 2*len(old)))
	t.gen, t.n = 1, 0
	mask := uint64(len(t.slots) - 1)
	for i := range old {
		s := &old[i]
		if s.gen != gen {
			continue
		}
		j := s.hash & mask
		for t.slots[j].gen == t.gen {
			j = (j + 1) & mask
		}
		t.slots[j] = *s
		t.slots[j].gen = t.gen
		t.n++
	}
}

// clear empties the table, keeping its slots.
func (t *table[K, V]) clear() {
	if t.n == 0 {
		return
	}
	t.n = 0
	if t.gen++; t.gen == 0 {
		// The stamps went round: no stale slot may pass for a current one.
		for i := range t.slots {
			t.slots[i].gen = 0
		}
		t.gen = 1
	}
}

// len is the number of entries.
func (t *table[K, V]) len() int { return t.n }

// slotsInUse is the number of slots the table holds (its memory).
func (t *table[K, V]) slotsInUse() int { return len(t.slots) }

// mix spreads the bits of x (a Zobrist hash is already spread; the keys that combine
// one with small fields are mixed once more).
func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x
}
