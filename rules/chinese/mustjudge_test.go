package chinese

import "github.com/arbiter-xq/arbiter/rules/xqrules"

// mustJudge unwraps a JudgeCycle result in tests that judge with a context that never
// ends, where an error is a bug.
func mustJudge(j xqrules.Judgement, err error) xqrules.Judgement {
	if err != nil {
		panic("JudgeCycle: " + err.Error())
	}
	return j
}
