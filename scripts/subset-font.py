#!/usr/bin/env python3
"""Makes assets/fonts/paiju-cards.otf: the glyphs the card renderer draws,
cut out of Noto Sans CJK SC Bold (SIL Open Font License 1.1).

A whole CJK font is about 20 MB; the renderer needs a few dozen glyphs
(ranks, suits, 大王/小王, Paohuzi's 一…十 and 壹…拾), listed in
assets/fonts/glyphs.txt. Run again after changing that list:

    pip install fonttools          # from PyPI
    apt-get install fonts-noto-cjk # Debian: the source font
    python3 scripts/subset-font.py [path/to/NotoSansCJK-Bold.ttc]

The output is deterministic for a given source font and fontTools version.
"""

import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
# Face 2 of the collection is the Simplified Chinese one (SC), whose glyph
# shapes are the ones Chinese card apps show.
FACE = 2
FAMILY = "Paiju Cards"


def wanted() -> str:
    text = (ROOT / "assets/fonts/glyphs.txt").read_text(encoding="utf-8")
    chars = []
    for line in text.splitlines():
        if line.startswith("#") and len(line) > 1 and line[1] == " ":
            continue
        chars.extend(c for c in line if not c.isspace())
    return "".join(sorted(set(chars)))


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    font = TTCollection(source).fonts[FACE]
    chars = wanted()
    cmap = font.getBestCmap()
    missing = [c for c in chars if ord(c) not in cmap]
    if missing:
        sys.exit(f"the source font lacks {''.join(missing)!r}")
    options = subset.Options()
    options.layout_features = []  # no shaping: one glyph per character
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    # A modified OFL font must not keep a Reserved Font Name; name it ours.
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName("PaijuCards-Bold", 6, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName("PaijuCards-Bold-subset", 3, record.platformID, record.platEncID, record.langID)
    if "CFF " in font:
        font["CFF "].cff.fontNames = ["PaijuCards-Bold"]
    out = ROOT / "assets/fonts/paiju-cards.otf"
    font.save(str(out))
    print(f"{out}: {len(chars)} characters, {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
