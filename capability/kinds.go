package capability

import "github.com/remixlet/remixlet/sandboxapi"

// Kind is one kind of capability. Its id is stable (the JSON outputs carry
// it); its words are the toolchain's own.
type Kind string

// The kinds, in the order a summary lists them: what leaves the page
// first, then what the code reads, then what it does to the page, then
// the services, the stylesheet and the network rules.
const (
	SendsPageData     Kind = "sends-page-data"
	SendsRequests     Kind = "sends-requests"
	ObservesResponses Kind = "observes-responses"
	SetsImages        Kind = "sets-image-addresses"
	SetsLinks         Kind = "sets-link-addresses"
	OpensTabs         Kind = "opens-tabs"
	WritesClipboard   Kind = "writes-clipboard"
	Notifies          Kind = "notifies"
	ReadsText         Kind = "reads-text"
	ReadsAttributes   Kind = "reads-attributes"
	ReadsInput        Kind = "reads-input"
	ReadsSelection    Kind = "reads-selection"
	ListensToEvents   Kind = "listens-to-events"
	WritesText        Kind = "writes-text"
	WritesHTML        Kind = "writes-html"
	CreatesElements   Kind = "creates-elements"
	Clicks            Kind = "clicks"
	Types             Kind = "types"
	ChangesElements   Kind = "changes-elements"
	AddsStyles        Kind = "adds-styles"
	KeepsData         Kind = "keeps-data"
	AddsMenuCommands  Kind = "adds-menu-commands"
	SchedulesMessages Kind = "schedules-messages"
	AnyService        Kind = "any-service"
	ScriptUnread      Kind = "script-unread"
	StylesheetLoads   Kind = "stylesheet-loads"
	NetworkRule       Kind = "network-rule"
	// None is a member that reaches nothing a person decides on: finding
	// elements, keeping a condition, the log, the API's own values.
	None Kind = "none"
)

// kinds lists every kind but None in summary order, each with its words:
// a verb phrase in the third person ("sends requests … to"), completed by
// a host or address where the kind has one.
var kinds = []struct {
	kind  Kind
	words string
}{
	{SendsPageData, "sends"},
	{SendsRequests, "sends requests, signed in as you, to"},
	{ObservesResponses, "reads the responses the page receives from"},
	{SetsImages, "sets image addresses on"},
	{SetsLinks, "sets link addresses on"},
	{OpensTabs, "opens a tab on one of its own pages later"},
	{WritesClipboard, "writes to the clipboard"},
	{Notifies, "shows notifications"},
	{ReadsText, "reads text and HTML on the page"},
	{ReadsAttributes, "reads attribute values on the page"},
	{ReadsInput, "reads the values of form fields"},
	{ReadsSelection, "reads the text you select"},
	{ListensToEvents, "listens to events on the page, such as clicks and keys typed outside password fields"},
	{WritesText, "writes text into the page"},
	{WritesHTML, "writes HTML into the page, cleaned by the page agent"},
	{CreatesElements, "creates elements"},
	{Clicks, "clicks elements"},
	{Types, "types into form fields"},
	{ChangesElements, "moves, removes or restyles elements, or changes their attributes"},
	{AddsStyles, "adds its own styles to the page"},
	{KeepsData, "keeps data in the extension"},
	{AddsMenuCommands, "adds commands to its menu"},
	{SchedulesMessages, "schedules messages for its later page loads"},
	{AnyService, "hands rmx to code the check cannot follow, so it may use any service its permissions allow"},
	{ScriptUnread, "runs code the check could not read: fix script.js's findings first"},
	{StylesheetLoads, "loads images and fonts for its stylesheet from"},
	{NetworkRule, "network rule"},
}

