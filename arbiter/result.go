package arbiter

// Result is the state of the game under a policy. The values match arbiter.v1.Result.
type Result uint8

// Results.
const (
	ResultUnspecified Result = iota
	ResultOngoing
	ResultRedWins
	ResultBlackWins
	ResultDraw
	ResultSenteWins // chu shogi
	ResultGoteWins  // chu shogi
)

// String names the result.
func (r Result) String() string {
	switch r {
	case ResultOngoing:
		return "ongoing"
	case ResultRedWins:
		return "red wins"
	case ResultBlackWins:
		return "black wins"
	case ResultDraw:
		return "draw"
	case ResultSenteWins:
		return "sente wins"
	case ResultGoteWins:
		return "gote wins"
	}
	return "unspecified"
}

// Termination says why a game ended.
type Termination uint8

// Terminations.
const (
	TerminationNone Termination = iota
	TerminationCheckmate
	TerminationStalemate
	TerminationPerpetualCheck
	TerminationPerpetualChase
	TerminationPerpetualMateThreat
	TerminationCombinedAttack // e.g. one check one chase, where forbidden
	TerminationRepetitionDraw
	TerminationNaturalMoveLimit
	TerminationRegulation // a repetition draw before the tournament's no-draw move
	// The other games' endings.
	TerminationElimination     // banqi: the side to move has no piece left
	TerminationNoLegalMove     // banqi "no legal action", chu shogi "no legal move": the side to move loses
	TerminationPerpetualAttack // banqi and chu shogi: the side that attacked throughout loses
	TerminationLongChase       // banqi route-revisit long chase (禁止長追)
	TerminationNoProgress      // banqi: N plies without a flip or capture, a draw
	TerminationRoyalCaptured   // chu shogi: the side has no royal piece left
	TerminationBareKing        // chu shogi: bare king
	TerminationKingAgainstKing // chu shogi: king against king, a draw
)

var terminationNames = [...]string{"none", "checkmate", "stalemate", "perpetual check", "perpetual chase",
	"perpetual mate threat", "combined attack", "repetition draw", "natural move limit", "repetition before the no-draw move",
	"elimination", "no legal move", "perpetual attack", "long chase", "no progress", "royal pieces captured",
	"bare king", "king against king"}

// String names the termination.
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "invalid"
}

// Status is what a move did to the game.
type Status uint8

// Statuses.
const (
	StatusOngoing   Status = iota + 1 // nothing to report
	StatusWarning                     // a repetition with a must-change ruling: the violator is warned
	StatusGameOver                    // the game ended with this move
	StatusForbidden                   // the move was refused (policy ViolationForbid) and not played
)

// String names the status.
func (s Status) String() string {
	switch s {
	case StatusOngoing:
		return "ongoing"
	case StatusWarning:
		return "warning"
	case StatusGameOver:
		return "game over"
	case StatusForbidden:
		return "forbidden"
	}
	return "unspecified"
}
