package banqi

// Reason says why a game ended (§5).
type Reason string

// Reasons, in the spellings of §5.
const (
	ReasonNone            Reason = ""
	ReasonElimination     Reason = "elimination"      // the side to move has no piece left
	ReasonNoLegalAction   Reason = "no_legal_action"  // the side to move cannot act
	ReasonPerpetualAttack Reason = "perpetual_attack" // §6.3: the perpetual attacker did not change
	ReasonLongChase       Reason = "long_chase"       // §6.6 under on_violation=lose
	ReasonRepetitionDraw  Reason = "repetition_draw"  // §6.3, §6.4
	ReasonNoProgressDraw  Reason = "no_progress_draw" // §6.5
)
