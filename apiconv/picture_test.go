package apiconv_test

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// AdjudicateRequest.perspective turns every picture round: SIDE_BLACK draws Black at the
// bottom (the file letters run i..a), unset draws Red there.
func TestPicturesPerspective(t *testing.T) {
	rs, err := registry(t).Lookup("chinese")
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.Fields("f0e0 e8f8 e0f0 f8e8")
	r, err := arbiter.Adjudicate(t.Context(), rs, arbiter.Start{Position: checkPawnFEN}, moves)
	if err != nil {
		t.Fatal(err)
	}
	draw := func(side arbiterv1.Side) *arbiterv1.AdjudicateResponse {
		resp := apiconv.Report(r)
		p := apiconv.PicturesOf(&arbiterv1.AdjudicateRequest{Svg: true, PlySvgs: true, IncidentSvgs: true, Perspective: side})
		if err := apiconv.AddPictures(resp, r, p); err != nil {
			t.Fatal(err)
		}
		return resp
	}
	red, black := draw(arbiterv1.Side_SIDE_UNSPECIFIED), draw(arbiterv1.Side_SIDE_BLACK)
	pics := func(x *arbiterv1.AdjudicateResponse) []string {
		return append(append([]string{x.GetSvg()}, x.GetPlySvgs()...), x.GetIncidentSvgs()...)
	}
	rp, bp := pics(red), pics(black)
	if len(rp) != len(bp) || len(rp) < 3 {
		t.Fatalf("%d and %d pictures", len(rp), len(bp))
	}
	for i := range rp {
		if rp[i] == bp[i] {
			t.Errorf("picture %d is the same from Black's side", i)
		}
	}
	if red2 := draw(arbiterv1.Side_SIDE_RED); red2.GetSvg() != red.GetSvg() {
		t.Error("SIDE_RED draws another picture than the default")
	}
}
