package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

const (
	simplifiedGame = "[Event \"全国象棋个人赛\"]\n[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n\n" +
		"1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１\n" +
		"5. 车二进六 炮８平９ 6. 车二平三 炮９退１ 7. 马八进七 士４进５ 1-0\n"
	traditionalGame = "[Event \"全國象棋個人賽\"]\n[Red \"胡榮華\"]\n[Black \"楊官璘\"]\n\n" +
		"1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 馬２進３ 4. 兵七進一 卒７進１\n" +
		"5. 車二進六 炮８平９ 6. 車二平三 炮９退１ 7. 馬八進七 士４進５ 1-0\n"
)

func encode(t testing.TB, e encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding test input: %v", err)
	}
	return b
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want Encoding
		text string
	}{
		{"UTF-8", []byte(simplifiedGame), UTF8, simplifiedGame},
		{"UTF-8 with BOM", append([]byte("\xEF\xBB\xBF"), traditionalGame...), UTF8, traditionalGame},
		{"ASCII", []byte("1. h2e2 h9g7 *"), UTF8, "1. h2e2 h9g7 *"},
		{"empty", nil, UTF8, ""},
		{"GBK simplified", encode(t, simplifiedchinese.GBK, simplifiedGame), GBK, simplifiedGame},
		{"GB18030 simplified", encode(t, simplifiedchinese.GB18030, simplifiedGame), GBK, simplifiedGame},
		{"GBK traditional", encode(t, simplifiedchinese.GBK, traditionalGame), GBK, traditionalGame},
		{"Big5 traditional", encode(t, traditionalchinese.Big5, traditionalGame), Big5, traditionalGame},
		{"Big5 moves only", encode(t, traditionalchinese.Big5, "1. 車一平二 馬８進７"), Big5, "1. 車一平二 馬８進７"},
		{"GBK moves only", encode(t, simplifiedchinese.GBK, "1. 车一平二 马８进７"), GBK, "1. 车一平二 马８进７"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, enc, err := Decode(tt.data)
			if err != nil || enc != tt.want || text != tt.text {
				t.Errorf("Decode = %q, %v, %v; want %q, %v", text, enc, err, tt.text, tt.want)
			}
			r := NewReader(bytes.NewReader(tt.data))
			if _, err := r.Next(); err != nil && err != io.EOF {
				t.Fatal(err)
			}
			if r.Encoding() != tt.want {
				t.Errorf("Reader.Encoding() = %v, want %v", r.Encoding(), tt.want)
			}
		})
	}
}

func TestDecodeInvalid(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		line int
	}{
		{"invalid everywhere", []byte("[Event \"a\"]\n\n1. h2e2 \xFF\xFF\xFF\xFF *"), 3},
		{"invalid UTF-8 after a BOM", []byte("\xEF\xBB\xBF[Event \"a\"]\n\xC0\xAF"), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode(tt.data)
			var ee *EncodingError
			if !errors.As(err, &ee) || ee.Line != tt.line {
				t.Fatalf("Decode error %v, want an *EncodingError on line %d", err, tt.line)
			}
			if _, err := Read(bytes.NewReader(tt.data)); !errors.As(err, &ee) || ee.Line != tt.line {
				t.Errorf("Read error %v, want an *EncodingError on line %d", err, tt.line)
			}
			if _, err := NewReader(bytes.NewReader(tt.data)).Next(); !errors.As(err, &ee) || ee.Line != tt.line {
				t.Errorf("Next error %v, want an *EncodingError on line %d", err, tt.line)
			}
		})
	}
}

func TestEncodingString(t *testing.T) {
	for e, want := range map[Encoding]string{UTF8: "UTF-8", GBK: "GBK", Big5: "Big5", 0: "Encoding(0)"} {
		if e.String() != want {
			t.Errorf("%d: %q, want %q", int(e), e.String(), want)
		}
	}
}

