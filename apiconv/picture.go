package apiconv

import (
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/picture"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// MaxPlyPictures is the longest history for which AdjudicateRequest.ply_svgs draws one
// picture per step: each is about 20 KB, so 150 of them stay under the
// 4 MiB a gRPC client receives by default.
const MaxPlyPictures = 150

// Pictures says which pictures an AdjudicateResponse carries.
type Pictures struct {
	Ruling    bool // AdjudicateResponse.svg
	Plies     bool // AdjudicateResponse.ply_svgs
	Incidents bool // AdjudicateResponse.incident_svgs
	// Second draws them from the second player's side (AdjudicateRequest.perspective
	// SIDE_BLACK or SIDE_GOTE).
	Second bool
}

// PicturesOf reads the picture fields of a request.
func PicturesOf(req *arbiterv1.AdjudicateRequest) Pictures {
	p := req.GetPerspective()
	return Pictures{Ruling: req.GetSvg(), Plies: req.GetPlySvgs(), Incidents: req.GetIncidentSvgs(),
		Second: p == arbiterv1.Side_SIDE_BLACK || p == arbiterv1.Side_SIDE_GOTE}
}

// options are the picture options p asks for.
func (p Pictures) options() []picture.Option {
	if p.Second {
		return []picture.Option{picture.Perspective(picture.Second)}
	}
	return nil
}

// AddPictures draws the pictures p asks for into out: the ruling's picture
// (picture.Ruling), the per-step pictures (picture.Plies) and the incidents', from the
// side p asks for.
func AddPictures(out *arbiterv1.AdjudicateResponse, r *arbiter.Report, p Pictures) error {
	if p.Ruling {
		var b strings.Builder
		if err := picture.Ruling(&b, r, p.options()...); err != nil {
			return err
		}
		out.Svg = b.String()
	}
	if p.Plies {
		ps, err := picture.Plies(r, p.options()...)
		if err != nil {
			return err
		}
		out.PlySvgs = ps
	}
	if p.Incidents {
		for i := range r.Incidents {
			var b strings.Builder
			if err := picture.Ruling(&b, IncidentReport(r, &r.Incidents[i]), p.options()...); err != nil {
				return err
			}
			out.IncidentSvgs = append(out.IncidentSvgs, b.String())
		}
	}
	return nil
}

// IncidentReport is the report as it stood at an incident: its decisive cycle as the
// latest, for drawing that repetition as the ruling picture draws the last one.
func IncidentReport(r *arbiter.Report, in *arbiter.Incident) *arbiter.Report {
	cp := *r
	cp.Cycle = in.Cycle
	if in.Status == arbiter.StatusForbidden && (r.Refused == nil || in.LastPly != r.ForbiddenPly) {
		// A move refused on a stream and replaced: the report holds no such move.
		cp.Cycle = nil
	}
	cp.Result, cp.Termination, cp.DecidedAtPly = in.Result, in.Termination, 0
	if in.Status == arbiter.StatusGameOver {
		cp.DecidedAtPly = in.LastPly
	} else {
		cp.Result = arbiter.ResultOngoing
	}
	return &cp
}
