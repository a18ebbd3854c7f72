"""How a game looks: the snapshot every front end draws (:mod:`.snapshot`), the static picture
(:mod:`.html`), the card art (:mod:`.card_art`), the colours (:mod:`.palette`) and the table as
text (:mod:`.text`). Standard library only, like the rest of the engine; the rules stay outside."""
