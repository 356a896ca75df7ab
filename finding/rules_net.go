package finding

// netRules are filled in by the analyzer that reports them.
var netRules = []Rule{}
