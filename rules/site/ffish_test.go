package site

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// The live peer of site-pychess and site-playstrategy: the npm package ffish
// (Fairy-Stockfish compiled to WebAssembly), pinned to the version the site rules were
// read against. The test installs it with npm into a cache folder and skips cleanly
// where node, npm or the package is not available. It is a test tool only.
const ffishVersion = "0.7.10"

// ffishScript replays "fen<TAB>moves" lines (ICCS) ply by ply and prints, per line, the
// result and the first ply after which ffish reports the game over ("*" and 0 if never).
const ffishScript = `delete globalThis.fetch;
const ffish = require(process.argv[2] + '/node_modules/ffish/ffish.js');
const readline = require('readline');
ffish.onRuntimeInitialized = () => {
  const variant = process.env.FFISH_VARIANT || 'xiangqi';
  if (process.env.FFISH_CONFIG) ffish.loadVariantConfig(process.env.FFISH_CONFIG);
  const rl = readline.createInterface({ input: process.stdin });
  const out = [];
  rl.on('line', (line) => {
    const [fen, moves] = line.split('\t');
    const board = new ffish.Board(variant, fen);
    const ms = moves ? moves.trim().split(/\s+/) : [];
    let res = board.result(true), ply = 0;
    if (res === '*') for (let i = 0; i < ms.length; i++) {
      const m = ms[i];
      const uci = m[0] + (parseInt(m[1]) + 1) + m[2] + (parseInt(m[3]) + 1);
      if (!board.push(uci)) { res = 'illegal'; ply = i + 1; break; }
      const r = board.result(true);
      if (r !== '*') { res = r; ply = i + 1; break; }
    }
    board.delete();
    out.push(res + '\t' + ply);
  });
  rl.on('close', () => { process.stdout.write(out.join('\n') + (out.length ? '\n' : '')); });
};
`

// ffishDir installs ffish (once per machine, in the user cache) and returns its folder.
func ffishDir(t testing.TB) string {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not found: the ffish peer test needs Node.js")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not found: the ffish peer test needs npm")
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "arbiter-ffish-"+ffishVersion)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ffish", "ffish.js")); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Skip(err)
		}
		cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--prefix", dir, "ffish@"+ffishVersion)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("npm could not install ffish@%s: %v\n%s", ffishVersion, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "replay.js"), []byte(ffishScript), 0o644); err != nil {
		t.Skip(err)
	}
	return dir
}

type peerGame struct {
	id, fen string
	moves   []string
}

type peerResult struct {
	result string // "1-0", "0-1", "1/2-1/2", "*"
	ply    int
}

// runFFish replays the games in ffish.
func runFFish(t testing.TB, dir string, games []peerGame, variant, config string) []peerResult {
	var in bytes.Buffer
	for _, g := range games {
		fmt.Fprintf(&in, "%s\t%s\n", g.fen, strings.Join(g.moves, " "))
	}
	cmd := exec.Command("node", filepath.Join(dir, "replay.js"), dir)
	cmd.Stdin = &in
	cmd.Env = append(os.Environ(), "FFISH_VARIANT="+variant, "FFISH_CONFIG="+config)
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("ffish did not run: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(games) {
		t.Fatalf("ffish answered %d lines for %d games", len(lines), len(games))
	}
	res := make([]peerResult, len(lines))
	for i, l := range lines {
		var r peerResult
		parts := strings.Split(l, "\t")
		r.result = parts[0]
		if len(parts) > 1 {
			fmt.Sscan(parts[1], &r.ply)
		}
		res[i] = r
	}
	return res
}

// runArbiter replays the games under ruleset id: the result and the ply that ended
// the game (as ffish would report them).
func runArbiter(t testing.TB, id string, games []peerGame) []peerResult {
	rs := lookup(t, id)
	out := make([]peerResult, len(games))
	for i, g := range games {
		r, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: g.fen, Lenient: true}, g.moves)
		if err != nil {
			out[i] = peerResult{"error: " + err.Error(), 0}
			continue
		}
		pr := peerResult{result: "*"}
		if r.DecidedAtPly > 0 || r.Result != arbiter.ResultOngoing {
			pr.ply = r.DecidedAtPly
			switch r.Result {
			case arbiter.ResultRedWins:
				pr.result = "1-0"
			case arbiter.ResultBlackWins:
				pr.result = "0-1"
			case arbiter.ResultDraw:
				pr.result = "1/2-1/2"
			}
		}
		out[i] = pr
	}
	return out
}

