package record

func hasDhtmlXQ(d []byte) bool                  { return false }
func (r *reader) readDhtmlXQ() ([]*Game, error) { return nil, nil }
func (r *reader) readPGN() ([]*Game, error)     { return nil, nil }
