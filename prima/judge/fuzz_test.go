package judge

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseAnswer holds the response validator to its promise: it never
// panics, and whatever it accepts is a distribution over the offered options.
func FuzzParseAnswer(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "replies", "*"))
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(body, uint8(3))
		f.Add(body, uint8(0))
	}
	f.Add([]byte(`{"answers":{"q":{"type":"choice","choice":"00","probabilities":{"0":1,"00":0}}}}`), uint8(1))
	f.Fuzz(func(t *testing.T, body []byte, n uint8) {
		options := int(n % 6)
		a, err := parseAnswer(body, options)
		if err != nil {
			if _, ok := err.(*MalformedError); !ok {
				t.Fatalf("error %T %v is not a MalformedError", err, err)
			}
			return
		}
		if options == 0 {
			if !unit(a.Yes) || a.Probabilities != nil {
				t.Fatalf("accepted yes/no answer %+v", a)
			}
			return
		}
		if len(a.Probabilities) != options || a.Choice < 0 || a.Choice >= options {
			t.Fatalf("accepted %+v for %d options", a, options)
		}
		sum := 0.0
		for _, p := range a.Probabilities {
			if !unit(p) {
				t.Fatalf("accepted probability %v", p)
			}
			sum += p
			if p > a.Probabilities[a.Choice] {
				t.Fatalf("accepted choice %d that is not the argmax of %v", a.Choice, a.Probabilities)
			}
		}
		if math.Abs(sum-1) > 0.02 {
			t.Fatalf("accepted probabilities summing to %v", sum)
		}
	})
}
