package pgn

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// FuzzRead checks that Read never panics, and that whatever it reads, Write
// writes and Read reads back unchanged (apart from line numbers). The
// streaming Reader must agree with Read on inputs smaller than its
// detection sample.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"[Event \"a \\\"b\\\"\"]\n\n1. h2e2 h9g7 2.h0g2 {c} (1. b0c2 (x)) $1 i9h9!? 1-0\n",
		"1... 车９平８ 2. Ｃ２＝５ ＋Ｐ＋１ ; c\r\n-P+1 +P.4 *",
		"[Event \"the \"Cup\"\"]\n[Site \"\"]\n",
		"1.炮二平五 马８进７ 0-1 h2e2 1/2-1/2 [A \"b\"] {x} [C \"d\"]",
		"[", "{", "(", ")", "1.", "$", "!", "1-0!", "1.5", "\ufeff*",
		simplifiedGame, traditionalGame,
	} {
		f.Add([]byte(s))
	}
	f.Add(encode(f, simplifiedchinese.GBK, simplifiedGame))
	f.Add(encode(f, traditionalchinese.Big5, traditionalGame))
	files, _ := filepath.Glob(filepath.Join(corpusDir, "ccpd", "00*.pgn"))
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Read(bytes.NewReader(data))
		streamed, serr := readAll(NewReader(bytes.NewReader(data)))
		if len(data) < sampleSize {
			// Read checks the encoding of the whole input first, the
			// Reader as it goes, so it may find a syntax error first.
			var ee *EncodingError
			if errors.As(err, &ee) && serr == nil ||
				!errors.As(err, &ee) && (err == nil) != (serr == nil) ||
				!errors.As(err, &ee) && err != nil && err.Error() != serr.Error() {
				t.Fatalf("Read error %v, Reader error %v", err, serr)
			}
			if err == nil && !equalGames(games, streamed, true) {
				t.Fatalf("Read and Reader disagree:\n%s\n%s", dump(games), dump(streamed))
			}
		}
		if err != nil {
			return
		}
		var buf bytes.Buffer
		for _, g := range games {
			if err := Write(&buf, g); err != nil {
				t.Fatalf("Write: %v\n%s", err, dump([]*Game{g}))
			}
		}
		again, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("Read(Write(games)): %v\n%q", err, buf.Bytes())
		}
		if !equalGames(games, again, false) {
			t.Fatalf("round trip changed the games:\n%s\nwritten:\n%q\nread back:\n%s", dump(games), buf.Bytes(), dump(again))
		}
	})
}
