package asian

import "github.com/arbiter-xq/arbiter/arbiter"

// mustJudge unwraps a JudgeCycle result in tests that judge with a context that never
// ends, where an error is a bug.
func mustJudge(j arbiter.Judgement, err error) arbiter.Judgement {
	if err != nil {
		panic("JudgeCycle: " + err.Error())
	}
	return j
}
