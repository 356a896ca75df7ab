# regexFilter patterns of the kind blocking and redirect rules use, at growing sizes.
import random
random.seed(7)
words = ["ads","adserver","analytics","track","tracker","tracking","pixel","beacon","metrics","stats","collect","log","doubleclick","googletag","facebook","fbevents","hotjar","segment","mixpanel","amplitude","optimizely","criteo","taboola","outbrain","quantserve","scorecardresearch","adnxs","rubicon","pubmatic","openx"]
T = [
 lambda k: "(" + "|".join(words[:k]) + ")",
 lambda k: r"^https?://([a-z0-9-]+\.)*(" + "|".join(words[:k]) + r")\.(com|net)/",
 lambda k: "(" + "|".join("a"*i for i in range(1, k+1)) + ")x",
 lambda k: "|".join(words[:k]),
 lambda k: r"(?i)^https://(www\.)?example\.com/(" + "|".join(words[:k]) + ")/",
 lambda k: r"[?&](utm_[a-z]+|fbclid|gclid)=[^&]*" * k,
 lambda k: r"^https?://[^/]+/" + r"([a-z]+-)*" * k,
 lambda k: r"\.(gif|png)\?(" + "|".join(words[:k]) + ")=",
 lambda k: r"https?://(?:[^/]+\.)?(?:" + "|".join(w + r"\.com" for w in words[:k]) + ")/",
 lambda k: "".join(random.choice([r"[a-z]", r"\d", "x", r"[^/]", "(?:ab|cd)", "y?", "z*", "q+", r"\.", "(?:e|f|g)"]) for _ in range(k)),
 lambda k: "^" + "".join(random.choice([r"[a-z]", r"\d", "x", r"[^/]", "(?:ab|cd)", "y?", "z*", "q+", r"\.", "(?:e|f|g)"]) for _ in range(k)),
 lambda k: r"^https://own\.example\.com/(.*)" + r"(?:/(\d+))?" * k,
 lambda k: r"a{%d,%d}b{2,}c{0,%d}" % (k, k+3, k),
 lambda k: r"(?:[a-z]{2,3}\.){%d}" % k,
]
for t in T:
    for k in range(1, 31):
        p = t(k)
        for f in ["-", "s", "c", "sc"]:
            print(f + "\t" + p)