func readCCPD(t testing.TB, n int) []peerGame {
	f, err := os.Open(filepath.Join(sharedDir(t), "corpus", "ccpd-games.tsv.gz"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Skip(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var out []peerGame
	for first := true; sc.Scan() && len(out) < n; first = false {
		if first {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 3 {
			continue
		}
		fen := c[1]
		if fen == "" {
			fen = xiangqi.StartFEN
		}
		out = append(out, peerGame{id: c[0], fen: fen, moves: strings.Fields(c[2])})
	}
	return out
}

// randomGames plays seeded random games that repeat often: a side plays back its own
// previous move when it can, half the time.
func randomGames(n, plies int, seed int64) []peerGame { return randomGamesBias(n, plies, seed, false) }

// randomGamesBias is randomGames; with attack, a side picks, half the time, a move
// that checks or attacks an enemy piece, so that perpetual checks and chases occur.
func randomGamesBias(n, plies int, seed int64, attack bool) []peerGame {
	rng := rand.New(rand.NewSource(seed))
	out := make([]peerGame, 0, n)
	for len(out) < n {
		p, _ := xiangqi.ParseFEN(xiangqi.StartFEN)
		var moves []xiangqi.Move
		var texts []string
		for i := 0; i < plies; i++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := legal[rng.Intn(len(legal))]
			if attack && rng.Intn(2) == 0 {
				var hot []xiangqi.Move
				for _, l := range legal {
					if p.At(l.To()) != xiangqi.NoPiece {
						continue
					}
					q := p
					q.MakeMove(l)
					mover := p.SideToMove()
					kind := q.At(l.To()).Kind()
					if q.InCheck(mover.Other()) || !inter(attacksFrom(mover, kind, l.To(), occupied(&q)), q.Pieces(mover.Other())).Empty() {
						hot = append(hot, l)
					}
				}
				if len(hot) > 0 {
					m = hot[rng.Intn(len(hot))]
				}
			}
			if k := len(moves); k >= 2 && rng.Intn(2) == 0 {
				back := xiangqi.NewMove(moves[k-2].To(), moves[k-2].From())
				for _, l := range legal {
					if l == back {
						m = back
					}
				}
			}
			// Captures end repetitions: take them rarely.
			if p.At(m.To()) != xiangqi.NoPiece && rng.Intn(4) != 0 {
				quiet := legal[:0:0]
				for _, l := range legal {
					if p.At(l.To()) == xiangqi.NoPiece {
						quiet = append(quiet, l)
					}
				}
				if len(quiet) > 0 {
					m = quiet[rng.Intn(len(quiet))]
				}
			}
			p.MakeMove(m)
			moves = append(moves, m)
			texts = append(texts, xiangqi.ICCS(m))
		}
		out = append(out, peerGame{id: fmt.Sprintf("random-%d", len(out)), fen: xiangqi.StartFEN, moves: texts})
	}
	return out
}

// agreement compares arbiter and ffish game by game and logs every disagreement.
func agreement(t *testing.T, label string, games []peerGame, a, f []peerResult) float64 {
	agree := 0
	shown := 0
	ends := map[string]int{}
	for i := range games {
		ends[f[i].result]++
		if a[i] == f[i] {
			agree++
			continue
		}
		if shown < 25 {
			t.Logf("%s %s: arbiter %s at ply %d, ffish %s at ply %d", label, games[i].id, a[i].result, a[i].ply, f[i].result, f[i].ply)
			shown++
		}
	}
	rate := float64(agree) / float64(max(1, len(games)))
	t.Logf("%s: ffish's results %v", label, ends)
	t.Logf("%s: %d of %d games agree on result and ending ply (%.2f%%)", label, agree, len(games), 100*rate)
	return rate
}

// peerSizes: the sizes (5,000 CCPD games, 1,000 random games) with
// ARBITER_FFISH=full; a sample otherwise, to keep go test ./... quick.
func peerSizes() (ccpd, random int) {
	if os.Getenv("ARBITER_FFISH") == "full" {
		return 5000, 1000
	}
	return 400, 300
}

// TestFFishPeer replays CCPD games and seeded random games with repetitions under
// site-pychess and in ffish, and counts agreement on the result and the ending ply.
func TestFFishPeer(t *testing.T) {
	if os.Getenv("ARBITER_FFISH") == "" && testing.Short() {
		t.Skip("set ARBITER_FFISH=1 to run the ffish peer test in -short mode")
	}
	dir := ffishDir(t)
	nc, nr := peerSizes()
	for _, set := range []struct {
		label string
		games []peerGame
	}{{"ccpd", readCCPD(t, nc)}, {"random", randomGames(nr, 160, 23)}, {"random-attacking", randomGamesBias(nr, 160, 25, true)}, {"shuttle", shuttleGames(nr, 27)}} {
		f := runFFish(t, dir, set.games, "xiangqi", "")
		a := runArbiter(t, "site-pychess", set.games)
		if rate := agreement(t, "site-pychess "+set.label, set.games, a, f); rate < 0.995 {
			t.Errorf("site-pychess agrees with ffish on %.2f%% of the %s games, want 99.5%%", 100*rate, set.label)
		}
	}
	// site-playstrategy: ffish with the 4-fold configuration.
	games := append(randomGames(nr/2, 160, 24), randomGamesBias(nr/2, 160, 26, true)...)
	games = append(games, shuttleGames(nr, 28)...)
	f := runFFish(t, dir, games, "ps-xiangqi", "[ps-xiangqi:xiangqi]\nnFoldRule = 4\n")
	a := runArbiter(t, "site-playstrategy", games)
	if rate := agreement(t, "site-playstrategy random", games, a, f); rate < 0.995 {
		t.Errorf("site-playstrategy agrees with ffish on %.2f%%, want 99.5%%", 100*rate)
	}
}

// shuttleGames plays a random opening, then has both sides shuttle a piece back and
// forth (the first side with a checking or attacking move where it has one) for three
// rounds and more: the repetitions Fairy-Stockfish adjudicates, with checks and chases.
func shuttleGames(n int, seed int64) []peerGame {
	rng := rand.New(rand.NewSource(seed))
	out := make([]peerGame, 0, n)
	for len(out) < n {
		p, _ := xiangqi.ParseFEN(xiangqi.StartFEN)
		var texts []string
		play := func(m xiangqi.Move) { p.MakeMove(m); texts = append(texts, xiangqi.ICCS(m)) }
		ok := true
		for i := 0; i < 10+rng.Intn(50) && ok; i++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				ok = false
				break
			}
			play(legal[rng.Intn(len(legal))])
		}
		pick := func(hotOnly bool) xiangqi.Move {
			legal := p.LegalMoves()
			var quiet, hot []xiangqi.Move
			for _, l := range legal {
				if p.At(l.To()) != xiangqi.NoPiece {
					continue
				}
				quiet = append(quiet, l)
				q := p
				q.MakeMove(l)
				mover := p.SideToMove()
				if q.InCheck(mover.Other()) || !inter(attacksFrom(mover, q.At(l.To()).Kind(), l.To(), occupied(&q)), q.Pieces(mover.Other())).Empty() {
					hot = append(hot, l)
				}
			}
			if hotOnly && len(hot) > 0 {
				return hot[rng.Intn(len(hot))]
			}
			if len(quiet) > 0 {
				return quiet[rng.Intn(len(quiet))]
			}
			return xiangqi.NoMove
		}
		for round := 0; round < 2 && ok; round++ {
			a := pick(true)
			if a == xiangqi.NoMove {
				break
			}
			play(a)
			b := pick(rng.Intn(2) == 0)
			if b == xiangqi.NoMove {
				break
			}
			play(b)
			for k := 0; k < 6; k++ {
				m := a
				if k%2 == 1 {
					m = b
				}
				if k/2%2 == 0 {
					m = xiangqi.NewMove(m.To(), m.From())
				}
				if !p.IsLegal(m) || p.At(m.To()) != xiangqi.NoPiece {
					break
				}
				play(m)
			}
		}
		out = append(out, peerGame{id: fmt.Sprintf("shuttle-%d", len(out)), fen: xiangqi.StartFEN, moves: texts})
	}
	return out
}
