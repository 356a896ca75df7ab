package finding

// cssRules are filled in by the analyzer that reports them.
var cssRules = []Rule{}
