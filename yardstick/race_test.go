//go:build race

package yardstick

const raceEnabled = true
