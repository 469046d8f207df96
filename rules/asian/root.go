package asian

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// legal reports whether the piece on m.From() may legally make m in p, whoever is to
// move: m must already follow the movement rules. It is the test of a real capture
// (a pinned piece, or one whose move would leave the kings facing, cannot capture).
func legal(p *xiangqi.Position, m xiangqi.Move) bool {
	c := p.At(m.From()).Color()
	cap := p.MakeMove(m)
	ok := !p.InCheck(c)
	p.UnmakeMove(m, cap)
	return ok
}

// rootResult is the protection (根) of a victim against one capture.
type rootResult struct {
	status    arbiter.RootStatus
	protector xiangqi.Square // a real root when status is Rooted, else a false root or NoSquare
}

// rootOf decides whether the piece on v is protected against the capture from->v
// (AXF 2003 common terms, spec §1.2): after the capture, does the victim's side have a
// legal recapture on v? The test is played on the board as it is after the capture, so
// a protector whose line the capture itself cuts, a pinned protector and one whose
// recapture would leave the kings facing are false roots (假根). p is not changed.
// buf is scratch space.
func rootOf(p *xiangqi.Position, from, v xiangqi.Square, buf []xiangqi.Square) (rootResult, []xiangqi.Square) {
	defender := p.At(v).Color()
	// Protectors by geometry before the capture, for telling a false root from none.
	buf = p.AppendAttackers(buf[:0], v, defender)
	nBefore := len(buf)
	m := xiangqi.NewMove(from, v)
	cap := p.MakeMove(m)
	buf = p.AppendAttackers(buf, v, defender)
	res := rootResult{status: arbiter.Unrooted, protector: xiangqi.NoSquare}
	for _, r := range buf[nBefore:] {
		if legal(p, xiangqi.NewMove(r, v)) {
			res = rootResult{status: arbiter.Rooted, protector: r}
			break
		}
	}
	p.UnmakeMove(m, cap)
	if res.status != arbiter.Rooted && len(buf) > 0 {
		res.status = arbiter.FalseRoot
		if len(buf) > nBefore {
			res.protector = buf[nBefore]
		} else {
			res.protector = buf[0]
		}
	}
	return res, buf
}
