/** A remixlet held in memory: stored-form file name → text or bytes. */
export type Files = Record<string, string | Uint8Array> | Map<string, string | Uint8Array>;

/** A finding behind a refusal, as the json lint output writes it. */
export interface Finding {
  rule: string;
  severity: "error" | "warning";
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** A call that did not produce its output: exitCode 1 refused, 2 could not run. */
export class RemixletError extends Error {
  exitCode: 1 | 2;
  findings: Finding[];
}

export interface LintOptions {
  /** The label the output gives the remixlet, as the folder argument does on the command line. Default ".". */
  dir?: string;
  /** text, json, sarif, github or agent. Default json. */
  format?: "text" | "json" | "sarif" | "github" | "agent";
}

export interface DecideOptions {
  /** The address of the page the chat started on (--chat-site). */
  chatSite?: string;
  /** Permissions the person allowed in the chat (--allowed). */
  allowed?: string[];
  runningLabel?: string;
  newLabel?: string;
}

export interface CSSOptions {
  /** The name the output gives the sheet, as the path does on the command line. Default "style.css". */
  file?: string;
  /** The name the output gives the manifest. Default "manifest.json". */
  manifestFile?: string;
  /** CSS a script writes (dom.addStyle, an inline style): no url( at all. */
  script?: boolean;
  /** The sheet as installed for a remixlet saved before 1.0.2, in the output's "sanitized". */
  sanitize?: boolean;
}

export interface NetrulesOptions {
  /** The label the output gives the remixlet. Default ".". */
  dir?: string;
  /** The installing extension's id (32 letters a-p); required for a remixlet that runs on every site. */
  extensionId?: string;
}

/** The page an address or element is judged on. */
export interface Page {
  /** The page's address: its origin is the page's own. */
  url: string;
  /** document.baseURI, when it differs from url. */
  base?: string;
  /** Addresses the page already loads: one of them, exactly, may be reused. */
  loads?: string[];
}

export interface AddressOptions {
  page: Page;
  /** An image's src (a data: image may pass), not a link's href. */
  image?: boolean;
}

export interface Element {
  tag: string;
  /** The element's namespace URI; omitted, dom.create's rule (SVG for SVG-only names). */
  namespace?: string;
  attributes?: { name: string; value: string }[];
  /** The element is one of the page's password fields. */
  passwordField?: boolean;
}

/** Start the module now rather than on the first call. */
export function ready(): Promise<void>;
/** The output of `remixlet lint --format FORMAT DIR` for these files. */
export function lint(files: Files, options?: LintOptions): Promise<string>;
/** The h1: digest an approval binds to; rejects with a RemixletError for files the stored form refuses. */
export function digest(files: Files): Promise<string>;
/** The output of `remixlet diff --format json`; running is null for a new remixlet. */
export function decide(running: Files | null, next: Files, options?: DecideOptions): Promise<string>;
/** The output of `remixlet version --format json` for this build. */
export function version(): Promise<string>;
/** `remixlet css FILE --manifest MANIFEST [--script] [--sanitize OUT] --format json`; manifest null for none. */
export function css(sheet: string | Uint8Array, manifest: string | Uint8Array | null, options?: CSSOptions): Promise<string>;
/** `remixlet netrules --format json --extension-id ID DIR`: the installed rules and those left out, with why. */
export function netrules(files: Files, options?: NetrulesOptions): Promise<string>;
/** `remixlet explain RULE`. */
export function explain(rule: string): Promise<string>;
/** The page policy's table, as JSON text. */
export function policy(): Promise<string>;
/** The page agent's address rule on an href (or, with image, a src), as JSON text. */
export function address(address: string, manifest: string | Uint8Array, options: AddressOptions): Promise<string>;
/** What the page agent refuses, drops or strips of an element, and the resolved addresses, as JSON text. */
export function element(element: Element, manifest: string | Uint8Array, options: { page: Page }): Promise<string>;
/** The selector rule, as JSON text: refused when it tests a value while the page has a password field. */
export function selector(selector: string, options?: { passwordField?: boolean }): Promise<string>;
/** Browser entry only: where to fetch remixlet.wasm from, before the first call. */
export function setWasmURL(url: string | URL): void;

declare const remixlet: {
  ready: typeof ready;
  lint: typeof lint;
  digest: typeof digest;
  decide: typeof decide;
  version: typeof version;
  css: typeof css;
  netrules: typeof netrules;
  explain: typeof explain;
  policy: typeof policy;
  address: typeof address;
  element: typeof element;
  selector: typeof selector;
};
export default remixlet;
