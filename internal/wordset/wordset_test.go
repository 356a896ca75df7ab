package wordset

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOf(t *testing.T) {
	got := Of(" a  b\n\tc a ")
	want := map[string]bool{"a": true, "b": true, "c": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Of (-want +got):\n%s", diff)
	}
	if len(Of("")) != 0 {
		t.Error("Of of nothing is not empty")
	}
}
