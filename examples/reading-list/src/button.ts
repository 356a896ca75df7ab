import settings from "./settings.json";

/** A Save button, already pressed when the article is saved. */
export function saveButton(isSaved: boolean): Promise<dom.Handle> {
  return dom.create("button", { class: settings.buttonClass, type: "button" }, [isSaved ? "Saved" : "Save"]);
}
