package pagepolicy

// The table. Every row is data with the reason it exists; the lookups in
// policy.go, the script lint, the WebAssembly policy calls, `remixlet
// explain` and docs/api.md all read these slices and nothing else.

// The kinds of element a remixlet may create: the seed's fixed list.
const (
	KindLayout      = "layout"
	KindText        = "text"
	KindFormControl = "form-control"
	KindImage       = "image"
	KindSimpleSVG   = "simple SVG"
)

// Namespaces, as the DOM names them.
const (
	HTMLNamespace   = "http://www.w3.org/1999/xhtml"
	SVGNamespace    = "http://www.w3.org/2000/svg"
	MathMLNamespace = "http://www.w3.org/1998/Math/MathML"
	XLinkNamespace  = "http://www.w3.org/1999/xlink"
	XMLNamespace    = "http://www.w3.org/XML/1998/namespace"
)

// ElementRow is one row of the allow list: elements of one kind, in one
// namespace, that a remixlet may create.
type ElementRow struct {
	Kind      string   `json:"kind"`
	Namespace string   `json:"namespace"`
	Tags      []string `json:"tags"`
	Reason    string   `json:"reason"`
}

// Allowed is the allow list. An element on no row is refused: dom.create
// refuses to make it, and HTML handed to the page loses it (and what is in
// it).
var Allowed = []ElementRow{
	{Kind: KindLayout, Namespace: HTMLNamespace,
		Tags:   []string{"address", "article", "aside", "blockquote", "br", "caption", "col", "colgroup", "dd", "details", "div", "dl", "dt", "figcaption", "figure", "footer", "header", "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"},
		Reason: "Boxes, lists and tables: they hold content and load nothing."},
	{Kind: KindText, Namespace: HTMLNamespace,
		Tags:   []string{"a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "h1", "h2", "h3", "h4", "h5", "h6", "i", "ins", "kbd", "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"},
		Reason: "Text and its markup; a link's href passes the address rule."},
	{Kind: KindFormControl, Namespace: HTMLNamespace,
		Tags:   []string{"button", "datalist", "fieldset", "input", "label", "legend", "meter", "optgroup", "option", "output", "progress", "select", "textarea"},
		Reason: "Controls a person uses; they submit nothing themselves (form and formaction are refused), and a click on one is checked against what it would activate."},
	{Kind: KindImage, Namespace: HTMLNamespace,
		Tags:   []string{"img"},
		Reason: "An image whose src passes the address rule."},
	{Kind: KindSimpleSVG, Namespace: SVGNamespace,
		Tags:   []string{"circle", "clipPath", "defs", "desc", "ellipse", "g", "line", "linearGradient", "path", "polygon", "polyline", "radialGradient", "rect", "stop", "svg", "text", "title", "tspan"},
		Reason: "Shapes, text and gradients drawn in place: none of them loads, links or animates."},
}

// RefusedElementRow names elements a remixlet may not create, with why.
// The allow list already refuses them; these rows give the reason a
// finding and the page agent's log line quote.
type RefusedElementRow struct {
	Namespace string   `json:"namespace"`
	Tags      []string `json:"tags,omitempty"`
	// Custom is set for the row that covers every name with a dash: a
	// custom element, which the page's code defines.
	Custom bool   `json:"custom,omitempty"`
	Reason string `json:"reason"`
}

// Refused lists the elements the seed names and those the issue found
// passing, each with the reason the page agent refuses it.
var Refused = []RefusedElementRow{
	{Namespace: HTMLNamespace, Tags: []string{"script"},
		Reason: "it loads or runs code outside the reviewed file"},
	{Namespace: HTMLNamespace, Tags: []string{"style", "link"},
		Reason: "it brings a stylesheet the stylesheet guard never read (link also loads from an address); put the rules in style.css or dom.addStyle"},
	{Namespace: HTMLNamespace, Tags: []string{"form"},
		Reason: "it submits what is typed to an address"},
	{Namespace: HTMLNamespace, Tags: []string{"frame", "frameset", "iframe", "portal", "fencedframe", "object", "embed", "applet"},
		Reason: "it loads and runs another document or plug-in"},
	{Namespace: HTMLNamespace, Tags: []string{"video", "audio", "source", "track", "picture"},
		Reason: "it loads media from an address the address rule does not check"},
	{Namespace: HTMLNamespace, Tags: []string{"meta", "base"},
		Reason: "it changes how the page behaves or where every relative address on it resolves"},
	{Namespace: HTMLNamespace, Tags: []string{"template", "noscript", "slot"},
		Reason: "its content is inert markup that code can later turn into elements the check never saw"},
	{Namespace: HTMLNamespace, Custom: true,
		Reason: "a custom element runs the page's own code when it is created"},
	{Namespace: SVGNamespace, Tags: []string{"set", "animate", "animateMotion", "animateTransform", "animateColor", "discard", "mpath"},
		Reason: "an SVG animation changes attributes after the check, href and on* handlers among them"},
	{Namespace: SVGNamespace, Tags: []string{"a", "use", "image", "feImage", "foreignObject", "script", "style"},
		Reason: "it loads, links to or runs something an SVG drawing does not need"},
}

// Attribute verdicts.
const (
	// Refuse: setAttribute and dom.create refuse the call; HTML loses the
	// attribute.
	Refuse = "refuse"
	// CheckAddress: the value must pass the page agent's address rule
	// (JudgeAddress); the element gets the resolved address.
	CheckAddress = "check-address"
	// CheckFragment: a url() in the value may only name a fragment of the
	// same document (url(#id)).
	CheckFragment = "check-fragment"
)

// AttributeRow is one attribute rule. Names are lower case (an SVG
// attribute is matched whatever its case; a namespaced one by its usual
// prefix, xlink:href); Prefix matches every name that starts with Name.
// Namespace, when set, limits the row to elements of that namespace, and
// Tags to those elements.
type AttributeRow struct {
	Name      string   `json:"name"`
	Prefix    bool     `json:"prefix,omitempty"`
	Namespace string   `json:"namespace,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	Verdict   string   `json:"verdict"`
	// Address is set when the value is an address (or a list of them).
	Address bool `json:"address,omitempty"`
	// Property is set when assigning the DOM property of the same name
	// loads the address too (img.src = …), so code that assigns one is
	// judged by the address rule.
	Property bool   `json:"property,omitempty"`
	Reason   string `json:"reason"`
}

// Attributes are the attributes that load or run something. The first row
// that matches decides; an attribute on no row is allowed.
var Attributes = []AttributeRow{
	{Name: "on", Prefix: true, Verdict: Refuse,
		Reason: "an event handler runs code: listen for the event through dom instead"},
	{Name: "href", Namespace: HTMLNamespace, Tags: []string{"a"}, Verdict: CheckAddress, Address: true, Property: true,
		Reason: "a link's address must pass the address rule"},
	{Name: "src", Namespace: HTMLNamespace, Tags: []string{"img"}, Verdict: CheckAddress, Address: true, Property: true,
		Reason: "an image's address must pass the address rule (a data: image too)"},
	{Name: "href", Namespace: HTMLNamespace, Tags: []string{"area", "link", "base"}, Verdict: Refuse, Address: true, Property: true,
		Reason: "it navigates, loads a stylesheet or changes where every relative address resolves; only href on an a element is checked and allowed"},
	{Name: "href", Namespace: SVGNamespace, Verdict: Refuse, Address: true, Property: true,
		Reason: "in SVG it loads or links (use, image, a, feImage); only href on an HTML a element is checked and allowed"},
	{Name: "src", Verdict: Refuse, Address: true, Property: true,
		Reason: "outside an image it loads or runs something (script, iframe, input, media); only src on an img is checked and allowed"},
	{Name: "xlink:href", Verdict: Refuse, Address: true, Property: true,
		Reason: "an SVG link or load; the address rule checks only href on an a and src on an img"},
	{Name: "srcset", Verdict: Refuse, Address: true, Property: true,
		Reason: "it makes the browser choose among addresses the page agent does not check one by one: give the img one src"},
	{Name: "srcdoc", Verdict: Refuse,
		Reason: "it is a whole document that runs: build the content with dom.create"},
	{Name: "style", Verdict: Refuse,
		Reason: "an inline style is CSS the stylesheet guard never read: put the rules in style.css or dom.addStyle and add a class"},
	{Name: "action", Verdict: Refuse, Address: true, Property: true,
		Reason: "it sends a form somewhere: read the values through dom and send them with rmx.fetch if you must"},
	{Name: "formaction", Verdict: Refuse, Address: true, Property: true,
		Reason: "it sends a form somewhere when the button is clicked"},
	{Name: "ping", Verdict: Refuse, Address: true,
		Reason: "a click on the link sends a request to each address it lists"},
	{Name: "attributionsrc", Verdict: Refuse, Address: true,
		Reason: "the browser sends a request to its address"},
	{Name: "background", Verdict: Refuse, Address: true,
		Reason: "the element loads it as a background image"},
	{Name: "poster", Verdict: Refuse, Address: true, Property: true,
		Reason: "a video loads it as an image"},
	{Name: "lowsrc", Verdict: Refuse, Address: true,
		Reason: "an image address some browsers load first"},
	{Name: "dynsrc", Verdict: Refuse, Address: true,
		Reason: "a video address some browsers load into an image"},
	{Name: "longdesc", Verdict: Refuse, Address: true,
		Reason: "an address a reader or a tool follows without the address rule"},
	{Name: "cite", Verdict: Refuse, Address: true,
		Reason: "an address a reader or a tool follows without the address rule"},
	{Name: "data", Verdict: Refuse, Address: true, Property: true,
		Reason: "an object loads and runs it"},
	{Name: "codebase", Verdict: Refuse, Address: true,
		Reason: "it changes where an object's or applet's code is loaded from"},
	{Name: "classid", Verdict: Refuse,
		Reason: "it names code an object runs"},
	{Name: "archive", Verdict: Refuse, Address: true,
		Reason: "it names code an object or applet loads"},
	{Name: "manifest", Verdict: Refuse, Address: true,
		Reason: "it makes the page load an application cache manifest"},
	{Name: "profile", Verdict: Refuse, Address: true,
		Reason: "an address a document's head names for tools to load"},
	{Name: "imagesrcset", Verdict: Refuse, Address: true,
		Reason: "a set of addresses a link preloads"},
	{Name: "is", Verdict: Refuse,
		Reason: "it turns the element into a custom element, which runs the page's own code"},
	{Name: "xml:base", Verdict: Refuse, Address: true,
		Reason: "it changes where the relative addresses inside it resolve"},
	{Name: "attributename", Verdict: Refuse,
		Reason: "it retargets an SVG animation, which could then set href or an on* handler after the check"},
	{Name: "to", Namespace: SVGNamespace, Tags: animations, Verdict: Refuse,
		Reason: "the value an SVG animation writes into the attribute it targets"},
	{Name: "from", Namespace: SVGNamespace, Tags: animations, Verdict: Refuse,
		Reason: "the value an SVG animation writes into the attribute it targets"},
	{Name: "by", Namespace: SVGNamespace, Tags: animations, Verdict: Refuse,
		Reason: "the value an SVG animation writes into the attribute it targets"},
	{Name: "values", Namespace: SVGNamespace, Tags: animations, Verdict: Refuse,
		Reason: "the values an SVG animation writes into the attribute it targets"},
	{Name: "fill", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "stroke", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "filter", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "clip-path", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "mask", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "marker-start", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "marker-mid", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "marker-end", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
	{Name: "cursor", Namespace: SVGNamespace, Verdict: CheckFragment, Reason: svgURLReason},
}

var animations = []string{"set", "animate", "animateMotion", "animateTransform", "animateColor"}

const svgURLReason = "a url() in it loads the document it names unless it is a fragment of this one (url(#id))"

// PasswordRow is an attribute of a password field that cannot be changed
// or removed.
type PasswordRow struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// PasswordFixed are the attributes of a password field that setAttribute
// and removeAttribute refuse. A field counts as a password field when its
// type is password or its autocomplete names a current or new password
// (IsPasswordField).
var PasswordFixed = []PasswordRow{
	{Name: "type", Reason: "changing it turns the field into a plain text field that reads back its value"},
	{Name: "autocomplete", Reason: "removing current-password or new-password makes a field the site shows as text read like any other"},
	{Name: "pattern", Reason: "a pattern lets :valid and :invalid test the value a character at a time"},
	{Name: "minlength", Reason: "a length limit lets :valid and :invalid test the value's length"},
	{Name: "maxlength", Reason: "a length limit lets :valid and :invalid test the value's length"},
}

// SelectorRule is why a selector that tests an input's value is refused
// while the page has a password field.
const SelectorRule = "a selector that tests value ([value^=\"a\"]) reads a field a character at a time: the page agent refuses it while the page has a password field"
