package remixletbridge

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLiteralRanges(t *testing.T) {
	src := "let a = 'x' + `t${1}u${2}v` / 2; // c\nlet r = /re[/]x/g, d = a / 3; /* k */ `w`"
	lits, comments, complete := LiteralRanges(src)
	var got, gotComments []string
	for _, r := range lits {
		got = append(got, src[r.Loc.Start:r.End()])
	}
	for _, r := range comments {
		gotComments = append(gotComments, src[r.Loc.Start:r.End()])
	}
	want := []string{"'x'", "`t${", "}u${", "}v`", "`w`", "/re[/]x/g"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("literals (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"// c", "/* k */"}, gotComments); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
	if !complete {
		t.Error("a whole file read is not complete")
	}
	if _, _, complete := LiteralRanges("let s = 'unterminated"); complete {
		t.Error("an unterminated string reads as complete")
	}
}
