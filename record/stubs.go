package record

func isCBF(d []byte) bool                       { return false }
func hasDhtmlXQ(d []byte) bool                  { return false }
func (r *reader) readCBF() ([]*Game, error)     { return nil, nil }
func (r *reader) readDhtmlXQ() ([]*Game, error) { return nil, nil }
func (r *reader) readPGN() ([]*Game, error)     { return nil, nil }
