# Pattern families scaled until RE2 refuses them, to find where the estimate and RE2 part.
import itertools
T = [
 lambda k: r"https?://(www\.)?ex" + "a"*k + r"mple\.com/.*",
 lambda k: r"^https://[a-z0-9-]+\.example\.com/" + r"(a|b)"*k,
 lambda k: r"[a-z]{%d}" % k,
 lambda k: r"^https?://([^/]+\.)?site\.com/path" + r"/[0-9]+"*k,
 lambda k: r"(foo|bar|baz)"*k,
 lambda k: r"\d+"*k,
 lambda k: r"\w"*k,
 lambda k: r"\bword\b"*k,
 lambda k: r".*x"*k,
 lambda k: "(" + "|".join("w%dx%d" % (i, i*7) for i in range(k)) + ")",
 lambda k: r"[^/]+/"*k,
 lambda k: r"x{%d}" % k,
 lambda k: r"(ab){2,%d}" % (k+2),
 lambda k: r"^https://example\.com/(\w+)/(\d+)" + r"/(\w+)"*k,
 lambda k: r"^(https?)://(www\.)?(" + "|".join("site%d" % i for i in range(k)) + r")\.com/(.*)$",
 lambda k: r"[A-Za-z0-9_]+\.(png|jpe?g|gif|webp)" * k,
 lambda k: r"\.(?:" + "|".join(["js","css","png","gif","svg","woff2","ttf","mp4","webm","json","xml","txt","html","php","asp"][:min(k,15)]) + r")$" + "z"*max(0,k-15),
 lambda k: r"^[a-z]+://[^/]*ads?[^/]*/" + r"[-_a-z]*"*k,
 lambda k: r"(?:a*)*" + "b"*k,
 lambda k: r"(a?)*" * k,
 lambda k: r"[\x00-\x1f]" * k,
 lambda k: r"[^a-zA-Z0-9]" * k,
 lambda k: r"(?i)[a-z]\s" * k,
 lambda k: r"\S+\s*" * k,
 lambda k: r"^$" + "a"*k,
 lambda k: r"(?s).*abc" * k,
 lambda k: r"[[:alpha:]][[:digit:]]" * k,
 lambda k: r"\pL" * k,
 lambda k: r"^" + "a"*k + "(b|c)" + "d"*k,
 lambda k: r"ab|cd" + "|ef"*k,
 lambda k: r"\Qa.b\E" * k,
]
for t in T:
    for k in range(1, 70):
        p = t(k)
        for f in ["-", "s", "c", "sc"]:
            print(f + "\t" + p)
