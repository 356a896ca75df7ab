package lazyre

import (
	"strings"
	"testing"
)

func TestCompiledOnFirstUse(t *testing.T) {
	r := New(`^a(b+)$`)
	if !r.MatchString("abb") || r.MatchString("ac") {
		t.Error("the expression does not match as compiled")
	}
	if got := r.FindStringSubmatch("abbb"); len(got) != 2 || got[1] != "bbb" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
	if first, again := r.Get(), r.Get(); first != again {
		t.Error("compiled more than once")
	}
}

func TestCheckFindsABadExpression(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatalf("before a bad expression: %v", err)
	}
	bad := New(`a(`)
	if err := Check(); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("Check() = %v, want the compile error of %q", err, bad.src)
	}
	all = all[:len(all)-1]
}
