const API = "https://api.example.com/reading-list";
const KEY = "saved";

/** The saved addresses: from the account, else the copy in storage. */
export async function loadSaved(): Promise<string[]> {
  try {
    const response = await rmx.fetch(API);
    if (response.ok) {
      return (await response.json()) as string[];
    }
  } catch (e) {
    rmx.log("reading list unavailable:", String(e));
  }
  return ((await rmx.storage.get(KEY)) as string[] | undefined) ?? [];
}

/** Stores the list in the account and in storage. */
export async function save(urls: string[]): Promise<void> {
  await rmx.storage.set(KEY, urls);
  await rmx.fetch(API, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(urls) });
}
