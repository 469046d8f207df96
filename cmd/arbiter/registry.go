package main

import (
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/chu"
)

// newRegistry registers the rulesets this binary offers, explicitly.
func newRegistry() *arbiter.Registry {
	var reg arbiter.Registry
	for _, rs := range []arbiter.Ruleset{chinese.New(), asian.New()} {
		if err := reg.Register(rs); err != nil {
			panic(err) // two rulesets with one id: a programming error
		}
	}
	for _, g := range chu.All() {
		if err := reg.RegisterGame(g); err != nil {
			panic(err)
		}
	}
	for _, g := range banqi.All() {
		if err := reg.RegisterGame(g); err != nil {
			panic(err)
		}
	}
	return &reg
}

// rulesetID returns the registered id that name stands for. Ids are compared without
// regard to case on the command line (--ruleset Chinese is chinese); an unknown name is
// an *arbiter.UnknownRulesetError listing the valid ids.
func rulesetID(reg *arbiter.Registry, name string) (string, error) {
	name = strings.TrimSpace(name)
	for _, id := range reg.IDs() {
		if strings.EqualFold(id, name) {
			return id, nil
		}
	}
	return "", &arbiter.UnknownRulesetError{ID: name, Valid: reg.IDs()}
}

// getRuleset is rulesetID returning the ruleset itself.
func getRuleset(reg *arbiter.Registry, name string) (arbiter.Ruleset, error) {
	id, err := rulesetID(reg, name)
	if err != nil {
		return nil, err
	}
	return reg.Get(id)
}
