package chinese

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Root status of a chased piece (根, CXA 2011 28.16; 2020 24.x), decided after the capture
// with legal recaptures only:
//   - 无根 unrooted: no piece of its side protects the square after the capture;
//   - 假根 false root: a protector exists but cannot legally recapture (pinned, facing
//     kings) or would be mated by consecutive checks if it did (tied to its line);
//   - 少根 insufficient root: real recaptures exist but the complete exchange still loses
//     material for the defender;
//   - 有根 rooted: the exchange is even, so the piece can only be "won" because it is worth
//     more than its attacker (horse or cannon on a rook, 图2, 图10, 参考图14).
//
// 假根 and 少根 count exactly like 无根 (CXA 29.3).
func (a *analyst) rootStatus(p *xiangqi.Position, m xiangqi.Move) (arbiter.RootStatus, string) {
	geometric, real := a.recaptures(p, m)
	switch {
	case geometric == 0:
		return arbiter.Unrooted, ""
	case real == 0:
		return arbiter.FalseRoot, ""
	}
	victim, capturer := p.At(m.To()), p.At(m.From())
	vv, cv := value(victim, m.To(), a.chaser), value(capturer, m.From(), a.chaser)
	if vv > cv {
		if victim.Kind() == xiangqi.Rook && (capturer.Kind() == xiangqi.Horse || capturer.Kind() == xiangqi.Cannon) {
			// CXA 2020 (图2, 图10, 参考图14): horse or cannon on a rook is a chase even when
			// the rook is rooted.
			return arbiter.Rooted, excHorseCannonOnRook
		}
		return arbiter.Rooted, excHeavierVictim
	}
	return arbiter.InsufficientRoot, ""
}
