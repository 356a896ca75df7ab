package finding

// scriptRules are filled in by the analyzer that reports them.
var scriptRules = []Rule{}
