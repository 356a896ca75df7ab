// Command estimate prints netrules' verdict for each "FLAGS\tPATTERN" line
// (FLAGS: s = case sensitive, c = capturing): ok or toolarge with the
// estimated RE2 instruction count, or error. bench/re2size/run compares it
// with RE2.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/remixlet/remixlet/netrules"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		flags, pat, _ := strings.Cut(sc.Text(), "\t")
		n, err := netrules.RegexInstructions(pat, strings.Contains(flags, "s"), strings.Contains(flags, "c"))
		switch {
		case err != nil:
			fmt.Println("error")
		case n > netrules.RegexBudget:
			fmt.Println("toolarge", n)
		default:
			fmt.Println("ok", n)
		}
	}
}
