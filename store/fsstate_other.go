//go:build !linux

package store

// fsState knows nothing more than the error said on other systems.
func fsState(string) fsCondition { return fsUnknown }
