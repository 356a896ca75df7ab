package store

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// checkPages must never call a file bbolt wrote damaged: random puts,
// deletes and bucket changes over many transactions, the kinds of change
// the store makes (small and large values, nested buckets, buckets that
// grow out of and shrink back into their parent's page), with the file
// checked after every commit.
func TestCheckPagesAcceptsWhatBboltWrites(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := 400
	if testing.Short() {
		rounds = 100
	}
	for round := range rounds {
		err := db.Update(func(tx *bolt.Tx) error {
			for range 1 + rng.IntN(20) {
				top, err := tx.CreateBucketIfNotExists(fmt.Appendf(nil, "top%d", rng.IntN(3)))
				if err != nil {
					return err
				}
				sub, err := top.CreateBucketIfNotExists(fmt.Appendf(nil, "sub%03d", rng.IntN(40)))
				if err != nil {
					return err
				}
				switch op := rng.IntN(10); {
				case op < 5:
					value := make([]byte, []int{10, 300, 2000, 9000}[rng.IntN(4)])
					if err := sub.Put(fmt.Appendf(nil, "k%04d", rng.IntN(200)), value); err != nil {
						return err
					}
				case op < 8:
					if err := sub.Delete(fmt.Appendf(nil, "k%04d", rng.IntN(200))); err != nil {
						return err
					}
				default:
					if err := top.DeleteBucket(fmt.Appendf(nil, "sub%03d", rng.IntN(40))); err != nil && err.Error() != "bucket not found" {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := checkPages(data); err != nil {
			t.Fatalf("round %d: a file bbolt wrote is called damaged: %v", round, err)
		}
	}
}
