/** Hides every element that matches selector; returns how many it hid. */
export async function hideAll(selector: string): Promise<number> {
  const found: dom.Handle[] = await dom.queryAll(selector);
  for (const element of found) {
    await element.setAttribute("hidden", "");
  }
  return found.length;
}
