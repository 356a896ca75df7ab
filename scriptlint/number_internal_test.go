package scriptlint

import (
	"math"
	"strconv"
	"testing"
)

// TestJSNumberSmallIntegers: the table of small integers gives the text
// formatting gives.
func TestJSNumberSmallIntegers(t *testing.T) {
	for i := -2; i < 300; i++ {
		for _, f := range []float64{float64(i), float64(i) + 0.5} {
			want := strconv.FormatFloat(f, 'f', -1, 64)
			if got := jsNumber(f); got != want {
				t.Errorf("jsNumber(%v) = %q, want %q", f, got, want)
			}
		}
	}
	if got := jsNumber(math.Copysign(0, -1)); got != "-0" {
		t.Errorf("jsNumber(-0) = %q, want the text formatting gives, -0", got)
	}
}
