// Keep promoted posts hidden while the feed redraws itself.
import { PROMOTED, visible } from "./selectors";
import { hideAll } from "./hide";

rmx.keep({
  name: "promoted posts stay hidden",
  async check() {
    return (await dom.queryAll(visible(PROMOTED))).length === 0;
  },
  async repair() {
    const hidden = await hideAll(visible(PROMOTED));
    rmx.log(`hid ${hidden} promoted posts`);
  },
});
