package store

import (
	"bytes"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
)

// FuzzDecodeApproval: any bytes under any key decode to a checked record
// or an error, never a panic; a record that decodes encodes back to
// bytes that decode to the same record.
func FuzzDecodeApproval(f *testing.F) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	key := Key("0123456789abcdef0123456789abcdef")
	good := &Approval{Key: key, Remixlet: "hide", Digest: "h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", Permissions: []string{"storage", "fetch:api.example.com"},
		Running: 2, RunningDigest: "h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", IssuedAt: now, ExpiresAt: now.Add(Lifetime)}
	data, _ := sealApproval(good)
	f.Add(key, data)
	good.Used = &Use{At: now, Version: 3}
	data, _ = sealApproval(good)
	f.Add(key, data)
	good.Used = &Use{At: now, Refusal: "approval/digest-mismatch"}
	data, _ = sealApproval(good)
	f.Add(key, data)
	f.Add(key, []byte(`{"key":1}`))
	f.Add("x", []byte(`{}`))
	f.Fuzz(func(t *testing.T, key string, data []byte) {
		a, err := decodeApproval(key, data)
		if err != nil {
			return
		}
		again, err := sealApproval(a)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, data) {
			t.Fatalf("a record that checks is not the canonical encoding of what it decodes to:\n%s\n%s", data, again)
		}
		b, err := decodeApproval(key, again)
		if err != nil {
			t.Fatalf("a decoded record does not decode again: %v\n%s", err, again)
		}
		if again2, _ := sealApproval(b); !bytes.Equal(again, again2) {
			t.Fatalf("round trip changed the record:\n%s\n%s", again, again2)
		}
	})
}

// FuzzDecodeVersion: a version record and the files beside it decode to a
// version whose files match its digest, or to an error.
func FuzzDecodeVersion(f *testing.F) {
	fs := []analysis.File{{Name: "manifest.json", Data: []byte(`{}`)}, {Name: "script.js", Data: []byte("x")}}
	v := &Version{Remixlet: "hide", Number: 2, Time: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), Approval: Key("t"), Files: fs, Prev: Key("v1")}
	v.Digest, _ = digest.Files(fs)
	record, _ := sealVersion(v)
	f.Add(record, []byte(`{}`), []byte("x"))
	v.Approval, v.RestoredFrom = "", 1
	record, _ = sealVersion(v)
	f.Add(record, []byte(`{}`), []byte("x"))
	f.Add([]byte(`{"remixlet":"hide","number":2}`), []byte(""), []byte(""))
	f.Fuzz(func(t *testing.T, record, manifest, script []byte) {
		files := []analysis.File{{Name: "manifest.json", Data: manifest}, {Name: "script.js", Data: script}}
		got, err := decodeVersion("hide", 2, record, files)
		if err != nil {
			return
		}
		if d, _ := digest.Files(got.Files); d != got.Digest {
			t.Fatalf("decoded a version whose files do not match its digest")
		}
	})
}
