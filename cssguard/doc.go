// Package cssguard reads a stylesheet as Chrome does and proves every load it can make.
package cssguard
