package picture

// NeutralBoard is a board no game has yet, for the external tests.
var NeutralBoard = neutralBoard
