-- Each members scan marks every membership it sees (updated_at, which no index holds). A page left
-- half empty keeps the marked row's new version on its own page (a HOT update), so the mark writes
-- none of memberships' fifteen indexes (two of them trigram GIN) and a rescan costs a fraction of
-- a first scan; the page's previous versions are pruned on its next visit, so every rescan finds
-- room again. Applies to the pages written from now on.
ALTER TABLE "memberships" SET (fillfactor = 50);
