package main

import (
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"github.com/arbiter-xq/arbiter/rules/site"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// newRegistry registers the rulesets this binary offers, explicitly.
func newRegistry() *arbiter.Registry {
	var reg arbiter.Registry
	var all []arbiter.Ruleset
	all = append(all, xqrules.New(chinese.New()), xqrules.New(asian.New()))
	for _, g := range chu.All() {
		all = append(all, g)
	}
	for _, g := range banqi.All() {
		all = append(all, g)
	}
	for _, g := range site.All() {
		all = append(all, g)
	}
	for _, rs := range all {
		if err := reg.Register(rs); err != nil {
			panic(err) // two rulesets with one id: a programming error
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
