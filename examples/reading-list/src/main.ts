// A Save button on every article; the list lives on api.example.com, with a
// copy in storage for when the request fails.
import settings from "./settings.json";
import { loadSaved, save } from "./list";
import { saveButton } from "./button";

const saved = new Set(await loadSaved());

rmx.keep({
  name: "every article has a Save button",
  async check() {
    const bare = await dom.queryAll(`${settings.article}:not(:has(.${settings.buttonClass}))`);
    return bare.length === 0;
  },
  async repair() {
    for (const article of await dom.queryAll(`${settings.article}:not(:has(.${settings.buttonClass}))`)) {
      const url = (await article.getAttribute("data-url")) ?? "";
      const button = await saveButton(saved.has(url));
      await button.on("click", async () => {
        saved.add(url);
        await save([...saved]);
        await button.setText("Saved");
      });
      await article.append(button);
    }
  },
});

await rmx.menu.add("Open my reading list", () => rmx.log(`${saved.size} saved articles`));
