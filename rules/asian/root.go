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
	// screened is true when the root is a cannon whose screen is the capturing piece
	// itself (see rootOf).
	screened bool
}

// rootOf decides whether the piece on v is protected against the capture from->v
// (AXF 2003 common terms, spec §1.2; the victim's side notionally has not moved):
//
//   - a real root (有根) is a legal recapture on v after the capture;
//   - a protector that cannot legally recapture (pinned, or its recapture would leave
//     the kings facing) is a false root (假根), and the victim counts as unprotected;
//   - a cannon that covers v with the capturing piece itself as its screen also
//     counts as a root, although the capture removes that screen (spec §1.2
//     "subverted protection" [?]). This reading is pinned by the WXF diagrams: D61
//     (wxf-L513), D39–D41 (wxf-L434, L436) and the rooks between two cannons of
//     wxf-L550/L650, where the other reading makes the defending side a perpetual
//     chaser and contradicts the official rulings.
//
// p is not changed; buf is scratch space.
func rootOf(p *xiangqi.Position, from, v xiangqi.Square, buf []xiangqi.Square) (rootResult, []xiangqi.Square) {
	defender := p.At(v).Color()
	// Protectors by geometry before the capture.
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
	if res.status != arbiter.Rooted {
		for _, r := range buf[:nBefore] {
			if p.At(r).Kind() == xiangqi.Cannon && between(r, v, from) && legal(p, xiangqi.NewMove(r, v)) {
				res = rootResult{status: arbiter.Rooted, protector: r, screened: true}
				break
			}
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

// between reports whether s lies strictly between a and b on one file or rank.
func between(a, b, s xiangqi.Square) bool {
	af, ar, bf, br, sf, sr := a.File(), a.Rank(), b.File(), b.Rank(), s.File(), s.Rank()
	switch {
	case af == bf && sf == af:
		return (sr-ar)*(sr-br) < 0
	case ar == br && sr == ar:
		return (sf-af)*(sf-bf) < 0
	}
	return false
}
