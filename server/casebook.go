package server

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/casebook"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func (s *Server) needBook() error {
	if s.book == nil {
		st, _ := status.New(codes.FailedPrecondition, "this server has no casebook loaded").WithDetails(
			&errdetails.ErrorInfo{Reason: reasonNoCasebook, Domain: errorDomain})
		return st.Err()
	}
	return nil
}

// ListCases lists casebook cases, filtered and paged. The page token is the offset of
// the next case in the filtered listing.
func (s *Server) ListCases(ctx context.Context, req *arbiterv1.ListCasesRequest) (*arbiterv1.ListCasesResponse, error) {
	if err := s.needBook(); err != nil {
		return nil, err
	}
	if req.GetPageSize() < 0 {
		return nil, fieldStatus(codes.InvalidArgument, "page_size", reasonInvalidArgument, "must not be negative", nil)
	}
	offset := 0
	if t := req.GetPageToken(); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 {
			return nil, fieldStatus(codes.InvalidArgument, "page_token", reasonInvalidArgument,
				"not a token from a previous ListCases response", nil)
		}
		offset = n
	}
	if id := req.GetRuleset(); id != "" {
		if _, err := s.lookupRuleset("ruleset", id); err != nil {
			return nil, err
		}
	}
	book := strings.ToLower(req.GetBook())
	var all []*arbiterv1.Case
	for _, c := range s.book.Filter(casebook.Filter{Ruleset: req.GetRuleset(), Tag: req.GetTag()}) {
		if book != "" && !strings.Contains(strings.ToLower(c.GetSource().GetBook()), book) {
			continue
		}
		if req.Constructed != nil && c.GetSource().GetConstructed() != req.GetConstructed() {
			continue
		}
		all = append(all, c)
	}
	out := &arbiterv1.ListCasesResponse{}
	if offset >= len(all) {
		return out, nil
	}
	end := len(all)
	if ps := int(req.GetPageSize()); ps > 0 && offset+ps < end {
		end = offset + ps
		out.NextPageToken = strconv.Itoa(end)
	}
	out.Cases = all[offset:end]
	return out, nil
}

// GetCase returns one case by id.
func (s *Server) GetCase(ctx context.Context, req *arbiterv1.GetCaseRequest) (*arbiterv1.GetCaseResponse, error) {
	if err := s.needBook(); err != nil {
		return nil, err
	}
	if req.GetId() == "" {
		return nil, fieldStatus(codes.InvalidArgument, "id", reasonInvalidArgument, "a case id is required (see ListCases)", nil)
	}
	c, ok := s.book.Get(req.GetId())
	if !ok {
		return nil, caseNotFound(req.GetId())
	}
	return &arbiterv1.GetCaseResponse{Case: c}, nil
}

func caseNotFound(id string) error {
	id = clip(id)
	st, _ := status.New(codes.NotFound, fmt.Sprintf("no case %s in the casebook", strconv.Quote(id))).WithDetails(
		&errdetails.ResourceInfo{ResourceType: "arbiter.v1.Case", ResourceName: id, Description: "see ListCases"},
		&errdetails.ErrorInfo{Reason: reasonCaseNotFound, Domain: errorDomain, Metadata: map[string]string{"id": id}})
	return st.Err()
}

// VerifyCasebook runs the selected cases through their rulesets.
func (s *Server) VerifyCasebook(ctx context.Context, req *arbiterv1.VerifyCasebookRequest) (*arbiterv1.VerifyCasebookResponse, error) {
	if err := s.needBook(); err != nil {
		return nil, err
	}
	if id := req.GetRuleset(); id != "" {
		if _, err := s.lookupRuleset("ruleset", id); err != nil {
			return nil, err
		}
	}
	f := casebook.Filter{Ruleset: req.GetRuleset(), Tag: req.GetTag()}
	cases := s.book.Filter(f)
	if len(req.GetIds()) > 0 {
		cases = cases[:0:0]
		seen := map[string]bool{}
		for i, id := range req.GetIds() {
			if seen[id] {
				continue // a case named twice is verified once
			}
			if len(seen) == s.cfg.MaxCaseIDs {
				return nil, fieldStatus(codes.InvalidArgument, "ids", reasonTooManyItems,
					fmt.Sprintf("more than %d distinct case ids; verify by ruleset or tag instead", s.cfg.MaxCaseIDs),
					map[string]string{"limit": strconv.Itoa(s.cfg.MaxCaseIDs)})
			}
			seen[id] = true
			c, ok := s.book.Get(id)
			if !ok {
				return nil, fieldStatus(codes.InvalidArgument, fieldIndex("ids", i), reasonCaseNotFound,
					fmt.Sprintf("no case %s in the casebook", strconv.Quote(clip(id))), map[string]string{"id": id})
			}
			if f.Match(c) {
				cases = append(cases, c)
			}
		}
	}
	rep, err := casebook.VerifyCases(ctx, cases, s.reg, f.Ruleset)
	if err != nil {
		return nil, contextError(ctx)
	}
	if err := contextError(ctx); err != nil {
		return nil, err
	}
	return &arbiterv1.VerifyCasebookResponse{Results: rep.Results, Passed: int32(rep.Passed), Failed: int32(rep.Failed),
		KnownDivergences: int32(rep.Divergent), Pending: int32(rep.Pending)}, nil
}
