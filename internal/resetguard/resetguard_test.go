package resetguard

import (
	"net"
	"testing"
	"time"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func addr(s string) net.Addr {
	a, err := net.ResolveTCPAddr("tcp", s)
	if err != nil {
		panic(err)
	}
	return a
}

// The connections of one address share its budget; once it is spent the address is
// refused until a token has come back; other addresses are not affected; budgets that
// have refilled are forgotten.
func TestPeers(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1000, 0)}
	p := NewPeers(10)
	a1, a2, other := addr("10.0.0.1:1000"), addr("10.0.0.1:2000"), addr("10.0.0.2:1000")
	b1, b2 := p.Of(a1), p.Of(a2)
	if b1 != b2 {
		t.Fatal("two connections of one address have different budgets")
	}
	b1.now = clock.now
	for i := 0; i < 10; i++ {
		if !b1.Spend() {
			t.Fatalf("cancellation %d refused within the burst", i+1)
		}
	}
	if b2.Spend() {
		t.Fatal("the second connection spent past the address's burst")
	}
	if !p.Refuse(a2) || p.Refuse(other) {
		t.Fatalf("refuse %v %v, want the spent address only", p.Refuse(a2), p.Refuse(other))
	}
	clock.t = clock.t.Add(time.Second) // a tenth of the burst a second: one token back
	if p.Refuse(a1) {
		t.Fatal("refused after a token came back")
	}
	// Refilled budgets are dropped when the table grows.
	clock.t = clock.t.Add(10 * time.Second)
	for i := 0; i < 1100; i++ {
		p.Of(addr("10.1." + string(rune('0'+i/256%10)) + "." + itoa(i%256) + ":1"))
	}
	p.mu.Lock()
	_, kept := p.m["10.0.0.1"]
	n := len(p.m)
	p.mu.Unlock()
	if kept || n > 1100 {
		t.Errorf("refilled budget kept %v, %d addresses held", kept, n)
	}
	// No limit: no budget, nothing refused.
	none := NewPeers(0)
	if none.Of(a1) != nil || none.Refuse(a1) || !none.Of(a1).Spend() {
		t.Error("a Peers without limit limits")
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// A listener with Refuse closes the refused connections and hands on the others.
func TestRefuseAtAccept(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var cs Conns
	refuse := true
	cs.Refuse = func(net.Addr) bool { r := refuse; refuse = false; return r }
	wl := cs.Listen(l)
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := wl.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	first, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	first.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := first.Read(make([]byte, 1)); err == nil {
		t.Fatal("the refused connection was not closed")
	}
	second, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	select {
	case c := <-accepted:
		if c.RemoteAddr().String() != second.LocalAddr().String() {
			t.Errorf("accepted %v, want the second connection %v", c.RemoteAddr(), second.LocalAddr())
		}
		c.Close()
	case <-time.After(5 * time.Second):
		t.Fatal("the second connection was not accepted")
	}
}
