package finding

// activationRules are filled in by the analyzer that reports them.
var activationRules = []Rule{}
