package record

const cbrMagic = "CCBridge Record\x00"
const cblMagic = "CCBridgeLibrary\x00"

func isCBF(d []byte) bool { return false }
func hasDhtmlXQ(d []byte) bool { return false }
func (r *reader) readCBR() ([]*Game, error) { return nil, nil }
func (r *reader) readCBL() ([]*Game, error) { return nil, nil }
func (r *reader) readCBF() ([]*Game, error) { return nil, nil }
func (r *reader) readDhtmlXQ() ([]*Game, error) { return nil, nil }
func (r *reader) readPGN() ([]*Game, error) { return nil, nil }
