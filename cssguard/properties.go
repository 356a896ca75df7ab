package cssguard

import "github.com/remixlet/remixlet/internal/wordset"

// Two short lists of properties, each checked against headless Chromium
// (docs/stylesheet-guard.md records how). A property missing from either
// list is treated the strict way, so a gap here over-blocks and never lets
// a load through.

// paintOnly are the properties a rule that tests an element's value may
// set in a sheet that loads something. They change only how a box is
// painted: never whether it is laid out or rendered, its size, its font,
// its generated content, its animations, a custom property or what the
// pointer is over, and none can hold an address, so they cannot decide
// whether, or which, load another rule makes. Everything else can: display: none stops a
// background image loading, width answers a container query, font-family
// picks a @font-face, text-emphasis-style draws a character a @font-face
// with unicode-range is fetched for, content replaces another rule's
// url(), a custom property feeds var(), style() and if(), and fill,
// stroke, filter or mask can override another rule's url(). Each entry is
// witnessed by TestChromiumPaintOnlyProperties (cssguard/chromium_test.go),
// which fails for an entry without a witness value.
var paintOnly = wordset.Of(
	// Colours and shadows. Not opacity: below 1 it makes a stacking
	// context, which can lift a descendant with a negative z-index above
	// the element's background and under the pointer, and so start its
	// :hover load (witnessed).
	"color background-color box-shadow -webkit-box-shadow " +
		"text-shadow border-color border-top-color border-right-color " +
		"border-bottom-color border-left-color border-block-color " +
		"border-block-start-color border-block-end-color border-inline-color " +
		"border-inline-start-color border-inline-end-color outline-color " +
		"text-decoration-color text-emphasis-color -webkit-text-emphasis-color " +
		"caret-color accent-color column-rule-color -webkit-column-rule-color " +
		"-webkit-text-fill-color -webkit-text-stroke-color -webkit-tap-highlight-color " +
		// Outlines: drawn outside the border box, taking no room.
		"outline outline-style outline-width outline-offset " +
		// Text decoration lines and strokes: drawn over laid-out text.
		"text-decoration text-decoration-line text-decoration-style " +
		"text-decoration-thickness text-decoration-skip-ink text-underline-offset " +
		"text-underline-position -webkit-text-stroke -webkit-text-stroke-width " +
		// Column rules: drawn in the gap, which they do not widen.
		"column-rule column-rule-style column-rule-width -webkit-column-rule " +
		"-webkit-column-rule-style -webkit-column-rule-width " +
		// How a background image is painted (never whether it is fetched).
		"background-position background-position-x background-position-y " +
		"background-size background-repeat background-clip background-origin " +
		"background-attachment background-blend-mode " +
		// SVG paint: colours, opacities, the order of fill and stroke.
		"fill-opacity stroke-opacity stop-color stop-opacity flood-color " +
		"flood-opacity lighting-color paint-order " +
		// Scroll bars' colours, image scaling, printing.
		"scrollbar-color image-rendering print-color-adjust -webkit-print-color-adjust ")

// localReference are the properties in which a fragment-only url(#id)
// names an element of the page and fetches nothing (SVG filters, clip
// paths, masks, markers, paint servers, motion paths), plus IE's behavior,
// which Chrome does not know and drops. In every other property, Chrome
// resolves url(#id) against the page's base address and requests it, like
// any relative address.
var localReference = wordset.Of("filter backdrop-filter clip-path mask mask-image -webkit-mask -webkit-mask-image marker " +
	"marker-start marker-mid marker-end fill stroke offset-path behavior -ms-behavior ")