// TestGBKFile writes a GBK file, as Windows xiangqi programs do, and reads it
// back with both readers.
func TestGBKFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	in := strings.Repeat(simplifiedGame+"\n", 3)
	if err := os.WriteFile(path, encode(t, simplifiedchinese.GBK, in), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, enc, err := Decode(data); err != nil || enc != GBK {
		t.Fatalf("Decode: %v, %v; want GBK", enc, err)
	}
	want, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, enc := readBoth(t, data)
	if enc != GBK || !equalGames(got, want, true) {
		t.Errorf("got %v\n%s\nwant GBK\n%s", enc, dump(got), dump(want))
	}
	if got[0].Tag("Red") != "胡荣华" || got[0].Moves[1] != "马８进７" {
		t.Errorf("decoded tags %q, moves %q", got[0].Tags, got[0].Moves)
	}
	r := NewReader(f)
	if g, err := r.Next(); err != nil || r.Encoding() != GBK || g.Moves[0] != "炮二平五" {
		t.Errorf("Reader over the file: %v, %v", r.Encoding(), err)
	}
}

// TestReaderBigStream reads more than the detection sample, so that the
// sample is cut at a line end and the rest is decoded as a stream.
func TestReaderBigStream(t *testing.T) {
	for _, tt := range []struct {
		enc  encoding.Encoding
		want Encoding
		game string
	}{
		{simplifiedchinese.GBK, GBK, simplifiedGame},
		{traditionalchinese.Big5, Big5, traditionalGame},
	} {
		in := strings.Repeat(tt.game, 2*sampleSize/len(tt.game)+1)
		data := encode(t, tt.enc, in)
		if len(data) <= sampleSize {
			t.Fatalf("test input too small: %d bytes", len(data))
		}
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Moves) != 14 || g.Result != "1-0" {
				t.Fatalf("game %d: %s", n, dump([]*Game{g}))
			}
			n++
		}
		if r.Encoding() != tt.want || n != strings.Count(in, "[Event") {
			t.Errorf("%v: %d games, want %v and %d", r.Encoding(), n, tt.want, strings.Count(in, "[Event"))
		}
	}
}

// TestReaderInvalidLater checks that bytes invalid in the detected encoding
// after the detection sample are reported with their line.
func TestReaderInvalidLater(t *testing.T) {
	head := simplifiedGame + strings.Repeat("1. h2e2 h9g7 *\n", sampleSize/15+10)
	lines := strings.Count(head, "\n")
	for _, tt := range []struct {
		name string
		data []byte
		enc  Encoding
	}{
		{"UTF-8", []byte(head + "1. \xFF *\n"), UTF8},
		{"GBK", append(encode(t, simplifiedchinese.GBK, head), "1. \xFF\xFF *\n"...), GBK},
		{"Big5", append(encode(t, traditionalchinese.Big5, traditionalGame+head[len(simplifiedGame):]), "1. \xFF\xFF *\n"...), Big5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(tt.data))
			var err error
			for err == nil {
				_, err = r.Next()
			}
			var ee *EncodingError
			if !errors.As(err, &ee) || ee.Encoding != tt.enc || ee.Line != lines+1 {
				t.Errorf("error %v, want an *EncodingError for %v on line %d", err, tt.enc, lines+1)
			}
		})
	}
}

// TestReaderDetectsAfterASCII checks that a long ASCII prefix does not
// decide the encoding: detection starts at the first non-ASCII byte.
func TestReaderDetectsAfterASCII(t *testing.T) {
	head := strings.Repeat("[Event \"x\"]\n1. h2e2 h9g7 *\n", sampleSize/20)
	for _, tt := range []struct {
		enc  encoding.Encoding
		want Encoding
		game string
	}{
		{encoding.Nop, UTF8, simplifiedGame},
		{simplifiedchinese.GBK, GBK, simplifiedGame},
		{traditionalchinese.Big5, Big5, traditionalGame},
	} {
		data := encode(t, tt.enc, head+tt.game)
		games, enc := readBoth(t, data)
		if enc != tt.want || len(games) != sampleSize/20+1 || !strings.Contains(tt.game, " "+games[len(games)-1].Moves[1]+" ") {
			t.Errorf("%v: %d games, last %s; want %v", enc, len(games), dump(games[len(games)-1:]), tt.want)
		}
	}
}
