package arbiter

import (
	"errors"
	"testing"
)

func TestParseRulesetID(t *testing.T) {
	for _, tc := range []struct {
		in, base string
		n        int
		bad      bool
	}{
		{"banqi-tw", "banqi-tw", 0, false},
		{"Banqi-TW + repetition=allowed", "banqi-tw", 1, false},
		{"banqi-tw+repetition=allowed+no_progress_plies=60", "banqi-tw", 2, false},
		{"banqi-tw+repetition", "banqi-tw", 0, true},
		{"banqi-tw+=x", "banqi-tw", 0, true},
		{"chinese", "chinese", 0, false},
	} {
		base, ovs, err := ParseRulesetID(tc.in)
		var oe *OptionError
		if tc.bad != errors.As(err, &oe) {
			t.Errorf("%q: err = %v, want bad=%v", tc.in, err, tc.bad)
			continue
		}
		if base != tc.base || (!tc.bad && len(ovs) != tc.n) {
			t.Errorf("%q: base %q, %d overrides; want %q, %d", tc.in, base, len(ovs), tc.base, tc.n)
		}
	}
}

func TestCanonicalRulesetID(t *testing.T) {
	got := CanonicalRulesetID("banqi-tw", []Override{{"z", "1"}, {"repetition", "forbidden"}, {"a", "2"}, {"z", "3"}},
		map[string]string{"repetition": "forbidden", "z": "0", "a": "0"})
	if want := "banqi-tw+a=2+z=3"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestApplyOverrides(t *testing.T) {
	table := []OptionInfo{{Name: "repetition", Value: "forbidden", Allowed: []string{"forbidden", "allowed", "off"}}, {Name: "no_progress_plies", Value: "0"}}
	v, err := ApplyOverrides("banqi-tw", table, []Override{{"repetition", "allowed"}, {"no_progress_plies", "60"}})
	if err != nil || v["repetition"] != "allowed" || v["no_progress_plies"] != "60" {
		t.Fatalf("got %v, %v", v, err)
	}
	var oe *OptionError
	if _, err := ApplyOverrides("banqi-tw", table, []Override{{"repetition", "sometimes"}}); !errors.As(err, &oe) {
		t.Errorf("bad value: err = %v", err)
	}
	if _, err := ApplyOverrides("banqi-tw", table, []Override{{"nope", "1"}}); !errors.As(err, &oe) {
		t.Errorf("bad name: err = %v", err)
	}
}

func TestRegistryLookupUnknown(t *testing.T) {
	var r Registry
	if _, err := r.Lookup("nope"); err == nil {
		t.Fatal("unknown id accepted")
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{2: "second", 3: "third", 10: "tenth", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
