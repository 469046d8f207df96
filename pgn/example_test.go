package pgn_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/arbiter-xq/arbiter/pgn"
)

func ExampleRead() {
	const file = `[Event "Example"]
[Format "ICCS"]

1. h2e2 {the central cannon} h9g7 2.h0g2 (2. b0c2) i9h9!? 1-0

[Event "WXF, black to move"]
[FEN "3ckab2/4a3C/3nb4/p7p/7r1/2N1R4/P7P/4B4/4A4/4KA3 b - - 0 1"]

1... Ｒ８－３ 2. ＋Ｐ＋１ $1 *
`
	games, err := pgn.Read(strings.NewReader(file))
	if err != nil {
		log.Fatal(err)
	}
	for _, g := range games {
		fmt.Printf("line %d: %s: %q %s\n", g.Line, g.Tag("event"), g.Moves, g.Result)
	}
	// Output:
	// line 1: Example: ["h2e2" "h9g7" "h0g2" "i9h9"] 1-0
	// line 6: WXF, black to move: ["Ｒ８－３" "＋Ｐ＋１"] *
}

func ExampleReader() {
	// A GBK-encoded file, as written by many Windows xiangqi programs.
	gbk := []byte("[Red \"\xba\xfa\xc8\xd9\xbb\xaa\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *\n")
	r := pgn.NewReader(strings.NewReader(string(gbk)))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(r.Encoding(), g.Tag("Red"), g.Moves)
	}
	// Output:
	// GBK 胡荣华 [炮二平五]
}

func ExampleWrite() {
	g := &pgn.Game{
		Tags:   []pgn.Tag{{Name: "Event", Value: "Example"}},
		Moves:  []string{"炮二平五", "马８进７", "马二进三"},
		Result: "*",
	}
	if err := pgn.Write(os.Stdout, g); err != nil {
		log.Fatal(err)
	}
	// Output:
	// [Event "Example"]
	//
	// 1. 炮二平五 马８进７ 2. 马二进三 *
}
