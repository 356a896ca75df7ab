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
/** Browser entry only: where to fetch remixlet.wasm from, before the first call. */
export function setWasmURL(url: string | URL): void;

declare const remixlet: {
  ready: typeof ready;
  lint: typeof lint;
  digest: typeof digest;
  decide: typeof decide;
  version: typeof version;
};
export default remixlet;
