package main

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
)

// newRegistry registers the rulesets this binary offers, explicitly.
func newRegistry() *arbiter.Registry {
	var reg arbiter.Registry
	for _, rs := range []arbiter.Ruleset{chinese.New(), asian.New()} {
		if err := reg.Register(rs); err != nil {
			panic(err) // two rulesets with one id: a programming error
		}
	}
	return &reg
}
