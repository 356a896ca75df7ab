//go:build !unix

package store

import (
	"errors"
	"os"
	"time"
)

var errUnsupported = errors.New("the version store needs a Unix system's file locks")

func lockFile(*os.File, bool, time.Duration) error { return errUnsupported }
func unlockFile(*os.File)                          {}
func dupFile(*os.File) (*os.File, error)           { return nil, errUnsupported }
func syncDir(string) error                         { return nil }

const openNoFollow = 0

func mapFile(*os.File, int64) ([]byte, error) { return nil, errUnsupported }
func unmapFile([]byte)                        {}
