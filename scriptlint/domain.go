package scriptlint

// The abstract domain. Every expression and binding of the module is given
// a set of kinds: what its value may be at run time, whatever path the
// program takes. The set is a bitset, so union is an or and the lattice is
// finite (a binding's value can only grow a few times before it is
// stable, which bounds the fixpoint in transfer.go).
//
// The kinds that are objects say what one member read can reach:
//
//   - kArray and kObject are arrays and other objects whose prototype chain
//     holds no function: a read with a key the analysis cannot decide
//     reaches at most an inherited built-in method or constructor (Object,
//     Array), and a second read from that is judged again (it is a value
//     of kAny).
//   - kOpen says that some member may hold anything (a function included):
//     what the script wrote into it, or what code the analysis does not
//     follow may have written. Without kOpen, every own member is data:
//     a primitive, or an array or object of data.
//   - kShadow says that an own member may shadow an inherited method (a
//     member the script wrote under a method's name or a key the analysis
//     cannot decide, or code it does not follow may have written one): the
//     methods of such an array are not the built-in ones.
//   - kFunc is a function, or an object whose prototype chain may hold one:
//     its constructor is Function (or one of its kin), one read away.
//   - kReach is a value a walk may have reached: the result of a read with
//     a key the analysis cannot decide on a value that may be a function, of
//     a constructor or __proto__ read, of a prototype walk, and what is
//     derived from one (reach.go). It may be Function or eval, or a built-in
//     prototype. It is not part of kAny: a value the analysis does not
//     model cannot be one, because a reached value is never let out of the
//     bindings, parameters and results reach.go follows (everywhere else it
//     is refused where it is used).
//   - kGlobal is the global object (globalThis, self, window) followed as a
//     value, as a reached value is (reach.go): into names, parameters and
//     results; a member read of what holds it names that global, and any
//     other use is refused (js/global-object). Like kReach it is not part
//     of kAny.
//
// Built-in prototypes are frozen for the analysis (js/intrinsic-write
// refuses every write to them, and every prototype set to a value that may
// be a function), so the methods strings and arrays inherit are the
// specification's.
type kinds uint16

const (
	kUndef kinds = 1 << iota
	kNull
	kBool
	kNum
	kBigInt
	kStr
	kSymbol
	kArray
	kObject
	kOpen
	kShadow
	kFunc
	kReach
	kGlobal

	kNumeric   = kNum | kBigInt
	kPrimitive = kUndef | kNull | kBool | kNum | kBigInt | kStr | kSymbol
	// kData is what a member of data may hold.
	kData = kPrimitive | kArray | kObject
	// kFalsy are the kinds that can be falsy (objects and functions never are).
	kFalsy = kPrimitive
	kAny   = kData | kOpen | kShadow | kFunc
)

// only reports whether every kind in k is one of allowed (an empty set,
// code that never produces a value, is trivially so).
func (k kinds) only(allowed kinds) bool { return k&^allowed == 0 }

// may reports whether some kind in k is one of these.
func (k kinds) may(these kinds) bool { return k&these != 0 }

// isData: primitives, and arrays and objects of data.
func (k kinds) isData() bool { return k.only(kData) }

var kindNames = []string{"undefined", "null", "boolean", "number", "bigint", "string", "symbol", "array", "object", "open", "shadow", "function", "reached", "global"}

// String lists the kinds, for messages and tests.
func (k kinds) String() string {
	if k == kAny {
		return "anything"
	}
	if k == kAny|kReach {
		return "anything|reached"
	}
	var out []byte
	for i, n := range kindNames {
		if k&(1<<i) != 0 {
			if len(out) > 0 {
				out = append(out, '|')
			}
			out = append(out, n...)
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	return string(out)
}
