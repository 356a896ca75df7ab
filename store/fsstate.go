package store

type fsCondition int

const (
	fsUnknown fsCondition = iota
	fsReadOnly
	fsFull
)
