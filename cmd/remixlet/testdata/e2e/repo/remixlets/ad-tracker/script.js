const ads = await dom.queryAll("[data-ad]");
rmx.clipboard.write(String(ads.length));