// byMember classifies every member of sandboxapi. A test fails when the
// API gains a member this table does not classify. setAttribute changes
// elements; the image and link addresses it (and dom.create, and HTML)
// sets are read from the arguments.
var byMember = map[string]Kind{
	"dom":              None,
	"dom.query":        None,
	"dom.queryAll":     None,
	"dom.waitFor":      None,
	"dom.closest":      None,
	"dom.matches":      None,
	"dom.create":       CreatesElements,
	"dom.html":         WritesHTML,
	"dom.addStyle":     AddsStyles,
	"dom.on":           ListensToEvents,
	"dom.observe":      None,
	"dom.selection":    ReadsSelection,
	"dom.mark":         None,
	"dom.marked":       None,
	"dom.Handle#text":  ReadsText,
	"dom.Handle#html":  ReadsText,
	"dom.Handle#value": ReadsInput,

	"dom.Handle#getAttribute": ReadsAttributes,
	"dom.Handle#setText":      WritesText,
	"dom.Handle#append":       WritesText,
	"dom.Handle#prepend":      WritesText,
	"dom.Handle#before":       WritesText,
	"dom.Handle#after":        WritesText,
	"dom.Handle#replaceWith":  WritesText,
	"dom.Handle#setHTML":      WritesHTML,
	"dom.Handle#insertHTML":   WritesHTML,
	"dom.Handle#appendHTML":   WritesHTML,
	"dom.Handle#prependHTML":  WritesHTML,
	"dom.Handle#clone":        CreatesElements,
	"dom.Handle#click":        Clicks,
	"dom.Handle#setValue":     Types,

	"dom.Handle#setAttribute":    ChangesElements,
	"dom.Handle#setAttributeNS":  ChangesElements,
	"dom.Handle#removeAttribute": ChangesElements,
	"dom.Handle#addClass":        ChangesElements,
	"dom.Handle#removeClass":     ChangesElements,
	"dom.Handle#remove":          ChangesElements,
	"dom.Handle#scrollIntoView":  ChangesElements,
	"dom.Handle#focus":           ChangesElements,
	"dom.Handle#hasClass":        None,
	"dom.Handle#parent":          None,
	"dom.Handle#children":        None,
	"dom.Handle#tag":             None,
	"dom.Handle#isConnected":     None,
	"dom.Handle#on":              ListensToEvents,
	"dom.Handle#rect":            None,
	"dom.Sheet#replace":          AddsStyles,
	"dom.Sheet#remove":           AddsStyles,

	"rmx":                   None,
	"rmx.keep":              None,
	"rmx.log":               None,
	"rmx.version":           None,
	"rmx.storage":           KeepsData,
	"rmx.storage.get":       KeepsData,
	"rmx.storage.set":       KeepsData,
	"rmx.storage.remove":    KeepsData,
	"rmx.storage.keys":      KeepsData,
	"rmx.clipboard":         WritesClipboard,
	"rmx.clipboard.write":   WritesClipboard,
	"rmx.notify":            Notifies,
	"rmx.menu":              AddsMenuCommands,
	"rmx.menu.add":          AddsMenuCommands,
	"rmx.menu.remove":       AddsMenuCommands,
	"rmx.schedule":          SchedulesMessages,
	"rmx.schedule.notify":   Notifies,
	"rmx.schedule.openTab":  OpensTabs,
	"rmx.schedule.message":  SchedulesMessages,
	"rmx.schedule.messages": SchedulesMessages,
	"rmx.schedule.cancel":   SchedulesMessages,
	"rmx.schedule.list":     SchedulesMessages,
	"rmx.fetch":             SendsRequests,
	"rmx.network":           ObservesResponses,
	"rmx.network.observe":   ObservesResponses,
	"rmx.Subscription#off":  None,
}

// Of returns the kind of a sandboxapi member ("rmx.fetch"), and false for
// a path the API does not have.
func Of(member string) (Kind, bool) {
	if _, ok := sandboxapi.Lookup(member); !ok {
		return "", false
	}
	k, ok := byMember[member]
	return k, ok
}

// Words is the kind's fixed phrase.
func (k Kind) Words() string {
	for _, e := range kinds {
		if e.kind == k {
			return e.words
		}
	}
	return ""
}

func (k Kind) order() int {
	for i, e := range kinds {
		if e.kind == k {
			return i
		}
	}
	return len(kinds)
}
