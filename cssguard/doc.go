// Package cssguard reads a stylesheet as Chrome does and proves every load
// it can make.
//
// The extension inserts a remixlet's style.css into the page, so every
// address in it is a request the page makes. Check lists each load with
// its verdict under the address rule shared with the script lint
// (site.Reach.CheckLoad) and reports what is refused; Sanitize writes the
// sheet as Remixlet installs it for a remixlet saved before API 1.0.2;
// Analyzer runs Check in `remixlet lint`.
//
// # Two readings
//
// The primary reading is this package's own tokenizer, written to behave
// as Chrome's css_tokenizer.cc does: escapes decoded
// before url( is recognised, NUL as U+FFFD where Chrome consumes it and as
// nothing where Chrome only peeks, CR and FF as newlines with CRLF counted
// once, Chrome's bad-url and bad-string recovery, unicode-range tokens, and
// every non-ASCII code point as a name code point (Chrome, not the newer
// specification). It is checked against the public css-tokenizer-tests
// corpus (testdata/css-tokenizer-tests); the cases where Chrome differs
// from the newer specification are listed in corpus_test.go. Writing the
// tokenizer here, instead of patching around tdewolff/parse's lexer, was
// chosen because that lexer keeps raw bytes, recognises url( before
// decoding escapes and recovers from malformed input differently: every
// fix-up would be a second tokenizer in disguise.
//
// tdewolff's lexer stays as an independent second reading. Every load it
// sees where the primary reading saw none is checked too; if the address
// rule would refuse it, the sheet is refused as ambiguous
// (css/ambiguous-load): two readers disagreeing about a load is how loads
// are hidden, and the guard fails closed on it. The two readings touch
// disjoint state, so on large sheets they run in parallel; a sheet with no
// backslash, NUL or literal load name (url(, src(, image-set(, @import,
// @namespace) is not read twice, since the second reading could find
// nothing in it (FuzzSecondPrefilter checks that).
//
// In other sheets the second reading lexes only windows around the places
// that can hold a load, found by a byte-level scan that shares nothing
// with the primary tokenizer (nextWindow in second.go). The scan knows
// only what no CSS lexer can read otherwise: a comment runs from /* to the
// first */, a string from its quote to the same quote, and outside them
// every other token is made of its own bytes and cannot hide a quote, a
// comment opener or a load's name. A window opens at every url( src(
// image-set( @import @namespace written out outside comments and strings
// (any ASCII case), at every backslash or NUL outside them (an escaped
// name: tdewolff's lexer drops the backslashes of url( before comparing),
// and at anything the two readers may read in more than one way: a
// backslash, line break or NUL inside a string. It starts at the nearest
// semicolon, colon, comma, brace or white space before, with no comment,
// string, escape or url( in between, which is a token of its own in any
// reading (or at the end of that comment or string), and lexes the rest
// of the same input from there until the second reading's state is back
// at rest after a semicolon or brace.
//
// Soundness: between windows there is no token the second reading acts
// on, so its state stays at rest and it finds nothing there; each window
// starts where the whole lexing starts a token, in the same state, over
// the same bytes to the end, so it reads exactly what the whole lexing
// reads. The scan never interprets an escape or a broken string: whatever
// it is unsure of opens a window, which the lexer itself reads.
// TestSecondWindowsAgree and FuzzSecondWindows hold the windows to the
// whole second reading (the same loads, the same findings) on the corpora
// and on generated sheets made of escapes, comments, unterminated strings,
// @import spellings, image-set(), src(), CDO/CDC, NUL, BOM and every kind
// of line break, and check that every window starts on a token boundary
// of the whole lexing.
//
// # What counts as a load
//
// Every url token; url( with a string; src(); every string or url inside
// image-set() and -webkit-image-set() at any depth of functions (a var()
// fallback, a custom function's argument) except the MIME type in type();
// every string var() or a custom function carries into image-set() or
// src() (the custom properties and @function bodies it names, and the ones
// they use in turn); every @import and @namespace, in any case and with
// escaped names. Loads count wherever they appear, also in places Chrome's
// parser would drop (a url token in a selector): listing a load that never
// happens is safe, missing one is not. The one exception is a
// fragment-only url(#id) written directly in a declaration of filter,
// backdrop-filter, clip-path, mask, mask-image, -webkit-mask(-image),
// marker(-start, -mid, -end), fill, stroke, offset-path or IE's behavior:
// there Chrome resolves it to an element of the page, or drops the
// property, and requests nothing (the list is in properties.go).
//
// # Conditions
//
// A rule is read as prelude and block with Chrome's nesting of {} [] ()
// and functions; a statement ends at a semicolon at its own level or with
// its block. What a prelude tests is inherited by everything nested in its
// block (CSS nesting, @media, @scope and the rest), so a load is judged by
// every selector and at-rule around it.
//
//   - A rule whose prelude, or an enclosing one, has an attribute selector
//     naming value (any operator, case flag, namespace, escaped or upper-case
//     name, inside :has() :is() :where() :not() or @scope) and whose block
//     loads is refused (css/value-selector), whatever the host. So is such a
//     rule that uses var() of a custom property holding a load, directly or
//     through other custom properties.
//   - Across rules (css/value-influence): a value-testing rule loads
//     nothing itself, yet steers another rule's load by what it sets:
//     display: none stops a background image loading, a width answers a
//     container query, font-family picks a @font-face, content or fill
//     overrides another rule's url(), an animation starts one, a custom
//     property feeds var(), style() and if(), a stacking context (opacity)
//     changes what the pointer is over and so a :hover load. In a sheet
//     that loads anything, such a rule may set only the paint-only
//     properties of properties.go (colours, shadows, outlines, text
//     decoration, column rules, how a background is painted, SVG paint),
//     each witnessed in Chromium, and once any value is tested the sheet
//     may hold no style() or if() condition. A sheet that loads nothing may
//     test values freely: it has no request to carry what it learns.
//     @supports selector(…) only asks whether Chrome knows a selector, so
//     a value test inside it tests nothing.
//   - Warnings, for loads the address rule allows: an attribute selector
//     with a value test on another attribute (css/conditional-attribute);
//     user-state pseudo-classes :checked :focus :focus-within :focus-visible
//     :hover :active :valid :invalid :user-valid :user-invalid
//     :placeholder-shown :autofill :-webkit-autofill :indeterminate
//     :in-range :out-of-range :target :target-within
//     (css/conditional-state); a remote @font-face with unicode-range
//     (css/conditional-font); attr(), if() or style() in the same
//     declaration or in an enclosing prelude such as @container style()
//     (css/conditional-function).
//
// # Decisions where the issue is silent
//
//   - A fragment-only url(#id) is judged by what Chrome requests for it
//     (witnessed from a style element and from a linked sheet): nothing in
//     the properties listed above, so it is not a load there; the page's or
//     the sheet's own address in every other property (background-image,
//     cursor, content, list-style-image, border-image, shape-outside,
//     -webkit-mask-box-image), so it is refused as relative there, as it is
//     in a custom property, in image-set(), or written with a space before
//     the #.
//   - Script mode refuses every load and also the bare text url( anywhere,
//     in a string or comment too, as the page agent does; a legacy
//     manifest does not soften it.
//   - In Stylesheet mode without a manifest every load is refused.
//   - Nesting deeper than 256 blocks, brackets and functions is refused
//     (css/too-deep), which keeps every walk up the nesting bounded. All
//     other work is linear in the sheet's size.
//   - Sanitize leaves out the declaration holding an offending load, the
//     whole rule for css/value-selector and css/value-influence, the
//     declaration or at-rule holding a refused style() or if(), the at-rule
//     for @import and @namespace, and checks its output again until nothing is refused
//     (a removal can change how the rest reads); if that fails it returns an
//     error rather than a sheet that still loads what it may not.
package cssguard
