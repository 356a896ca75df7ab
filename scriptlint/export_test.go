package scriptlint

// SetDisabledDefences turns defences off for the ablation test; nil turns
// every defence back on.
func SetDisabledDefences(d map[Defence]bool) { disabledDefences = d }
