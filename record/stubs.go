package record

func (r *reader) readPGN() ([]*Game, error) { return nil, nil }
